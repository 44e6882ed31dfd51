// The one interface the checkout talks to for card payments. Stripe and the built-in sandbox
// implement it; PayPal's order flow has its own module (paypal.server.ts) but answers in the
// same ProviderPayment shape, so recording a payment is one function for all three.
import type { PaymentOutcome } from "~/domain/payments";

export type CardProvider = "stripe" | "sandbox";

export type CheckoutSessionInput = {
  bookingId: string;
  reference: string;
  description: string;
  amountPence: number;
  customerEmail: string;
  /** Absolute, or a local path for the sandbox. "{CHECKOUT_SESSION_ID}" is filled in by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** Derived from the booking and the request, so a retry or double click makes no second session. */
  idempotencyKey: string;
};

export type PaymentIntentInput = Omit<CheckoutSessionInput, "successUrl" | "cancelUrl">;

/** What the provider says about one payment: the only thing that may mark a booking paid. */
export type ProviderPayment = {
  provider: "stripe" | "sandbox" | "paypal";
  /** The payment's id at the provider: a PaymentIntent, a sandbox intent or a PayPal capture. */
  paymentId: string;
  sessionId: string | null;
  /** From the metadata the app attached when it created the payment. */
  bookingId: string | null;
  amountPence: number;
  currency: string;
  outcome: PaymentOutcome | "open";
  failureMessage: string | null;
  method: "card" | "paypal";
};

export interface CardGateway {
  provider: CardProvider;
  /** The hosted payment page (Stripe Checkout, or the sandbox's own page). */
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  /** Null for an id the provider does not know. */
  retrieveCheckoutSession(id: string): Promise<ProviderPayment | null>;
  /** For the embedded card form. */
  createPaymentIntent(input: PaymentIntentInput): Promise<{ id: string; clientSecret: string }>;
  retrievePaymentIntent(id: string): Promise<ProviderPayment | null>;
  refund(paymentId: string, amountPence: number, idempotencyKey: string): Promise<{ id: string; amountPence: number }>;
  /**
   * The refund made under this key, if any, found by what the refund itself keeps (not by the
   * provider's idempotency window, which ends): how an answer lost on the way back is settled.
   */
  findRefund(paymentId: string, idempotencyKey: string): Promise<{ id: string; amountPence: number } | null>;
}

/** A provider refused or failed a call; the message is safe to show. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status = 502,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/**
 * Whether a provider call failed without a clear no: a timeout, a lost connection or a 5xx, after
 * which the provider may have done what it was asked.
 */
export function answerLost(error: unknown) {
  return !(error instanceof PaymentProviderError) || error.status >= 500;
}

/** Which card provider issued an id: the sandbox's ids start "sbx_". */
export function cardProviderOf(id: string): CardProvider {
  return id.startsWith("sbx_") ? "sandbox" : "stripe";
}
