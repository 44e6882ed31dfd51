// /payment-test: proves the configured keys work without charging anyone. A card test makes a
// PaymentIntent (Stripe, or the sandbox without Stripe keys) and a PayPal test makes an order;
// neither is ever confirmed, so no money moves. Each has a fresh idempotency key, so every
// submission asks the provider again.
import { randomUUID } from "node:crypto";
import { formatPounds } from "~/domain/money";
import type { PaymentOutcome } from "~/domain/payments";
import { PAYMENT_TEST_MESSAGES, type PaymentTestProvider } from "~/schemas/payment-test";
import { PaymentProviderError } from "~/server/payments/gateway";
import { cardGateway, cardPaymentMode } from "~/server/payments/index.server";
import { createPayPalOrder, getPayPalOrder, paypalConfigured } from "~/server/payments/paypal.server";
import { env } from "~/server/platform/env.server";
import type { SessionUser } from "~/views/session-user";

/** Not a booking: payments made here can never mark one paid. */
export const PAYMENT_TEST_BOOKING_ID = "payment-test";

const PROVIDER_NAMES = { stripe: "Stripe", sandbox: "Sandbox (test mode)", paypal: "PayPal" } as const;

const STATUS_TEXT: Record<PaymentOutcome | "open", string> = {
  open: "Created, waiting for payment",
  requires_payment_method: "Created, waiting for payment details",
  processing: "Processing",
  succeeded: "Succeeded",
  failed: "Failed",
};

export type PaymentTestResult = {
  provider: keyof typeof PROVIDER_NAMES;
  providerName: string;
  id: string;
  status: PaymentOutcome | "open";
  statusText: string;
  amount: string;
};

/** Which card provider a test would use now: the page names it beside the radio. */
export async function cardTestProvider() {
  return cardPaymentMode();
}

export async function createTestPayment(
  { amountPence, provider }: { amountPence: number; provider: PaymentTestProvider },
  admin: SessionUser,
): Promise<PaymentTestResult> {
  const key = `payment-test-${randomUUID()}`;
  const description = `${env.BRAND_NAME} payment test (never charged)`;
  if (provider === "paypal") {
    if (!(await paypalConfigured())) throw new PaymentProviderError(PAYMENT_TEST_MESSAGES.paypalNotConfigured, 400);
    const order = await createPayPalOrder({
      bookingId: PAYMENT_TEST_BOOKING_ID,
      reference: "payment test",
      amountPence,
      requestId: key,
    });
    // Read back, so the status is PayPal's own answer about the order it now holds.
    const stored = await getPayPalOrder(order.id);
    return result("paypal", order.id, stored?.outcome ?? "open", amountPence);
  }
  const gateway = await cardGateway();
  const intent = await gateway.createPaymentIntent({
    bookingId: PAYMENT_TEST_BOOKING_ID,
    reference: "payment test",
    description,
    amountPence,
    customerEmail: admin.email,
    idempotencyKey: key,
  });
  const stored = await gateway.retrievePaymentIntent(intent.id);
  return result(gateway.provider, intent.id, stored?.outcome ?? "open", amountPence);
}

function result(
  provider: PaymentTestResult["provider"],
  id: string,
  status: PaymentTestResult["status"],
  amountPence: number,
): PaymentTestResult {
  return {
    provider,
    providerName: PROVIDER_NAMES[provider],
    id,
    status,
    statusText: STATUS_TEXT[status],
    amount: formatPounds(amountPence),
  };
}
