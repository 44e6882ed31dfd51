// Running totals kept by the database (migration 20261204090000_running_totals): triggers append
// what each write changed to "StatDelta", housekeeping folds those rows into "StatTotal". Reading
// a total costs the same with two million bookings as with ten: its row plus the few deltas
// since the last fold, where a count(*) would read every booking.
import { db } from "./db.server";

/** Every running total by its key ("bookings:pending", "revenue:succeeded", …). */
export async function runningTotals(): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ key: string; value: bigint }[]>`
    SELECT "key", sum("value")::bigint AS "value"
    FROM (SELECT "key", "value" FROM "StatTotal" UNION ALL SELECT "key", "delta" FROM "StatDelta") AS "parts"
    GROUP BY "key"`;
  return new Map(rows.map((row) => [row.key, Number(row.value)]));
}

/** The sum of the totals whose key starts with `prefix` ("bookings:" is every booking). */
export function totalOf(totals: Map<string, number>, prefix: string) {
  let sum = 0;
  for (const [key, value] of totals) if (key.startsWith(prefix)) sum += value;
  return sum;
}

/**
 * Folds the deltas into the totals in one statement: a reader sees the totals before or after,
 * never half, and deltas written meanwhile wait for the next fold. Returns the deltas folded.
 */
export async function foldRunningTotals() {
  return db.$executeRaw`
    WITH "folded" AS (DELETE FROM "StatDelta" RETURNING "key", "delta"),
    "sums" AS (SELECT "key", sum("delta") AS "value" FROM "folded" GROUP BY "key")
    INSERT INTO "StatTotal" ("key", "value") SELECT "key", "value" FROM "sums"
    ON CONFLICT ("key") DO UPDATE SET "value" = "StatTotal"."value" + EXCLUDED."value"`;
}
