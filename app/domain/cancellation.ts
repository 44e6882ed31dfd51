// Cancellation terms: more than 24 hours before the move the refund is
// full; under 24 hours, half. Extended cover (docs/PRICING.md v3) comes back in full until the move
// starts (the goods were never in our care), and not at all once it has. Money in integer pence.

export const FULL_REFUND_NOTICE_HOURS = 24;

export type CancellationTerms = {
  refundPercent: 100 | 50;
  refundPence: number;
  hoursBeforeMove: number;
  /** Of refundPence, what extended cover's cost gives back. */
  coverRefundPence: number;
};

/**
 * What cancelling now gives back of what was paid, for a move that starts at `moveAt`.
 * `coverPence`: the part of the payment that bought extended cover, its VAT included.
 */
export function cancellationTerms(
  paidPence: number,
  moveAt: Date,
  now: Date = new Date(),
  coverPence = 0,
): CancellationTerms {
  const hoursBeforeMove = (moveAt.getTime() - now.getTime()) / 3_600_000;
  const refundPercent = hoursBeforeMove > FULL_REFUND_NOTICE_HOURS ? 100 : 50;
  const cover = Math.min(Math.max(coverPence, 0), paidPence);
  if (refundPercent === 100) return { refundPercent, refundPence: paidPence, hoursBeforeMove, coverRefundPence: cover };
  const coverRefundPence = hoursBeforeMove > 0 ? cover : 0;
  // Half of an odd number of pence rounds down: the customer gets the pence before the split.
  const refundPence = Math.floor((paidPence - cover) / 2) + coverRefundPence;
  return { refundPercent, refundPence, hoursBeforeMove, coverRefundPence };
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
  /** Of refundPence, what extended cover's cost gives back (0 without extended cover). */
  coverRefundPence: number;
};

/** What the cancellation e-mail needs of its refund (kept with its message when it is queued). */
export type CancellationRefund = Pick<CancellationOffer, "kind" | "refundPence" | "paidPence">;
