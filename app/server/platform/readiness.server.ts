// Readiness (/readyz), for a load balancer or an orchestrator deciding whether to send this
// instance traffic: the database answers, and every migration this release ships is applied
// (the deploy order is migrate, then roll: docs/DEPLOY.md). A newer migration applied by the
// next release is fine: migrations are made to be backward compatible. A draining instance is
// answered for by the server itself (server.ts) before it asks here.
import fs from "node:fs";
import path from "node:path";
import { db } from "./db.server";

export type Readiness = {
  ready: boolean;
  database: "ok" | "unreachable";
  migrations: "ok" | "pending" | "not checked";
  pending?: string[];
  /** This instance's job workers (server/background.server.ts), where it runs them. */
  jobs?: "ok" | "not running";
};

let shipped: string[] | null | undefined;

/** The migrations of this release (prisma/migrations beside the app), or null when absent. */
function shippedMigrations() {
  if (shipped !== undefined) return shipped;
  const folder = path.resolve("prisma", "migrations");
  try {
    shipped = fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(folder, entry.name, "migration.sql")))
      .map((entry) => entry.name)
      .sort();
  } catch {
    shipped = null;
  }
  return shipped;
}

export async function readiness(): Promise<Readiness> {
  let applied: { migration_name: string }[];
  try {
    applied = await db.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  } catch {
    return { ready: false, database: "unreachable", migrations: "not checked" };
  }
  const expected = shippedMigrations();
  if (!expected) return { ready: true, database: "ok", migrations: "not checked" };
  const pending = pendingMigrations(
    expected,
    applied.map((row) => row.migration_name),
  );
  return pending.length > 0
    ? { ready: false, database: "ok", migrations: "pending", pending }
    : { ready: true, database: "ok", migrations: "ok" };
}

/** The release's migrations the database has not applied (newer ones applied are fine). */
export function pendingMigrations(shipped: string[], applied: string[]) {
  const done = new Set(applied);
  return shipped.filter((name) => !done.has(name));
}
