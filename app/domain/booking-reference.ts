// "EM-" + 6 characters of the payment intent id from its 4th character,
// upper-cased; without a payment intent, "EM-" + a random 6-digit number. Uniqueness is
// the caller's (retry on collision; the column is unique).
const BOOKING_REFERENCE_PREFIX = "EM-";

export function bookingReference(paymentIntentId?: string | null, random: () => number = Math.random) {
  const fromIntent = paymentIntentId?.slice(3, 9).toUpperCase();
  if (fromIntent && fromIntent.length === 6) return `${BOOKING_REFERENCE_PREFIX}${fromIntent}`;
  const digits = Math.floor(random() * 1_000_000)
    .toString()
    .padStart(6, "0");
  return `${BOOKING_REFERENCE_PREFIX}${digits}`;
}
