// The drivers' money. A completed job earns its driver the booking's
// driverShare (docs/PRICING.md, after any discount); it becomes payable 48 hours after the proof of
// delivery, the window for problem reports. A refund before the payout reduces or cancels the
// earning (a deduction); after the payout it is a reversal. All amounts are integer pence and
// every change is a new ledger entry: nothing is edited in place.
import { addDays, dayOfWeek, ukInstant, ukToday } from "./uk-calendar";

/** Hours between the proof of delivery and the earning becoming payable. */
export const PAYOUT_HOLD_HOURS = 48;

type LedgerKindValue = "earning" | "deduction" | "payout" | "reversal" | "recovery" | "excess";

export interface LedgerEntryFacts {
  bookingId: string | null;
  kind: LedgerKindValue;
  amountPence: number;
  availableAt: Date;
}

/** When a job's earning may be paid out. */
export function payableFrom(completedAt: Date) {
  return new Date(completedAt.getTime() + PAYOUT_HOLD_HOURS * 3_600_000);
}

/**
 * A completed job that an admin moves back (completed by mistake, the move not finished):
 * - its earning stays on the ledger but is held: no payout run pays it while the booking is not
 *   completed; completed again, it is payable as before (its 48 hours counted from the first
 *   completion). Already paid out, the money stays paid: a refund takes it back, as for any job;
 * - its rating stays: it is the customer's account of what happened;
 * - its VAT invoice stays: it is for the payment, not for the completion;
 * - the driver's completed count goes back down by one (and up again when it is completed).
 */
export const EARNING_PAYABLE_BOOKING_STATUS = "completed";

/**
 * pending (in the 48 hours), payable, held (the job moved back from completed), paid, reversed
 * (refunded after the payout), cancelled (refunded in full before).
 */
export type JobPayoutState = "pending" | "payable" | "held" | "paid" | "reversed" | "cancelled";

export const JOB_PAYOUT_STATE_LABELS: Record<JobPayoutState, string> = {
  pending: "Pending",
  payable: "Payable",
  held: "On hold: the job is not completed",
  paid: "Paid",
  reversed: "Reversed",
  cancelled: "Cancelled",
};

/**
 * A job's state and what it is worth to the driver now, from its ledger entries and whether
 * its booking is completed (EARNING_PAYABLE_BOOKING_STATUS).
 */
export function jobPayout(entries: readonly LedgerEntryFacts[], now: Date, { completed = true } = {}) {
  const earning = entries.find((entry) => entry.kind === "earning");
  const net = entries
    .filter((entry) => entry.kind === "earning" || entry.kind === "deduction")
    .reduce((sum, entry) => sum + entry.amountPence, 0);
  const paid = -entries.filter((entry) => entry.kind === "payout").reduce((sum, entry) => sum + entry.amountPence, 0);
  const reversed = -entries
    .filter((entry) => entry.kind === "reversal")
    .reduce((sum, entry) => sum + entry.amountPence, 0);
  const state: JobPayoutState =
    reversed > 0
      ? "reversed"
      : paid > 0
        ? "paid"
        : net <= 0
          ? "cancelled"
          : !completed
            ? "held"
            : earning && earning.availableAt <= now
              ? "payable"
              : "pending";
  return { state, earnedPence: earning?.amountPence ?? 0, netPence: net, paidPence: paid, reversedPence: reversed };
}

/** The sum of entries: what the driver is owed (negative: what they owe, after a reversal). */
function ledgerBalance(entries: readonly Pick<LedgerEntryFacts, "amountPence">[]) {
  return entries.reduce((sum, entry) => sum + entry.amountPence, 0);
}

/**
 * The bookings whose earning is held (jobPayout's "held": moved back from completed, not yet
 * paid), from the ledger entries of bookings that are not completed.
 */
export function heldBookingIds(entriesOfBookingsNotCompleted: readonly LedgerEntryFacts[], now: Date) {
  const byBooking = new Map<string, LedgerEntryFacts[]>();
  for (const entry of entriesOfBookingsNotCompleted) {
    if (!entry.bookingId) continue;
    const entries = byBooking.get(entry.bookingId) ?? [];
    entries.push(entry);
    byBooking.set(entry.bookingId, entries);
  }
  return new Set(
    [...byBooking]
      .filter(([, entries]) => jobPayout(entries, now, { completed: false }).state === "held")
      .map(([id]) => id),
  );
}

/**
 * What may be paid now, what waits for its 48 hours, and what is held (the jobs in
 * `heldBookings`, which no payout run pays until they are completed again).
 */
export function driverBalances(
  entries: readonly LedgerEntryFacts[],
  now: Date,
  heldBookings: ReadonlySet<string> = new Set(),
) {
  const isHeld = (entry: LedgerEntryFacts) => entry.bookingId !== null && heldBookings.has(entry.bookingId);
  const open = entries.filter((entry) => !isHeld(entry));
  const payable = ledgerBalance(open.filter((entry) => entry.availableAt <= now));
  const pending = ledgerBalance(open.filter((entry) => entry.availableAt > now));
  const held = ledgerBalance(entries.filter(isHeld));
  return { payablePence: payable, pendingPence: pending, heldPence: held, balancePence: payable + pending + held };
}

/**
 * The instants the earnings page's totals start from: Monday 00:00 of `now`'s week and the 1st
 * of its month, on the UK clock (GMT or BST), so a job done at 00:30 on a summer Monday counts
 * in the new week.
 */
export function periodStarts(now: Date) {
  const today = ukToday(now);
  const monday = addDays(today, -((dayOfWeek(today) + 6) % 7));
  return { week: ukInstant(monday, "00:00"), month: ukInstant(`${today.slice(0, 8)}01`, "00:00") };
}

/** "20-00-01" from six digits, or null: a UK sort code. */
export function normaliseSortCode(text: string) {
  const digits = text.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : null;
}

/** Eight digits, or null: a UK account number. */
export function normaliseAccountNumber(text: string) {
  const digits = text.replace(/\s/g, "");
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** A payout as the driver reads it: by Stripe per job, or their line of a bank-transfer batch. */
export type PayoutStatusValue = "pending" | "paid" | "failed";

export const PAYOUT_STATUS_LABELS: Record<PayoutStatusValue, string> = {
  pending: "On its way",
  paid: "Sent",
  failed: "Not sent yet: tried again at the next payout run",
};

/**
 * What a payout sent to the driver and what it kept against money they owed back (an excess
 * charged, a refund after an earlier payout): the two always add up to what the jobs earned.
 */
export function payoutSplit({ amountPence, recoveredPence }: { amountPence: number; recoveredPence: number }) {
  const keptPence = Math.min(Math.max(recoveredPence, 0), amountPence);
  return { sentPence: amountPence - keptPence, keptPence };
}
