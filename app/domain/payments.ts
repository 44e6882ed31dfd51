// Rules every payment follows, whichever provider takes it.

/** the smallest amount a card provider accepts (£0.50). */
export const MINIMUM_PAYMENT_PENCE = 50;

export const PAYMENT_MESSAGES = {
  invalidAmount: "The quote price is invalid. Please go back and try again.",
  succeeded: "Payment succeeded!",
  processing: "Your payment is processing.",
  requiresPaymentMethod: "Please provide your payment details.",
  error: "Something went wrong.",
  failed: "Payment Failed",
  paypalFailed: "There was an issue processing your payment. Please try again.",
  bookingError: "There was a problem with your booking. Please contact support.",
  loadingError: "We couldn't retrieve your booking details. Please contact support.",
  noCheckoutUrl: "No checkout URL received",
  noBooking: "No booking information found",
  signInToPay: "Please sign in to pay",
  alreadyPaid: "This booking is already paid.",
  cancelled: "This booking was cancelled.",
  unavailable:
    "Online payment is unavailable right now. Your booking is kept: please try again later, or call us to pay.",
} as const;

/** A payment's provider and status in words, for screens that list a booking's payments. */
export const PAYMENT_PROVIDER_LABELS = { stripe: "Stripe", paypal: "PayPal", sandbox: "the test sandbox" } as const;
export const PAYMENT_STATUS_LABELS = {
  pending: "pending",
  processing: "processing",
  succeeded: "paid",
  failed: "failed",
  refunded: "refunded",
  cancelled: "cancelled",
} as const;

/** How a payment the built-in sandbox took is marked wherever it is shown (PAYMENTS_SANDBOX). */
export const TEST_PAYMENT_NOTE = "test payment: no real money moved";

export function isPayableAmount(pence: number) {
  return Number.isInteger(pence) && pence >= MINIMUM_PAYMENT_PENCE;
}

/** What a provider says about a payment, in the product's words. */
export type PaymentOutcome = "succeeded" | "processing" | "requires_payment_method" | "failed";

export function outcomeMessage(outcome: PaymentOutcome) {
  if (outcome === "succeeded") return PAYMENT_MESSAGES.succeeded;
  if (outcome === "processing") return PAYMENT_MESSAGES.processing;
  if (outcome === "requires_payment_method") return PAYMENT_MESSAGES.requiresPaymentMethod;
  return PAYMENT_MESSAGES.error;
}

/**
 * A payment settles a booking only when it covers the booking's price in pounds sterling.
 * (A customer who paid an older, higher checkout after adding a discount has paid enough.)
 */
export function paymentCovers(paid: { amountPence: number; currency: string }, pricePence: number) {
  return paid.currency.toLowerCase() === "gbp" && paid.amountPence >= pricePence;
}
