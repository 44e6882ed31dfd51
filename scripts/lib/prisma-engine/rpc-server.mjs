// The JSON-RPC 2.0 side of the schema engine, as Prisma's CLI drives it: one JSON object per
// line, requests on stdin, responses on stdout, logs on stderr. Each method is forwarded to the
// WASM engine, apart from the few the WASM engine lacks or handles differently.

import readline from "node:readline";
import { checkConnection, createDatabase } from "./db-admin.mjs";
import {
  codeFromMessage,
  isPrismaErrorCode,
  isWasmPanic,
  migrationFailure,
  resolveExternalErrors,
  stripSpanTrace,
} from "./errors.mjs";
import { logError } from "./log.mjs";
import { createSchemaEngine, panicRegistry } from "./wasm-engine.mjs";

// Error code the native engine puts on every JSON-RPC error response.
const ENGINE_ERROR_CODE = 4466;
const ENGINE_ERROR_MESSAGE = "An error happened. Check the data field for details.";

// Methods that map one-to-one onto the WASM SchemaEngine.
const FORWARDED_METHODS = new Set([
  "applyMigrations",
  "createMigration",
  "dbExecute",
  "devDiagnostic",
  "diagnoseMigrationHistory",
  "introspectSql",
  "markMigrationApplied",
  "markMigrationRolledBack",
  "reset",
  "schemaPush",
]);

/**
 * Serve JSON-RPC on stdin/stdout until stdin closes.
 * @param {{ datamodels: [string, string][], datasource: { url?: string, shadowDatabaseUrl?: string } }} config
 */
export function serveJsonRpc(config) {
  const server = new RpcServer(config);
  server.listen();
}

class RpcServer {
  constructor({ datamodels, datasource }) {
    this.datamodels = datamodels;
    this.datasource = datasource;
    this.enginePromise = undefined;
    this.errorRegistry = undefined;
    this.queue = Promise.resolve(); // requests run one at a time, like the native engine
    this.nextOutgoingId = 1;
    this.awaitingResponse = new Map(); // our own requests to the CLI (e.g. "print")
    this.shuttingDown = false;
  }

  listen() {
    const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
    lines.on("line", (line) => this.onLine(line));
    lines.on("close", () => this.shutdown(0));
    // The CLI closes stdin and immediately sends SIGTERM when it is done with us.
    process.on("SIGTERM", () => this.shutdown(0));
    process.on("SIGINT", () => this.shutdown(130));
    process.on("uncaughtException", (error) => this.onUncaughtError(error));
    process.on("unhandledRejection", (error) => this.onUncaughtError(error));
  }

