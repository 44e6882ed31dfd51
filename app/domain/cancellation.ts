// Cancellation terms (spec/01 section 9): more than 24 hours before the move the refund is
// full; under 24 hours, half. Money in integer pence.

export const FULL_REFUND_NOTICE_HOURS = 24;

export type CancellationTerms = { refundPercent: 100 | 50; refundPence: number; hoursBeforeMove: number };

/** What cancelling now gives back of what was paid, for a move that starts at `moveAt`. */
export function cancellationTerms(paidPence: number, moveAt: Date, now: Date = new Date()): CancellationTerms {
  const hoursBeforeMove = (moveAt.getTime() - now.getTime()) / 3_600_000;
  const refundPercent = hoursBeforeMove > FULL_REFUND_NOTICE_HOURS ? 100 : 50;
  // Half of an odd number of pence rounds down: the customer gets the pence before the split.
  const refundPence = refundPercent === 100 ? paidPence : Math.floor(paidPence / 2);
  return { refundPercent, refundPence, hoursBeforeMove };
}

/** A booking may be cancelled until the move is done. */
export function isCancellable(status: string) {
  return status === "pending" || status === "assigned";
}

/** What cancelling a booking now gives back, as the confirmation step and the e-mail state it. */
export type CancellationOffer = {
  /** What was paid and is still to be given back, in pence. */
  paidPence: number;
  refundPence: number;
  refundPercent: 100 | 50;
  /** "full", "half", or "unpaid" when nothing was paid. */
  kind: "full" | "half" | "unpaid";
  /** The sentence the confirmation step leads with. */
  summary: string;
};

/** What the cancellation e-mail needs of its refund (kept with its message when it is queued). */
export type CancellationRefund = Pick<CancellationOffer, "kind" | "refundPence" | "paidPence">;
