// Error translation.
//
// Prisma's CLI shows engine errors by their Prisma error code (P1001 "Can't reach database
// server", P1003 "Database does not exist", ...) and decides what to do from them (e.g.
// `migrate deploy` creates the database on P1003). The native engine produces those codes;
// here we produce them from node-postgres errors and from the WASM engine's messages.

/** An error with a Prisma user-facing error code. */
export class UserFacingError extends Error {
  constructor(code, message, meta = {}) {
    super(message);
    this.code = code;
    this.meta = meta;
  }
}

/** Prisma error codes are P1000-P6999; pg errors also have a `code`, a SQLSTATE like "P0001". */
export function isPrismaErrorCode(code) {
  return typeof code === "string" && /^P[1-6]\d{3}$/.test(code);
}

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNRESET",
  "ETIMEDOUT",
]);

/**
 * Map an error from connecting/querying with pg to a UserFacingError where Prisma has a code for
 * it; otherwise return the error unchanged.
 * @param {any} error
 * @param {{ location: string, database: string, user: string }} target
 */
export function fromPgError(error, { location, database, user }) {
  const code = socketErrorCode(error);
  if (code && UNREACHABLE_CODES.has(code)) return unreachable(location);
  // Errors without a severity come from the socket, not from the server: a timed-out connect,
  // or a connection cut before the server ever answered.
  if (!error?.severity && /timeout|Connection terminated unexpectedly/i.test(error?.message ?? "")) {
    return unreachable(location);
  }

  switch (error?.code) {
    case "3D000":
      return new UserFacingError(
        "P1003",
        `Database \`${database}\` does not exist on the database server at \`${location}\`.`,
        { database_name: database, database_host: location },
      );
    case "28P01":
      return new UserFacingError(
        "P1000",
        `Authentication failed against database server, the provided database credentials for \`${user}\` are not valid.\n\n` +
          `Please make sure to provide valid database credentials for the database server at \`${location}\`.`,
        { database_user: user },
      );
    case "28000":
    case "42501":
      return new UserFacingError("P1010", `User \`${user}\` was denied access on the database \`${database}\``, {
        database_user: user,
        database_name: database,
      });
    case "42P04":
      return new UserFacingError(
        "P1009",
        `Database \`${database}\` already exists on the database server at \`${location}\``,
        { database_name: database },
      );
  }
  if (/SSL|TLS|certificate/i.test(error?.message ?? "") && !error?.severity) {
    return new UserFacingError("P1011", `Error opening a TLS connection: ${error.message}`);
  }
  return error;
}

function unreachable(location) {
  return new UserFacingError(
    "P1001",
    `Can't reach database server at \`${location}\`\n\nPlease make sure your database server is running at \`${location}\`.`,
    { database_location: location },
  );
}

// Node reports a failed connect to a multi-address host (e.g. "localhost") as an AggregateError.
function socketErrorCode(error) {
  return error?.code ?? error?.errors?.find((e) => e?.code)?.code;
}

// The WASM engine reports some connection failures (while starting up) as plain messages, without
// the error code the native engine would attach. Recover the code from the wording.
const CODE_BY_MESSAGE = [
  [/^Can't reach database server/, "P1001"],
  [/^Database `[^`]*` does not exist/, "P1003"],
  [/^Authentication failed against database server/, "P1000"],
  [/^User .* was denied access on the database/, "P1010"],
  [/^Error opening a TLS connection/, "P1011"],
  [/^Server has closed the connection/, "P1017"],
  [/Prisma Migrate could not create the shadow database/, "P3014"],
];

export function codeFromMessage(message) {
  return CODE_BY_MESSAGE.find(([pattern]) => pattern.test(message))?.[1];
}

/**
 * A migration script that fails to apply is reported by the native engine as P3018 (naming the
 * migration and the database error, and pointing at `migrate resolve`). The WASM engine only
 * says "external connector error" and leaves the migration name in its span trace; rebuild the
 * native error from that.
 * @param {string} message the engine's message, span trace included
 * @param {string | undefined} sqlState SQLSTATE of the failed script, if known
 */
export function migrationFailure(message, sqlState) {
  const migrationName = /apply_migration::apply_script\s+with migration_name="([^"]+)"/.exec(message)?.[1];
  if (!migrationName) return undefined;
  const databaseError = stripSpanTrace(message)
    .replace(/^external connector error\n/, "")
    .replace(/^Error querying the database: /, "");
  return new UserFacingError(
    "P3018",
    "A migration failed to apply. New migrations cannot be applied before the error is recovered from. " +
      "Read more about how to resolve migration issues in a production database: https://pris.ly/d/migrate-resolve\n\n" +
      `Migration name: ${migrationName}\n\n` +
      (sqlState ? `Database error code: ${sqlState}\n\n` : "") +
      `Database error:\n${databaseError}`,
    { migration_name: migrationName, database_error_code: sqlState ?? "", database_error: databaseError },
  );
}

/**
 * The WASM engine appends a Rust span trace ("   0: schema_engine_wasm::...") to its messages;
 * the native engine does not show one to users. Cut it off.
 */
export function stripSpanTrace(message) {
  const lines = String(message).split("\n");
  const traceStart = lines.findIndex((line) => /^\s+\d+: [\w:]+/.test(line));
  const kept = traceStart === -1 ? lines : lines.slice(0, traceStart);
  return kept.join("\n").trimEnd();
}

/**
 * Errors thrown by JavaScript code inside the adapter (ours or adapter-pg's) reach the engine as
 * "External error id#N"; the real error sits in the adapter factory's error registry.
 * @param {string} message
 * @param {{ consumeError(id: number): { error: unknown } | undefined }} errorRegistry
 */
export function resolveExternalErrors(message, errorRegistry) {
  return String(message).replace(/External error id#(\d+)/g, (match, id) => {
    const record = errorRegistry?.consumeError(Number(id));
    if (!record) return match;
    const error = record.error;
    return error instanceof Error ? error.message : String(error);
  });
}

/** A WASM trap (Rust panic or abort) leaves the engine unusable. */
export function isWasmPanic(error) {
  return (
    error instanceof WebAssembly.RuntimeError ||
    /^RuntimeError: (unreachable|panic)/.test(String(error?.message ?? error))
  );
}
