// Housekeeping: rows that only wait to be deleted (ended sessions, expired or revoked API
// tokens, used or expired reset links, rate-limit counts past their window, drivers' positions
// 30 days after their job ended), and the running totals' deltas, folded into their totals. The job queue's schedule runs it every 15 minutes, once
// across all instances (server/jobs); a PostgreSQL advisory lock and the round's mark (a
// RateLimitBucket row that expires after HOUSEKEEPING_ROUND_MS) also keep a round run by hand
// from running twice.
import { SESSION_IDLE_MINUTES } from "./auth/auth.server";
import { deleteOldTracks } from "./bookings/positions.server";
import { db } from "./platform/db.server";
import { foldRunningTotals } from "./platform/running-totals.server";

/** Shorter than the schedule's 15 minutes, so every scheduled round finds the last one's mark gone. */
const HOUSEKEEPING_ROUND_MS = 10 * 60 * 1000;
// Any fixed number, the same on every instance: the name of the advisory lock.
const HOUSEKEEPING_LOCK = 730_012_025;
const ROUND_MARK = "housekeeping:round";

export type HousekeepingResult = {
  sessions: number;
  apiTokens: number;
  resetTokens: number;
  rateLimitBuckets: number;
  positions: number;
  /** Running totals' deltas folded into their totals (platform/running-totals.server.ts). */
  totalsFolded: number;
};

/** One round: the counts deleted, or null when another instance has the round. */
export async function runHousekeeping(now = new Date()): Promise<HousekeepingResult | null> {
  const longestIdle = new Date(now.getTime() - Math.max(...Object.values(SESSION_IDLE_MINUTES)) * 60_000);
  const cleaned = await db.$transaction(async (tx) => {
    const [lock] = await tx.$queryRaw<
      { locked: boolean }[]
    >`SELECT pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) AS "locked"`;
    if (!lock?.locked) return null;
    const mark = await tx.rateLimitBucket.findUnique({ where: { key: ROUND_MARK } });
    if (mark && mark.resetAt > now) return null;
    const [sessions, apiTokens, resetTokens, rateLimitBuckets] = [
      await tx.session.deleteMany({
        where: { OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lt: longestIdle } }] },
      }),
      await tx.apiToken.deleteMany({ where: { OR: [{ expiresAt: { lte: now } }, { revokedAt: { not: null } }] } }),
      await tx.passwordResetToken.deleteMany({
        where: { OR: [{ expiresAt: { lte: now } }, { usedAt: { not: null } }] },
      }),
      await tx.rateLimitBucket.deleteMany({ where: { resetAt: { lte: now }, key: { not: ROUND_MARK } } }),
    ];
    const resetAt = new Date(now.getTime() + HOUSEKEEPING_ROUND_MS);
    await tx.rateLimitBucket.upsert({
      where: { key: ROUND_MARK },
      create: { key: ROUND_MARK, count: 1, resetAt },
      update: { count: 1, resetAt },
    });
    return {
      sessions: sessions.count,
      apiTokens: apiTokens.count,
      resetTokens: resetTokens.count,
      rateLimitBuckets: rateLimitBuckets.count,
    };
  });
  if (!cleaned) return null;
  return { ...cleaned, positions: await deleteOldTracks(now), totalsFolded: await foldRunningTotals() };
}
