// Paying for a booking, whichever provider takes the money: starting a payment (always for the
// booking's own price, with an idempotency key derived from the booking), and recording what
// the provider says about it. Only a provider's answer marks a booking paid, and only once.
import { createHash } from "node:crypto";
import { messageKey } from "~/domain/message-delivery";
import { isPayableAmount, PAYMENT_MESSAGES, paymentCovers } from "~/domain/payments";
import { nationalPhone } from "~/domain/phone";
import type { CustomerDetails } from "~/schemas/checkout";
import { queueMessage } from "~/server/messages/outbox.server";
import { cardProviderOf, PaymentProviderError, type ProviderPayment } from "~/server/payments/gateway";
import {
  cardGateway,
  cardGatewayFor,
  cardPaymentMode,
  refundPayment,
  stripePublishableKey,
} from "~/server/payments/index.server";
import { capturePayPalOrder, createPayPalOrder, getPayPalOrder } from "~/server/payments/paypal.server";
import { verifyStripeEvent, type StripeEvent } from "~/server/payments/stripe.server";
import { applyAccountUpdate } from "~/server/payouts/payout-details.server";
import { confirmTransfer } from "~/server/payouts/payouts.server";
import { bulkhead, NO_TURN, type Turn } from "~/server/platform/bulkhead.server";
import { isUniqueViolation } from "~/server/platform/db-errors.server";
import { db } from "~/server/platform/db.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { metrics } from "~/server/platform/metrics.server";
import { waitForSpareCapacity } from "~/server/platform/spare-capacity.server";
import type { SessionUser } from "~/views/session-user";
import { claimBooking, type BookingRecord } from "./bookings.server";
import { spendDiscountCode } from "./discount-codes.server";
import { openForDrivers } from "./open-jobs.server";

/** Why a booking cannot be paid now; the message is the one the customer sees. */
export class CheckoutRefusal extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "CheckoutRefusal";
  }
}

function assertPayable(booking: BookingRecord) {
  if (booking.paymentState !== "unpaid") throw new CheckoutRefusal(PAYMENT_MESSAGES.alreadyPaid, 409);
  if (booking.status === "cancelled") throw new CheckoutRefusal(PAYMENT_MESSAGES.cancelled, 409);
  if (!isPayableAmount(booking.finalPrice)) throw new CheckoutRefusal(PAYMENT_MESSAGES.invalidAmount);
}

/** Same booking, price and details: same key, so a retry or double click reuses the first. */
function idempotencyKey(kind: string, booking: BookingRecord, provider: string, details: unknown) {
  const digest = createHash("sha256")
    .update(JSON.stringify({ amount: booking.finalPrice, provider, details }))
    .digest("hex")
    .slice(0, 24);
  return `easymove-${kind}-${booking.id}-${digest}`;
}

/** The customer who pays owns the booking; their details (or their account's) go on it. */
export async function prepareToPay(booking: BookingRecord, user: SessionUser, details: Partial<CustomerDetails> = {}) {
  const claimed = await claimBooking(booking, user);
  assertPayable(claimed);
  const data = {
    customerName: details.customerName ?? claimed.customerName ?? user.username,
    customerEmail: details.customerEmail ?? claimed.customerEmail ?? user.email,
    customerPhone: details.customerPhone ?? claimed.customerPhone,
    specialRequirements: details.specialRequirements ?? claimed.specialRequirements,
    textUpdates: details.textUpdates ?? claimed.textUpdates,
  };
  await db.$transaction([
    db.booking.update({ where: { id: booking.id }, data }),
    // The account keeps the number, so the next checkout fills it in.
    ...(details.customerPhone
      ? [db.user.update({ where: { id: user.id }, data: { phone: details.customerPhone } })]
      : []),
  ]);
  return { ...claimed, ...data };
}

/** The phone this account gave at its last checkout (or the demo's), as people write it; null without one. */
export async function accountPhone(userId: string) {
  const account = await db.user.findUnique({ where: { id: userId }, select: { phone: true } });
  return account?.phone ? nationalPhone(account.phone) : null;
}

const description = (booking: BookingRecord) =>
  `${env.BRAND_NAME} move ${booking.reference}: ${booking.pickupAddress} to ${booking.deliveryAddress}`.slice(0, 250);

