// Discount codes (docs/decisions/009-discount-codes.md): a signed-in customer is offered one code
// by their count of previous paid bookings, valid for 30 days and usable once. How a code
// changes the price is the pricing module's rule (docs/PRICING.md, "A discount code …").
export type DiscountTier = { code: string; percent: number; minPaidBookings: number };

/** Highest tier first: the first one the customer reaches is theirs. */
const DISCOUNT_TIERS: readonly DiscountTier[] = [
  { code: "LOYAL15", percent: 15, minPaidBookings: 3 },
  { code: "RETURN10", percent: 10, minPaidBookings: 1 },
  { code: "WELCOME5", percent: 5, minPaidBookings: 0 },
];

const DISCOUNT_VALID_DAYS = 30;

/** The code a customer with this many previous paid bookings is offered. */
export function discountTierFor(previousPaidBookings: number): DiscountTier {
  const count = Math.max(0, Math.floor(previousPaidBookings));
  return DISCOUNT_TIERS.find((tier) => count >= tier.minPaidBookings)!;
}

export function discountExpiry(issuedAt: Date) {
  return new Date(issuedAt.getTime() + DISCOUNT_VALID_DAYS * 24 * 60 * 60 * 1000);
}

/** What a customer types, as it is stored: trimmed, upper-case. */
export function normaliseDiscountCode(typed: string) {
  return typed.trim().toUpperCase();
}

export function discountTierByCode(code: string): DiscountTier | undefined {
  const wanted = normaliseDiscountCode(code);
  return DISCOUNT_TIERS.find((tier) => tier.code === wanted);
}

export type DiscountState = { usedAt: Date | null; expiresAt: Date };

/** Why an issued code cannot be used now, or null when it can. */
export function discountUnusableReason(discount: DiscountState, now = new Date()): "used" | "expired" | null {
  if (discount.usedAt) return "used";
  if (discount.expiresAt <= now) return "expired";
  return null;
}
