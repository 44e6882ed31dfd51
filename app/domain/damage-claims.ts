// Damage claims under a move's cover (docs/PRICING.md v3, "Claims"): made within 7 days of
// delivery, the delivery's UK date being day 1; each item paid at most the smallest of what is
// claimed, the item's limit and what is left of the move's limit after earlier claims.
import { GOODS_COVER, type CoverLimits } from "./goods-cover";
import { formatPounds } from "./money";
import { addDays, ukToday } from "./uk-calendar";

export type ClaimWindow = {
  /** The delivery's UK date (day 1) and the last UK date a claim may be made. */
  deliveredOn: string;
  lastDay: string;
  open: boolean;
};

/** Whether a claim may be made now for goods delivered at `deliveredAt`, on the UK calendar. */
export function claimWindow(deliveredAt: Date, now: Date = new Date()): ClaimWindow {
  const deliveredOn = ukToday(deliveredAt);
  const lastDay = addDays(deliveredOn, GOODS_COVER.claimDays - 1);
  return { deliveredOn, lastDay, open: ukToday(now) <= lastDay };
}

/**
 * What a claim uses of its move's limit: its offer once one is made (accepted or paid too),
 * else what its items may be paid; nothing once declined.
 */
export function claimCountedPence(claim: { state: string; offeredPence: number | null; payablePence: number }) {
  if (claim.state === "declined") return 0;
  return claim.offeredPence ?? claim.payablePence;
}

/**
 * What a claim has taken from the move's limit as the customer reads it: an offer once accepted
 * or paid; nothing while it is still being decided (claimCountedPence keeps room for it meanwhile).
 */
export function claimSettledPence(claim: { state: string; offeredPence: number | null }) {
  return claim.state === "accepted" || claim.state === "paid" ? (claim.offeredPence ?? 0) : 0;
}

/** What is left of the move's limit after earlier claims' amounts (claimCountedPence each). */
export function moveLimitLeft(limits: CoverLimits, earlierPence: readonly number[]): number {
  const used = earlierPence.reduce((sum, pence) => sum + pence, 0);
  return Math.max(0, limits.moveLimitPence - used);
}

export type ClaimedItem = { description: string; amountPence: number };
export type LimitedItem = ClaimedItem & { payablePence: number };

/**
 * The most each item of a claim can be paid, in the order given: the smallest of the amount
 * claimed, the item's limit and what is left of the move's limit (which each item uses up).
 */
export function limitClaim(
  items: readonly ClaimedItem[],
  limits: CoverLimits,
  earlierPence: readonly number[] = [],
): { items: LimitedItem[]; payablePence: number; moveLeftPence: number } {
  let left = moveLimitLeft(limits, earlierPence);
  const limited = items.map((item) => {
    const payablePence = Math.max(0, Math.min(item.amountPence, limits.itemLimitPence, left));
    left -= payablePence;
    return { ...item, payablePence };
  });
  return {
    items: limited,
    payablePence: limited.reduce((sum, item) => sum + item.payablePence, 0),
    moveLeftPence: moveLimitLeft(limits, earlierPence),
  };
}

/** What the claim form says of each item before it is sent. */
export function itemLimitSentence(limits: CoverLimits): string {
  return `You can claim up to ${formatPounds(limits.itemLimitPence)} for this item (${limits.extended ? "extended" : "standard"} cover).`;
}

export type ClaimState = "submitted" | "under_review" | "offered" | "accepted" | "paid" | "declined";

/**
 * Which state a claim may move to from each: an admin reviews, offers or declines; the customer
 * accepts an offer or disputes it (back under review, the ticket reopened); an accepted offer is
 * paid once. A paid or declined claim is settled.
 */
const CLAIM_STEPS: Record<ClaimState, readonly ClaimState[]> = {
  submitted: ["under_review", "offered", "declined"],
  under_review: ["offered", "declined"],
  offered: ["accepted", "under_review"],
  accepted: ["paid"],
  paid: [],
  declined: [],
};

export function claimMayMove(from: ClaimState, to: ClaimState): boolean {
  return CLAIM_STEPS[from].includes(to);
}

/**
 * The most an admin may offer on a claim: what its items may be paid, and no more than what is
 * left of the move's limit once the other claims are counted.
 */
export function offerLimitPence(claimPayablePence: number, moveLeftWithoutThisPence: number): number {
  return Math.max(0, Math.min(claimPayablePence, moveLeftWithoutThisPence));
}

/**
 * How an accepted offer is paid: back to the booking's payment, up to what is left of it after
 * earlier refunds, and the rest by bank transfer.
 */
export function claimPaymentSplit(offeredPence: number, refundablePence: number) {
  const refundPence = Math.max(0, Math.min(offeredPence, refundablePence));
  return { refundPence, bankPence: offeredPence - refundPence };
}

/** The most a driver at fault may be charged towards a claim (an excess on their ledger). */
export const DRIVER_EXCESS_MAX_PENCE = 10_000;

/** An excess an admin may charge: a positive whole number of pence up to DRIVER_EXCESS_MAX_PENCE. */
export function isDriverExcess(pence: number | null): pence is number {
  return pence !== null && Number.isInteger(pence) && pence > 0 && pence <= DRIVER_EXCESS_MAX_PENCE;
}
