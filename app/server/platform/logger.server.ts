// Logs. In production (LOG_FORMAT=json, the default there) every line is one JSON object
// (pino) with the request's id, so a log store can follow one request through the app;
// elsewhere they stay the readable lines a developer wants. Nothing secret is logged: access
// lines redact tokens in URLs (access-log.server.ts), and no line carries a request's headers
// (which is why pino needs no redact paths here).
import { format } from "node:util";
import pino from "pino";
import { env } from "./env.server";
import { currentRequestId } from "./request-context.server";

const LOGGER_KEY = Symbol.for("easymove.logger");
const holder = globalThis as unknown as Record<symbol, pino.Logger | undefined>;

export const logger: pino.Logger = (holder[LOGGER_KEY] ??= pino({
  level: env.LOG_LEVEL,
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin: () => {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
}));

/**
 * Sends what the app writes with console.* to the JSON log, one object a call: the message as
 * `msg`, an Error as `err` (message and stack). Called once at start-up in JSON mode.
 */
export function routeConsoleToLogger() {
  const write =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const rest = args.filter((arg) => arg !== error);
      if (error) logger[level]({ err: error }, rest.length ? format(...rest) : error.message);
      else logger[level](format(...args));
    };
  console.log = write("info");
  console.info = write("info");
  console.warn = write("warn");
  console.error = write("error");
}
