// Housekeeping: rows that only wait to be deleted (ended sessions, expired or revoked API
// tokens, used or expired reset links, rate-limit counts past their window, drivers' positions
// 30 days after their job ended), then the day-before reminders of tomorrow's moves (sent
// after the clean-up commits) and any credit note a refund is still owed. Every instance
// schedules it; each round, exactly one instance does the work: a PostgreSQL advisory lock
// keeps two from running at once, and the round's mark (a RateLimitBucket row that expires
// after HOUSEKEEPING_INTERVAL_MS) stops another from running it again the same round.
import { SESSION_IDLE_MINUTES } from "./auth/auth.server";
import { issueMissingCreditNotes } from "./bookings/invoices.server";
import { sendDayBeforeReminders } from "./bookings/move-day-emails.server";
import { deleteOldTracks } from "./bookings/positions.server";
import { db } from "./platform/db.server";

const HOUSEKEEPING_INTERVAL_MS = 15 * 60 * 1000;
// Any fixed number, the same on every instance: the name of the advisory lock.
const HOUSEKEEPING_LOCK = 730_012_025;
const ROUND_MARK = "housekeeping:round";

export type HousekeepingResult = {
  sessions: number;
  apiTokens: number;
  resetTokens: number;
  rateLimitBuckets: number;
  positions: number;
  reminders: number;
  creditNotes: number;
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
    const resetAt = new Date(now.getTime() + HOUSEKEEPING_INTERVAL_MS);
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
  return {
    ...cleaned,
    positions: await deleteOldTracks(now),
    reminders: await sendDayBeforeReminders(now),
    creditNotes: await issueMissingCreditNotes(),
  };
}

let timer: NodeJS.Timeout | null = null;

/** Runs a round now and then every interval (a little jitter spreads the instances); stopHousekeeping ends it. */
export function startHousekeeping() {
  if (timer) return;
  const round = () =>
    runHousekeeping().catch((error) => {
      // The database may be away; the next round tries again.
      console.error("Housekeeping failed:", error instanceof Error ? error.message : error);
    });
  timer = setInterval(round, HOUSEKEEPING_INTERVAL_MS + Math.floor(Math.random() * 30_000));
  timer.unref();
  void round();
}

export function stopHousekeeping() {
  if (timer) clearInterval(timer);
  timer = null;
}
