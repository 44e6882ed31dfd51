import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../../../generated/prisma/client";
import { env } from "./env.server";
import { metrics } from "./metrics.server";

let pool: pg.Pool | null = null;

function createClient() {
  // The pool is ours, so /metrics can read its use and count its errors.
  pool = new pg.Pool({ connectionString: env.DATABASE_URL });
  pool.on("error", () => metrics.dbErrors.inc({ kind: "connection" })); // an idle connection lost
  const counted = pool;
  metrics.watchPool(() => ({ total: counted.totalCount, idle: counted.idleCount, waiting: counted.waitingCount }));
  // A burst (hundreds of payments confirmed at once) queues for the pool's connections: a
  // transaction waits up to 10 s for one rather than Prisma's 2 s, and fails only after that.
  return new PrismaClient({ adapter: new PrismaPg(counted), transactionOptions: { maxWait: 10_000 } });
}

// One client per process; the dev server reloads modules, so keep it on globalThis there.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };
export const db = globalForPrisma.prisma ?? createClient();
if (env.NODE_ENV !== "production") globalForPrisma.prisma = db;

/** At shutdown: Prisma lets go of its connections, and the pool closes them. */
export async function closeDatabase() {
  await db.$disconnect();
  await pool?.end().catch(() => {}); // already ended
}
