// Telling "the database is unreachable" apart from every other failure, so that the app can
// answer a clear 503 (try again shortly) instead of a 500 while PostgreSQL is down or
// restarting. Prisma (through its pg adapter) reports these as P1001 and friends, or only in
// the message of a raw query's error.

const UNAVAILABLE_CODES = new Set([
  "P1001", // can't reach database server
  "P1002", // the server timed out
  "P1008", // operations timed out
  "P1017", // the server closed the connection
  "P2024", // timed out fetching a connection from the pool
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
  "08000",
  "08001",
  "08003",
  "08006",
]);

// PgBouncer's own words while the database behind it is away (it answers them as 08P01,
// which PostgreSQL also uses for real protocol errors, so the message decides).
const POOLER_UNAVAILABLE =
  "server login has been failing|pgbouncer cannot connect to server|server conn crashed|query_wait_timeout|server_connect_timeout|database shutting down";

const UNAVAILABLE_MESSAGE = new RegExp(
  `can't reach database server|connection terminated|server has closed the connection|terminating connection|ECONNREFUSED|ECONNRESET|the database system is (?:starting up|shutting down|in recovery mode)|timed out fetching a new connection|connection is closed|Connection ended unexpectedly|is not queryable|${POOLER_UNAVAILABLE}`,
  "i",
);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

const SERVICE_UNAVAILABLE_MESSAGE = "EasyMove is having a short technical problem. Please try again in a minute.";
const RETRY_AFTER_SECONDS = 5;

/** The answer while the database is away: JSON for the API and files, an error page for pages. */
export function serviceUnavailable({ json }: { json: boolean }) {
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (json)
    return Response.json(
      { error: SERVICE_UNAVAILABLE_MESSAGE, message: SERVICE_UNAVAILABLE_MESSAGE },
      { status: 503, headers },
    );
  return new Response(SERVICE_UNAVAILABLE_MESSAGE, { status: 503, statusText: "Service Unavailable", headers });
}

/** The value, or null while the database is away (for what a page can do without). */
export async function nullWhileDatabaseIsDown<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isDatabaseUnavailable(error)) return null;
    throw error;
  }
}

/** A unique key refused the write (Prisma's P2002): another request made the same row first. */
export function isUniqueViolation(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
