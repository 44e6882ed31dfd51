// Stripe through its official SDK. STRIPE_API_BASE points the SDK at another host (the
// tests' local stand-in of Stripe's API); unset, it talks to api.stripe.com.
import Stripe from "stripe";
import { env } from "~/server/platform/env.server";
import { correlationHeaders } from "~/server/platform/request-context.server";
import type { CardGateway, ProviderPayment } from "./gateway";
import { PaymentProviderError } from "./gateway";

function connection(): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!env.STRIPE_API_BASE) return {};
  const url = new URL(env.STRIPE_API_BASE);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

/** Stripe's fetch client, with the request's id on every call as its correlation id. */
const httpClient = Stripe.createFetchHttpClient((input, init) =>
  fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), ...correlationHeaders() } }),
);

const clients = new Map<string, Stripe>();

function stripeClient(secretKey: string) {
  let client = clients.get(secretKey);
  if (!client) {
    client = new Stripe(secretKey, {
      ...connection(),
      httpClient,
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
    });
    clients.set(secretKey, client);
  }
  return client;
}

/** Stripe's own message for a refused call (safe to show), else a general one. */
/** The metadata field a refund keeps its idempotency key in. */
const REFUND_KEY_METADATA = "easymove_key";

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      const status = error.statusCode && error.statusCode < 500 ? 400 : 502;
      throw new PaymentProviderError(
        error.type === "StripeCardError"
          ? error.message
          : "Payment Setup Error: the payment provider refused the request.",
        status,
      );
    }
    throw error;
  }
}

export type KeyCheck = { ok: true; livemode: boolean } | { ok: false; reason: string };

/**
 * Whether Stripe takes this secret key, by its cheapest authenticated call (the balance), and
 * if not, Stripe's own reason ("Invalid API Key provided: sk_test_****abcd").
 */
export async function checkStripeSecretKey(secretKey: string): Promise<KeyCheck> {
  try {
    const balance = await new Stripe(secretKey, {
      ...connection(),
      maxNetworkRetries: 0,
      timeout: 10_000,
      telemetry: false,
    }).balance.retrieve();
    return { ok: true, livemode: balance.livemode };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.type !== "StripeConnectionError")
      return { ok: false, reason: error.message };
    return { ok: false, reason: "Stripe could not be reached. Please try again in a moment." };
  }
}

async function orNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
    throw error;
  }
}

function intentOutcome(status: Stripe.PaymentIntent.Status): ProviderPayment["outcome"] {
  if (status === "succeeded") return "succeeded";
  if (status === "processing") return "processing";
  if (status === "requires_payment_method") return "requires_payment_method";
  if (status === "canceled") return "failed";
  return "open";
}

function fromIntent(intent: Stripe.PaymentIntent, sessionId: string | null = null): ProviderPayment {
  return {
    provider: "stripe",
    paymentId: intent.id,
    sessionId,
    bookingId: intent.metadata?.bookingId ?? null,
    amountPence: intent.status === "succeeded" ? (intent.amount_received ?? intent.amount) : intent.amount,
    currency: intent.currency,
    outcome: intentOutcome(intent.status),
    failureMessage: intent.last_payment_error?.message ?? null,
    method: "card",
  };
}

export function createStripeGateway(secretKey: string): CardGateway {
  const stripe = stripeClient(secretKey);
  return {
    provider: "stripe",
    async createCheckoutSession(input) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            customer_email: input.customerEmail,
            client_reference_id: input.bookingId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: "gbp",
                  unit_amount: input.amountPence,
                  product_data: { name: input.description },
                },
              },
            ],
            metadata: { bookingId: input.bookingId, reference: input.reference },
            payment_intent_data: { metadata: { bookingId: input.bookingId, reference: input.reference } },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError("No checkout URL received");
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(id) {
      const session = await orNull(() => stripe.checkout.sessions.retrieve(id, { expand: ["payment_intent"] }));
      if (!session) return null;
      const intent = session.payment_intent;
      if (intent && typeof intent !== "string")
        return {
          ...fromIntent(intent, session.id),
          bookingId: session.metadata?.bookingId ?? intent.metadata?.bookingId ?? null,
        };
      return {
        provider: "stripe",
        paymentId: typeof intent === "string" ? intent : session.id,
        sessionId: session.id,
        bookingId: session.metadata?.bookingId ?? null,
        amountPence: session.amount_total ?? 0,
        currency: session.currency ?? "gbp",
        outcome: session.payment_status === "paid" ? "succeeded" : "open",
        failureMessage: null,
        method: "card",
      };
    },
    async createPaymentIntent(input) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: "gbp",
            automatic_payment_methods: { enabled: true },
            // No receipt_email: the customer may change it after this (the card form sends it when
            // paying), and a retry with the same idempotency key must send the same parameters.
            description: input.description,
            metadata: { bookingId: input.bookingId, reference: input.reference },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new PaymentProviderError("Payment Setup Error");
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrievePaymentIntent(id) {
      const intent = await orNull(() => stripe.paymentIntents.retrieve(id));
      return intent ? fromIntent(intent) : null;
    },
    async refund(paymentId, amountPence, idempotencyKey) {
      const refund = await call(() =>
        stripe.refunds.create(
          // The key is kept on the refund too, so it can be found after Stripe forgets the key (findRefund).
          { payment_intent: paymentId, amount: amountPence, metadata: { [REFUND_KEY_METADATA]: idempotencyKey } },
          { idempotencyKey },
        ),
      );
      return { id: refund.id, amountPence: refund.amount };
    },
    async findRefund(paymentId, idempotencyKey) {
      // A payment has few refunds: its whole list is read, newest first.
      for await (const refund of stripe.refunds.list({ payment_intent: paymentId, limit: 100 })) {
        if (refund.metadata?.[REFUND_KEY_METADATA] === idempotencyKey && refund.status !== "failed")
          return { id: refund.id, amountPence: refund.amount };
      }
      return null;
    },
  };
}

