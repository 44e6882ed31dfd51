// Running totals kept by the database (migration 20261204090000_running_totals): triggers append
// what each write changed to "StatDelta", housekeeping folds those rows into "StatTotal". Reading
// a total costs the same with two million bookings as with ten: its row plus the few deltas
// since the last fold, where a count(*) would read every booking. Daily totals (keys
// "day:<kind>:<YYYY-MM-DD>", migration 20261206090000_daily_totals) do the same for windows of days.
import { db } from "./db.server";

/** Every running total by its key ("bookings:pending", "revenue:succeeded", …), the daily ones aside. */
export async function runningTotals(): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ key: string; value: bigint }[]>`
    SELECT "key", sum("value")::bigint AS "value"
    FROM (SELECT "key", "value" FROM "StatTotal" UNION ALL SELECT "key", "delta" FROM "StatDelta") AS "parts"
    WHERE "key" NOT LIKE 'day:%'
    GROUP BY "key"`;
  return new Map(rows.map((row) => [row.key, Number(row.value)]));
}

/**
 * Daily totals summed over UK days, first to last (YYYY-MM-DD), each kind in one window: kinds
 * are "users:<role>", "drivers" and "bookings", kept per day by the day the row was made
 * (migration 20261206090000_daily_totals). One statement; a window reads its days' keys only.
 */
export async function dailyTotals<Kind extends string>(
  windows: readonly { kind: Kind; from: string; to: string }[],
): Promise<Record<Kind, number>> {
  const rows = await db.$queryRaw<{ kind: Kind; value: bigint | null }[]>`
    SELECT w."kind", (
      SELECT sum("value") FROM (
        SELECT "value" FROM "StatTotal" WHERE "key" BETWEEN w."from" AND w."to"
        UNION ALL SELECT "delta" FROM "StatDelta" WHERE "key" BETWEEN w."from" AND w."to"
      ) AS "parts"
    )::bigint AS "value"
    FROM unnest(
      ${windows.map((window) => window.kind)}::text[],
      ${windows.map((window) => `day:${window.kind}:${window.from}`)}::text[],
      ${windows.map((window) => `day:${window.kind}:${window.to}`)}::text[]
    ) AS w("kind", "from", "to")`;
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.value ?? 0)])) as Record<Kind, number>;
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