/** Stripe Checkout (or the sandbox's page): the URL to send the customer to. */
export async function startHostedCheckout(
  booking: BookingRecord,
  user: SessionUser,
  details: Partial<CustomerDetails>,
) {
  const ready = await prepareToPay(booking, user, details);
  const gateway = await cardGateway();
  const session = await gateway.createCheckoutSession({
    bookingId: ready.id,
    reference: ready.reference,
    description: description(ready),
    amountPence: ready.finalPrice,
    customerEmail: ready.customerEmail,
    // {CHECKOUT_SESSION_ID} is Stripe's placeholder, so the braces must stay as they are.
    successUrl: `${absoluteUrl("/booking-confirmation")}?booking=${ready.id}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: absoluteUrl(`/checkout?booking=${ready.id}&cancelled=1`),
    idempotencyKey: idempotencyKey("checkout", ready, gateway.provider, [ready.customerEmail, ready.customerName]),
  });
  return { provider: gateway.provider, sessionId: session.id, url: session.url };
}

/** The embedded card form's payment: a Stripe PaymentIntent, or a sandbox one. */
export async function startEmbeddedPayment(
  booking: BookingRecord,
  user: SessionUser,
  details: Partial<CustomerDetails> = {},
) {
  const ready = await prepareToPay(booking, user, details);
  const gateway = await cardGateway();
  const intent = await gateway.createPaymentIntent({
    bookingId: ready.id,
    reference: ready.reference,
    description: description(ready),
    amountPence: ready.finalPrice,
    customerEmail: ready.customerEmail,
    idempotencyKey: idempotencyKey("intent", ready, gateway.provider, []),
  });
  return {
    provider: gateway.provider,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    publishableKey: gateway.provider === "stripe" ? await stripePublishableKey() : null,
  };
}

/**
 * What the embedded card page offers for a booking, without starting a payment (its GET
 * changes nothing): the card form's provider and Stripe's publishable key. The form starts the
 * payment itself (startEmbeddedPayment) once it runs. Refused as startEmbeddedPayment would be.
 */
export async function embeddedCardOffer(booking: BookingRecord) {
  assertPayable(booking);
  const mode = await cardPaymentMode();
  if (mode === "unavailable") throw new PaymentProviderError(PAYMENT_MESSAGES.unavailable, 503);
  return { provider: mode, publishableKey: mode === "stripe" ? await stripePublishableKey() : null };
}

/** A PayPal order for the booking's price (POST /paypal/order answers its id). */
export async function startPayPalOrder(booking: BookingRecord, user: SessionUser) {
  const ready = await prepareToPay(booking, user);
  return createPayPalOrder({
    bookingId: ready.id,
    reference: ready.reference,
    amountPence: ready.finalPrice,
    requestId: idempotencyKey("paypal-order", ready, "paypal", []),
  });
}

/**
 * POST /paypal/order/:id/capture: captures the approved order and records the capture PayPal
 * reports. The order must be for a booking this customer may pay.
 */
export async function capturePayPal(orderId: string, canPay: (bookingId: string) => Promise<boolean>) {
  const order = await getPayPalOrder(orderId);
  if (!order?.bookingId || !(await canPay(order.bookingId)))
    return { outcome: "unknown_booking" as const, bookingId: null };
  const payment = await capturePayPalOrder(orderId);
  if (!payment) return { outcome: "unknown_booking" as const, bookingId: null };
  return recordProviderPayment(payment, order.bookingId);
}

// ---------------------------------------------------------------- recording what providers say

export type RecordOutcome =
  "paid" | "already_paid" | "processing" | "unpaid" | "failed" | "underpaid" | "unknown_booking";

const PAYMENT_STATUS: Record<ProviderPayment["outcome"], "succeeded" | "processing" | "pending" | "failed"> = {
  succeeded: "succeeded",
  processing: "processing",
  requires_payment_method: "pending",
  open: "pending",
  failed: "failed",
};

/** Writes the provider's answer on the Payment row, never undoing a success or a refund: the row's id. */
async function savePaymentRow(
  payment: ProviderPayment,
  booking: { id: string; customerName: string | null; customerEmail: string | null },
): Promise<string> {
  const status =
    payment.outcome === "requires_payment_method" && payment.failureMessage
      ? "failed"
      : PAYMENT_STATUS[payment.outcome];
  const where = { provider_providerPaymentId: { provider: payment.provider, providerPaymentId: payment.paymentId } };
  const fields = {
    status,
    failureMessage: payment.failureMessage,
    amountPence: payment.amountPence,
    currency: payment.currency.toUpperCase(),
  };
  // A session looked at before it had a payment (a Stripe Checkout Session, a PayPal order) was
  // recorded under the session's id: that row is this payment's, not a second one.
  const placeholder =
    payment.sessionId && payment.sessionId !== payment.paymentId
      ? { provider_providerPaymentId: { provider: payment.provider, providerPaymentId: payment.sessionId } }
      : null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing =
      (await db.payment.findUnique({ where, select: { id: true, status: true } })) ??
      (placeholder ? await db.payment.findUnique({ where: placeholder, select: { id: true, status: true } }) : null);
    if (existing) {
      if (existing.status === "succeeded" || existing.status === "refunded") return existing.id;
      try {
        await db.payment.updateMany({
          where: { id: existing.id, status: { notIn: ["succeeded", "refunded"] } },
          data: { ...fields, providerPaymentId: payment.paymentId },
        });
        return existing.id;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error; // a parallel call created the payment's row: update that
        continue;
      }
    }
    try {
      const created = await db.payment.create({
        select: { id: true },
        data: {
          ...fields,
          provider: payment.provider,
          providerPaymentId: payment.paymentId,
          providerSessionId: payment.sessionId,
          method: payment.method,
          bookingId: booking.id,
          customerName: booking.customerName ?? "",
          customerEmail: booking.customerEmail ?? "",
        },
      });
      return created.id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // else a parallel call created it: update it
    }
  }
  throw new Error(`Payment ${payment.provider} ${payment.paymentId} could not be saved`);
}

/**
 * Records a payment as its provider reported it. A payment that covers the booking's price
 * marks the booking paid, spends its discount code and sends the confirmation e-mail, all
 * exactly once however often (or however concurrently) the same answer arrives.
 */
export async function recordProviderPayment(
  payment: ProviderPayment,
  expectedBookingId?: string,
): Promise<{ outcome: RecordOutcome; bookingId: string | null }> {
  const recorded = await paymentRecording(() => recordPaymentAnswer(payment, expectedBookingId));
  metrics.payments.inc({ provider: payment.provider, outcome: recorded.outcome });
  return recorded;
}

/** A few payments recorded at once per process: a burst of them leaves pool connections for pages. */
const paymentRecording = bulkhead(4);

/**
 * The customer's return from paying (the confirmation page, POST /api/confirm-booking): one at a
 * time per process, the rest waiting their turn before they touch the database at all. Our own
 * part of a confirmation is a few milliseconds of CPU and queries; run three at once, a burst of
 * them took as long and doubled the pages' p99 meanwhile (docs/PERFORMANCE.md). The provider's
 * answer is awaited outside the turn (confirmPayment), so a slow provider does not queue them.
 */
export const paymentConfirmations = bulkhead(1);

async function recordPaymentAnswer(
  payment: ProviderPayment,
  expectedBookingId?: string,
): Promise<{ outcome: RecordOutcome; bookingId: string | null }> {
  const bookingId = payment.bookingId;
  if (!bookingId || (expectedBookingId && expectedBookingId !== bookingId))
    return { outcome: "unknown_booking", bookingId: null };
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: { id: true, finalPrice: true, paymentState: true, customerName: true, customerEmail: true },
  });
  if (!booking) return { outcome: "unknown_booking", bookingId: null };
  const paymentRowId = await savePaymentRow(payment, booking);

  if (payment.outcome !== "succeeded") {
    if (booking.paymentState === "paid") return { outcome: "already_paid", bookingId };
    const outcome: RecordOutcome =
      payment.outcome === "processing"
        ? "processing"
        : payment.outcome === "failed" || payment.failureMessage
          ? "failed"
          : "unpaid";
    return { outcome, bookingId };
  }
  if (!paymentCovers(payment, booking.finalPrice)) {
    // Paid for less than the booking costs (a checkout opened before its price changed): the
    // booking is not confirmed on it, and the money goes back.
    await refundUnneededPayment(payment, "Refunded: it did not cover the booking's price.");
    return { outcome: booking.paymentState === "paid" ? "already_paid" : "underpaid", bookingId };
  }
  // The conditional update is the once-only gate: of any number of callers, one changes the row.
  // The booking marked paid, its discount code spent and its confirmation e-mail commit together.
  const paid = await db.$transaction(async (tx) => {
    const { count } = await tx.booking.updateMany({
      where: { id: bookingId, paymentState: "unpaid" },
      data: { paymentState: "paid", paidByPaymentId: paymentRowId },
    });
    if (count === 0) return false;
    await spendDiscountCode(bookingId, tx);
    // A paid booking without a driver is an open job for drivers to take.
    await openForDrivers(tx, bookingId);
    await queueMessage(
      tx,
      "booking-confirmed",
      { bookingId },
      { key: messageKey("booking-confirmed", bookingId), bookingId, recipient: booking.customerEmail },
    );
    return true;
  });
  if (!paid) {
    // Paid twice (two checkouts open at once, say card and PayPal): the payment that did not pay
    // the booking goes back, whichever of the two is confirmed again.
    if (!(await paidTheBooking(bookingId, paymentRowId)))
      await refundUnneededPayment(payment, "Refunded: the booking was already paid.");
    return { outcome: "already_paid", bookingId };
  }
  return { outcome: "paid", bookingId };
}

/**
 * Refunds a payment the booking does not need, once: the row's change from succeeded to
 * refunded is the gate, and a refund the provider refuses puts the row back (and is logged).
 */
async function refundUnneededPayment(payment: ProviderPayment, reason: string) {
  const row = { provider: payment.provider, providerPaymentId: payment.paymentId };
  const { count } = await db.payment.updateMany({
    where: { ...row, status: "succeeded" },
    data: { status: "refunded", failureMessage: reason },
  });
  if (count === 0) return;
  try {
    await refundPayment(payment, payment.amountPence, `easymove-refund-${payment.provider}-${payment.paymentId}`);
  } catch (error) {
    await db.payment.updateMany({
      where: { ...row, status: "refunded" },
      data: { status: "succeeded", failureMessage: null },
    });
    console.error(`Refund of unneeded payment ${payment.provider} ${payment.paymentId} failed:`, error);
  }
}

/** How long a confirmation waits at most for the pages to leave room (spare-capacity.server.ts). */
const CONFIRMATION_PAGES_FIRST_MS = 1_000;

export type ConfirmQuery = { paymentIntentId?: string | null; sessionId?: string | null; bookingId?: string | null };

/**
 * The confirmation page and POST /api/confirm-booking: asks the provider about the payment
 * named (a PaymentIntent, a checkout session) and records the answer; with only a booking,
 * the stored result (of an earlier confirmation or a webhook) answers. Within a
 * paymentConfirmations turn, the provider is waited on outside it.
 */
export async function confirmPayment(
  query: ConfirmQuery,
  turn: Turn = NO_TURN,
): Promise<{ outcome: RecordOutcome; bookingId: string | null }> {
  const id = query.paymentIntentId ?? query.sessionId;
  if (id) {
    // Asked again (the browser's retry, a reload): a payment already recorded as the one that
    // paid its booking is answered from our record, without the provider or a wait.
    const settled = await settledBookingOf(id, query);
    if (settled) {
      metrics.payments.inc({ provider: cardProviderOf(id), outcome: "already_paid" });
      return { outcome: "already_paid", bookingId: settled };
    }
  }
  // Pages first: in a rush a confirmation waits a moment for room (its customer is signed in
  // and has paid; the money is safe meanwhile).
  await waitForSpareCapacity(CONFIRMATION_PAGES_FIRST_MS);
  if (id) {
    const gateway = await cardGatewayFor(id);
    if (!gateway) return { outcome: "unknown_booking", bookingId: null };
    const payment = await turn.outside(() =>
      query.paymentIntentId ? gateway.retrievePaymentIntent(id) : gateway.retrieveCheckoutSession(id),
    );
    if (!payment) return { outcome: "unknown_booking", bookingId: null };
    return recordProviderPayment(payment, query.bookingId ?? undefined);
  }
  if (!query.bookingId) return { outcome: "unknown_booking", bookingId: null };
  const booking = await db.booking.findUnique({
    where: { id: query.bookingId },
    select: {
      id: true,
      paymentState: true,
      payments: { orderBy: { updatedAt: "desc" }, take: 1, select: { status: true } },
    },
  });
  if (!booking) return { outcome: "unknown_booking", bookingId: null };
  if (booking.paymentState === "paid") return { outcome: "already_paid", bookingId: booking.id };
  const latest = booking.payments[0]?.status;
  return {
    outcome: latest === "processing" ? "processing" : latest === "failed" ? "failed" : "unpaid",
    bookingId: booking.id,
  };
}

/**
 * Whether this payment (its row's id) is the one that paid the booking. A booking paid before
 * that was recorded (none left after the migration that set it) counts as paid by this payment
 * unless another of its payments succeeded, so the only payment is never refunded.
 */
async function paidTheBooking(bookingId: string, paymentRowId: string) {
  const booking = await db.booking.findUnique({ where: { id: bookingId }, select: { paidByPaymentId: true } });
  if (booking?.paidByPaymentId) return booking.paidByPaymentId === paymentRowId;
  const others = await db.payment.count({
    where: { bookingId, status: "succeeded", refundOfId: null, NOT: { id: paymentRowId } },
  });
  return others === 0;
}

/**
 * The booking a card payment has already paid, as we recorded it when the provider said so: the
 * payment succeeded and is the one that paid its booking (any other payment goes the whole way,
 * where it is refunded). Null otherwise.
 */
async function settledBookingOf(id: string, query: ConfirmQuery): Promise<string | null> {
  const provider = cardProviderOf(id);
  const payment = await db.payment.findFirst({
    where: {
      ...(query.paymentIntentId ? { provider, providerPaymentId: id } : { provider, providerSessionId: id }),
      status: "succeeded",
      paidBooking: { ...(query.bookingId ? { id: query.bookingId } : {}), paymentState: "paid" },
    },
    select: { bookingId: true },
  });
  return payment?.bookingId ?? null;
}

export function outcomeIsConfirmed(outcome: RecordOutcome) {
  return outcome === "paid" || outcome === "already_paid";
}

// ---------------------------------------------------------------- Stripe webhooks

export type WebhookResult = { status: number; body: Record<string, unknown> };

const INTENT_EVENTS = new Set([
  "payment_intent.succeeded",
  "payment_intent.processing",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
]);
const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
]);

/**
 * POST /api/webhooks/stripe: the signature is checked with STRIPE_WEBHOOK_SECRET, the payment
 * is read back from Stripe (events say what happened; Stripe's API says what is true now),
 * and an event id seen before changes nothing.
 */
export async function handleStripeWebhook(payload: string, signature: string | null): Promise<WebhookResult> {
  if (!env.STRIPE_WEBHOOK_SECRET)
    return { status: 400, body: { error: "Webhooks are not configured (STRIPE_WEBHOOK_SECRET)." } };
  const event = verifyStripeEvent(payload, signature, env.STRIPE_WEBHOOK_SECRET);
  if (!event) return { status: 400, body: { error: "Invalid signature" } };
  if (await db.webhookEvent.findUnique({ where: { id: event.id } }))
    return { status: 200, body: { received: true, duplicate: true } };

  const outcome = (await connectOutcome(event)) ?? (await paymentOutcome(event));
  await db.webhookEvent.createMany({
    data: [{ id: event.id, provider: "stripe", type: event.type }],
    skipDuplicates: true,
  });
  return { status: 200, body: { received: true, outcome } };
}

async function paymentOutcome(event: StripeEvent) {
  const payment = await paymentOfEvent(event);
  return payment ? (await recordProviderPayment(payment)).outcome : "ignored";
}

/** Stripe Connect's events (the drivers' payouts): an account's state, a transfer made. Null for others. */
async function connectOutcome(event: StripeEvent) {
  const object = event.data.object as never;
  if (event.type === "account.updated") return (await applyAccountUpdate(object)) ? "account_updated" : "ignored";
  if (event.type === "transfer.created") return (await confirmTransfer(object)) ? "payout_confirmed" : "ignored";
  return null;
}

async function paymentOfEvent(event: StripeEvent): Promise<ProviderPayment | null> {
  const object = event.data.object as { id?: string };
  if (!object.id || !(INTENT_EVENTS.has(event.type) || SESSION_EVENTS.has(event.type))) return null;
  if (cardProviderOf(object.id) !== "stripe") return null;
  const gateway = await cardGatewayFor(object.id);
  if (!gateway) throw new PaymentProviderError("Stripe is not configured, so its event cannot be checked.", 503);
  return INTENT_EVENTS.has(event.type)
    ? gateway.retrievePaymentIntent(object.id)
    : gateway.retrieveCheckoutSession(object.id);
}