  onLine(line) {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      this.send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      return;
    }
    if (typeof message.method === "string") {
      this.queue = this.queue.then(() => this.handleRequest(message));
    } else if (this.awaitingResponse.has(message.id)) {
      this.awaitingResponse.get(message.id)(message);
      this.awaitingResponse.delete(message.id);
    }
  }

  async handleRequest({ id, method, params }) {
    try {
      const result = await Promise.race([this.dispatch(method, params ?? {}), this.escapedError()]);
      this.send({ jsonrpc: "2.0", id, result: result === undefined ? {} : result });
    } catch (error) {
      this.send({ jsonrpc: "2.0", id, error: this.toRpcError(error) });
      // A trapped WASM instance cannot serve further requests; exit like a panicking binary.
      if (isWasmPanic(error)) this.shutdown(101, { drain: false });
      // After an escaped error the engine's state is unknown; do not serve anything else.
      else if (error?.escaped) this.shutdown(1, { drain: false });
    } finally {
      this.failCurrentRequest = undefined;
    }
  }

  /**
   * Some engine errors (e.g. params the engine cannot deserialize) are thrown from inside the
   * engine's async work instead of rejecting the call's promise, so they surface as uncaught
   * exceptions and the call never settles. This promise rejects with such an error, so the
   * request still gets an answer.
   */
  escapedError() {
    return new Promise((_, reject) => {
      this.failCurrentRequest = (error) => reject(Object.assign(error, { escaped: true }));
    });
  }

  onUncaughtError(error) {
    if (this.failCurrentRequest) {
      this.failCurrentRequest(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    logError(`Unexpected error in the schema engine stand-in: ${error?.stack ?? error}`);
    this.shutdown(1, { drain: false });
  }

  async dispatch(method, params) {
    switch (method) {
      case "getDatabaseVersion":
        // The engine rejects `{}`; without a datasource it reports on its own connection.
        return (await this.engine()).version(params.datasource ? params : undefined);
      case "createDatabase":
        return { databaseName: await createDatabase(this.urlFrom(params.datasource)) };
      case "ensureConnectionValidity":
        await checkConnection(this.urlFrom(params.datasource));
        return {};
      case "evaluateDataLoss":
        return this.evaluateDataLoss(params);
      case "diff":
        return this.diff(params);
      case "introspect":
        return (await this.engine()).introspect({ ...params, namespaces: params.namespaces ?? null });
      case "debugPanic":
        return (await this.engine()).debugPanic();
    }
    if (FORWARDED_METHODS.has(method)) {
      const engine = await this.engine();
      return engine[method](params); // keep the method call bound to the wasm object
    }
    throw Object.assign(new Error(`Method not found: ${method}`), { rpcCode: -32601 });
  }

  /**
   * The WASM engine only finds its shadow database for evaluateDataLoss if devDiagnostic ran
   * first with the same migrations (otherwise: "PostgreSQL shadow DB must be provided through
   * an external factory").
   */
  async evaluateDataLoss(params) {
    const engine = await this.engine();
    await engine.devDiagnostic({ migrationsList: params.migrationsList, filters: params.filters });
    return engine.evaluateDataLoss(params);
  }

  /**
   * The native engine does not return the diff; it asks the CLI to print it with a "print"
   * request and waits for the acknowledgement, then answers with the exit code alone.
   */
  async diff(params) {
    const engine = await this.engine();
    const { exitCode, stdout } = await engine.diff({ ...params, exitCode: params.exitCode ?? null });
    if (stdout) {
      // The CLI adds a newline after the content itself.
      await this.request("print", { content: stdout.replace(/\n$/, "") });
    }
    return { exitCode };
  }

  /** The datasource a request names, falling back to the one from --datasource. */
  urlFrom(datasource) {
    if (datasource?.tag === "ConnectionString" && datasource.url) return datasource.url;
    return this.datasource.url;
  }

  /** The engine is created on first use, so requests that need no engine never pay for it. */
  engine() {
    this.enginePromise ??= createSchemaEngine({
      datamodels: this.datamodels,
      datasource: this.datasource,
    }).then(
      ({ engine, errorRegistry, factory }) => {
        this.errorRegistry = errorRegistry;
        this.factory = factory;
        return engine;
      },
      (error) => {
        this.enginePromise = undefined; // let the next request try again
        throw error;
      },
    );
    return this.enginePromise;
  }

  /** Send a request to the CLI and wait for its response. */
  request(method, params) {
    const id = this.nextOutgoingId++;
    return new Promise((resolve) => {
      this.awaitingResponse.set(id, resolve);
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  send(message) {
    process.stdout.write(JSON.stringify(message) + "\n");
  }

  /** Shape an error the way the CLI reads native engine errors (error.data.*). */
  toRpcError(error) {
    if (error?.rpcCode) return { code: error.rpcCode, message: error.message };
    const raw = resolveExternalErrors(error?.message ?? String(error), this.errorRegistry);
    if (isWasmPanic(error)) {
      const message = `The schema engine (WASM) crashed: ${panicRegistry.message || raw}`;
      return { code: ENGINE_ERROR_CODE, message, data: { is_panic: true, message, backtrace: error?.stack ?? null } };
    }
    const hasCode = isPrismaErrorCode(error?.code);
    const failedMigration = !hasCode && migrationFailure(raw, this.factory?.lastScriptError?.code);
    if (failedMigration) return this.toRpcError(failedMigration);

    const message = stripSpanTrace(raw);
    const errorCode = hasCode ? error.code : codeFromMessage(message);
    const data = { is_panic: false, message, backtrace: null };
    if (errorCode) Object.assign(data, { error_code: errorCode, meta: error?.meta ?? {} });
    return { code: ENGINE_ERROR_CODE, message: ENGINE_ERROR_MESSAGE, data };
  }

  /** Finish pending requests (unless told not to), close all database connections, exit. */
  async shutdown(exitCode, { drain = true } = {}) {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    const deadline = setTimeout(() => process.exit(exitCode), 5000);
    try {
      if (drain) await this.queue;
      await this.factory?.disposeAll();
    } catch (error) {
      logError(`Error while shutting down: ${error?.message ?? error}`);
    } finally {
      clearTimeout(deadline);
      process.exit(exitCode);
    }
  }
}