/** A webhook's event, or null when the signature does not match (STRIPE_WEBHOOK_SECRET). */
export function verifyStripeEvent(payload: string, signature: string | null, secret: string): Stripe.Event | null {
  if (!signature) return null;
  try {
    return Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    return null;
  }
}

export type StripeEvent = Stripe.Event;

// ---------------------------------------------------------------- Stripe Connect (driver payouts)
// Separate charges and transfers: the customer pays the platform; once the job is payable, a
// transfer moves the driver's share to their Express account, tied to the booking's charge
// (source_transaction) so it waits for those funds. Stripe's own messages are kept for the log.

/** A new Express account for a driver; Stripe collects their identity and bank on its pages. */
export async function createExpressAccount(secretKey: string, driver: { id: string; email: string }) {
  const account = await stripeClient(secretKey).accounts.create(
    {
      type: "express",
      country: "GB",
      email: driver.email,
      capabilities: { transfers: { requested: true } },
      metadata: { driverId: driver.id },
    },
    { idempotencyKey: `express-account-${driver.id}` },
  );
  return account.id;
}

/** The one-time link that sends the driver to Stripe's onboarding (and back to us). */
export async function createOnboardingLink(
  secretKey: string,
  accountId: string,
  urls: { refreshUrl: string; returnUrl: string },
) {
  const link = await stripeClient(secretKey).accountLinks.create({
    account: accountId,
    refresh_url: urls.refreshUrl,
    return_url: urls.returnUrl,
    type: "account_onboarding",
  });
  return link.url;
}

/** Whether the account may receive transfers now. */
export async function accountPayoutsEnabled(secretKey: string, accountId: string) {
  const account = await stripeClient(secretKey).accounts.retrieve(accountId);
  return accountCanReceive(account);
}

export function accountCanReceive(account: Pick<Stripe.Account, "payouts_enabled" | "capabilities">) {
  return Boolean(account.payouts_enabled) && account.capabilities?.transfers === "active";
}

/** The charge behind a PaymentIntent (a transfer's source_transaction). */
export async function chargeOfPaymentIntent(secretKey: string, paymentIntentId: string) {
  const intent = await stripeClient(secretKey).paymentIntents.retrieve(paymentIntentId);
  return typeof intent.latest_charge === "string" ? intent.latest_charge : (intent.latest_charge?.id ?? null);
}

export type TransferOutcome = { ok: true; transferId: string } | { ok: false; reason: string };

/** Moves a job's share to the driver; the idempotency key makes a retried transfer the same one. */
export async function createTransfer(
  secretKey: string,
  input: {
    amountPence: number;
    destination: string;
    sourceTransaction: string;
    transferGroup: string;
    bookingId: string;
    idempotencyKey: string;
  },
): Promise<TransferOutcome> {
  try {
    const transfer = await stripeClient(secretKey).transfers.create(
      {
        amount: input.amountPence,
        currency: "gbp",
        destination: input.destination,
        source_transaction: input.sourceTransaction,
        transfer_group: input.transferGroup,
        metadata: { bookingId: input.bookingId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { ok: true, transferId: transfer.id };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Takes part of a transfer back from the driver's account (a refund after the payout). */
export async function reverseTransfer(
  secretKey: string,
  transferId: string,
  amountPence: number,
  idempotencyKey: string,
): Promise<TransferOutcome> {
  try {
    const reversal = await stripeClient(secretKey).transfers.createReversal(
      transferId,
      { amount: amountPence },
      { idempotencyKey },
    );
    return { ok: true, transferId: reversal.id };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return { ok: false, reason: error.message };
    throw error;
  }
}
