// Which provider takes a card payment: Stripe when its secret key is configured (saved on
// /stripe-config, else the environment), otherwise the built-in sandbox, which takes test
// payments only outside production (or on a staging site with PAYMENTS_SANDBOX=on).
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { env } from "~/server/platform/env.server";
import { cardProviderOf, PaymentProviderError, type CardGateway, type ProviderPayment } from "./gateway";
import { findPayPalRefund, refundPayPalCapture } from "./paypal.server";
import { sandboxGateway } from "./sandbox.server";
import { getStripeKeys } from "./settings.server";
import { createStripeGateway } from "./stripe.server";

export type CardPaymentMode = "stripe" | "sandbox" | "unavailable";

/** How cards are taken now: by Stripe, by the sandbox (test payments), or not at all. */
export async function cardPaymentMode(): Promise<CardPaymentMode> {
  const { secretKey } = await getStripeKeys();
  if (secretKey) return "stripe";
  return env.sandboxPaymentsAllowed ? "sandbox" : "unavailable";
}

/** The gateway that takes a card payment now; a 503 when none may (production without keys). */
export async function cardGateway(): Promise<CardGateway> {
  const { secretKey } = await getStripeKeys();
  if (secretKey) return createStripeGateway(secretKey);
  if (env.sandboxPaymentsAllowed) return sandboxGateway;
  throw new PaymentProviderError(PAYMENT_MESSAGES.unavailable, 503);
}

/** The gateway that issued this id (a payment made in the sandbox stays the sandbox's). */
export async function cardGatewayFor(id: string): Promise<CardGateway | null> {
  if (cardProviderOf(id) === "sandbox") return sandboxGateway;
  const { secretKey } = await getStripeKeys();
  return secretKey ? createStripeGateway(secretKey) : null;
}

/** The publishable key the embedded card form needs, or null in sandbox mode. */
export async function stripePublishableKey() {
  const { secretKey, publishableKey } = await getStripeKeys();
  return secretKey && publishableKey ? publishableKey : null;
}

/**
 * Gives money back through the provider that took it (the cancellations of a later issue use
 * this too). The key makes a retried refund the same refund.
 */
export async function refundPayment(
  payment: Pick<ProviderPayment, "provider" | "paymentId">,
  amountPence: number,
  idempotencyKey: string,
) {
  if (payment.provider === "paypal") return refundPayPalCapture(payment.paymentId, amountPence, idempotencyKey);
  const gateway = await cardGatewayFor(payment.paymentId);
  if (!gateway) throw new PaymentProviderError("Stripe is not configured, so this payment cannot be refunded.", 503);
  return gateway.refund(payment.paymentId, amountPence, idempotencyKey);
}

/** The refund made under this key, if any, asked of the provider (see CardGateway.findRefund). */
export async function findRefund(payment: Pick<ProviderPayment, "provider" | "paymentId">, idempotencyKey: string) {
  if (payment.provider === "paypal") return findPayPalRefund(payment.paymentId, idempotencyKey);
  const gateway = await cardGatewayFor(payment.paymentId);
  if (!gateway) throw new PaymentProviderError("Stripe is not configured, so this refund cannot be looked up.", 503);
  return gateway.findRefund(payment.paymentId, idempotencyKey);
}
