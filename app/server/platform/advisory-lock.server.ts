// A PostgreSQL advisory lock held while some work runs, for work that must not run twice at
// once for the same thing (an admin's refund of a booking) and that talks to a provider in the
// middle. The lock is a session lock on a connection of its own, opened for it: waiting for the
// lock never takes one of the app pool's connections, so many of them at once cannot use up the
// pool that the work itself needs. A direct connection (DIRECT_DATABASE_URL), since PgBouncer's
// transaction mode gives no session. If the process dies, the connection closes and the lock
// goes with it.
import pg from "pg";
import { env } from "./env.server";

/** The lock was still held by someone else after waiting `waitMs`. */
export class LockBusyError extends Error {
  constructor(name: string) {
    super(`The lock "${name}" is held by another request.`);
  }
}

const LOCK_NOT_AVAILABLE = "55P03";

export async function withAdvisoryLock<T>(
  name: string,
  work: () => Promise<T>,
  { waitMs = 30_000 }: { waitMs?: number } = {},
): Promise<T> {
  const client = new pg.Client({ connectionString: env.DIRECT_DATABASE_URL });
  client.on("error", () => {}); // a lost connection fails the query below instead
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
    try {
      await client.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    } catch (error) {
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw new LockBusyError(name);
      throw error;
    }
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}
