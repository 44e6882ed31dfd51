// Cancellations under the terms: more than 24 hours before the
// move the refund is full, under 24 hours half, back through the provider that took the
// payment (Stripe and PayPal through their local stand-ins, and the built-in sandbox). The
// refund is a Payment row of its own, the booking becomes cancelled, an e-mail says so, a
// second cancel (or twenty at once) changes nothing more, and nobody but the booking's
// customer can see or cancel it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatPounds } from "~/domain/money";
import { ukDateTime } from "~/domain/uk-calendar";
import { loader as bookingsLoader } from "~/routes/_bookings+/bookings";
import { action as cancelAction, loader as cancelLoader } from "~/routes/_bookings+/bookings_.$id.cancel";
import { listPayments, paymentsCsv } from "~/server/admin/payments.server";
import { getAdminStats } from "~/server/admin/stats.server";
import { CANCELLATION_MESSAGES } from "~/server/bookings/cancellations.server";
import { recordProviderPayment } from "~/server/bookings/checkout.server";
import { capturePayPalOrder, createPayPalOrder } from "~/server/payments/paypal.server";
import { payWithSandboxCard, sandboxGateway } from "~/server/payments/sandbox.server";
import { createStripeGateway } from "~/server/payments/stripe.server";
import { db } from "~/server/platform/db.server";
import { payPalEnv, useEnv } from "../support/env";
import { startPayPalStandIn, type PayPalStandIn } from "../support/paypal-stand-in";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { call, createAccount, formRequest, getRequest, sessionCookie, unique } from "./auth-helpers";
import { readOutbox } from "./messages";

const SECRET_KEY = "sk_test_cancellationsStandIn";
const HOUR = 3_600_000;

let stripe: StripeStandIn;
let paypal: PayPalStandIn;
beforeAll(async () => {
  [stripe, paypal] = await Promise.all([startStripeStandIn(), startPayPalStandIn()]);
  // Keys saved at /stripe-config would win over these.
  await db.paymentSetting.deleteMany({ where: { provider: "stripe" } });
});
useEnv(() => ({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_BASE: stripe.baseUrl, ...payPalEnv(paypal) }));

afterAll(async () => {
  await Promise.all([stripe.close(), paypal.close()]);
});

beforeEach(() => {
  stripe.requests.length = 0;
  paypal.requests.length = 0;
});

// ------------------------------------------------------------------------- helpers

type Account = Awaited<ReturnType<typeof createAccount>>;
type Provider = "stripe" | "paypal" | "sandbox";

/** A customer's booking whose move starts `hoursAhead` from now (UK wall clock), unpaid. */
async function bookingOf(
  customer: Account,
  { hoursAhead = 72, finalPrice = 12_345, status = "pending" as "pending" | "assigned" | "in_progress" } = {},
) {
  const id = unique();
  const start = ukDateTime(new Date(Date.now() + hoursAhead * HOUR));
  return db.booking.create({
    data: {
      reference: `EM-${id.slice(-6).toUpperCase().padStart(6, "0")}`,
      customerId: customer.id,
      status,
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: new Date(`${start.date}T00:00:00Z`),
      moveTime: start.time,
      vanSize: "medium",
      distanceTenths: 20,
      estimatedHours: 2,
      customerName: "Casey Cancel",
      customerEmail: `cancel-${id}@example.com`,
      subTotal: finalPrice - 2000,
      platformFee: 1000,
      driverShare: 3000,
      vatAmount: 1000,
      originalPrice: finalPrice,
      finalPrice,
    },
  });
}
type Booking = Awaited<ReturnType<typeof bookingOf>>;

/** Pays the booking's price through the provider, as the checkout does; returns the provider's payment id. */
async function pay(booking: Booking, provider: Provider) {
  const input = {
    bookingId: booking.id,
    reference: booking.reference,
    description: `Booking ${booking.reference}`,
    amountPence: booking.finalPrice,
    customerEmail: booking.customerEmail!,
    idempotencyKey: `test-pay-${booking.id}`,
  };
  let payment;
  if (provider === "stripe") {
    const gateway = createStripeGateway(SECRET_KEY);
    const intent = await gateway.createPaymentIntent(input);
    stripe.setPaymentIntentStatus(intent.id, "succeeded");
    payment = await gateway.retrievePaymentIntent(intent.id);
  } else if (provider === "paypal") {
    const order = await createPayPalOrder({ ...input, requestId: `test-order-${booking.id}` });
    paypal.approveOrder(order.id);
    payment = await capturePayPalOrder(order.id);
  } else {
    const intent = await sandboxGateway.createPaymentIntent(input);
    payment = (await payWithSandboxCard(intent.id, "4242 4242 4242 4242"))!.payment;
  }
  expect((await recordProviderPayment(payment!)).outcome).toBe("paid");
  stripe.requests.length = 0;
  paypal.requests.length = 0;
  return payment!.paymentId;
}

async function customer() {
  const account = await createAccount({ role: "customer" });
  return { account, cookie: await sessionCookie(account) };
}

const confirmationStep = (bookingId: string, cookie?: string) =>
  call(cancelLoader, getRequest(`/bookings/${bookingId}/cancel`, { cookie }), { id: bookingId });
const cancel = (bookingId: string, cookie?: string, fields: Record<string, string> = {}) =>
  call(cancelAction, formRequest(`/bookings/${bookingId}/cancel`, fields, { cookie }), { id: bookingId });

const stripeRefunds = () =>
  stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/refunds");
const paypalRefunds = () =>
  paypal.requests.filter(
    (request) => request.method === "POST" && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(request.path),
  );
const refundRows = (bookingId: string) => db.payment.findMany({ where: { bookingId, refundOfId: { not: null } } });
const cancellationEmails = async (booking: Booking) =>
  (await readOutbox(booking.customerEmail!)).filter(
    (message) => message.subject === `Booking cancelled: ${booking.reference}`,
  );

/** A cancellation that went through: back to /bookings with a toast (in the session cookie). */
async function expectCancelled(outcome: Awaited<ReturnType<typeof cancel>>) {
  expect(outcome.status).toBe(302);
  expect(outcome.location).toBe("/bookings");
  expect(outcome.headers.get("set-cookie")).toBeTruthy();
}

// ------------------------------------------------------------------------- refunds

describe.each([
  {
    provider: "stripe" as const,
    refundsSeen: (): any[] => stripeRefunds(),
    amountOf: (request: any) => Number(request.body.amount),
    idOf: /^re_test_/,
  },
  {
    provider: "paypal" as const,
    refundsSeen: (): any[] => paypalRefunds(),
    amountOf: (request: any) => Math.round(Number(request.body.amount.value) * 100),
    idOf: /^\w+$/,
  },
  { provider: "sandbox" as const, refundsSeen: (): any[] => [], amountOf: () => 0, idOf: /^sbx_re_/ },
])("cancelling a booking paid through $provider", ({ provider, refundsSeen, amountOf, idOf }) => {
  it("more than 24 hours before the move: states the full refund first, refunds it all, records it, cancels, e-mails", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 72, finalPrice: 12_345 });
    const paymentId = await pay(booking, provider);

    const step = await confirmationStep(booking.id, cookie);
    expect(step.status).toBe(200);
    expect(step.body.state).toBe("cancellable");
    expect(step.body.offer).toMatchObject({ kind: "full", refundPercent: 100, refundPence: 12_345, paidPence: 12_345 });
    expect(step.body.offer.summary).toBe(
      "You will get £123.45 back: a full refund, because your move is more than 24 hours away.",
    );

    await expectCancelled(await cancel(booking.id, cookie));

    if (provider !== "sandbox") {
      const seen = refundsSeen();
      expect(seen).toHaveLength(1);
      expect(amountOf(seen[0])).toBe(12_345);
      if (provider === "stripe") {
        expect(seen[0].body.payment_intent).toBe(paymentId);
        expect(seen[0].idempotencyKey).toContain(booking.id);
      } else {
        expect(seen[0].path).toBe(`/v2/payments/captures/${paymentId}/refund`);
        expect(seen[0].paypalRequestId).toContain(booking.id);
      }
    }
    const after = await db.booking.findUniqueOrThrow({ where: { id: booking.id }, include: { payments: true } });
    expect(after.status).toBe("cancelled");
    expect(after.cancelledAt).toBeInstanceOf(Date);
    expect(after.paymentState).toBe("refunded");
    const charge = after.payments.find((payment) => payment.refundOfId === null)!;
    expect(charge).toMatchObject({ status: "succeeded", amountPence: 12_345, providerPaymentId: paymentId });
    const refunds = after.payments.filter((payment) => payment.refundOfId !== null);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      refundOfId: charge.id,
      provider,
      amountPence: 12_345,
      status: "refunded",
      method: "refund",
      customerName: charge.customerName,
      customerEmail: charge.customerEmail,
    });
    expect(refunds[0]!.providerPaymentId).toMatch(idOf);
    expect(refunds[0]!.providerPaymentId).not.toBe(paymentId);

    const emails = await cancellationEmails(booking);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("We have refunded £123.45 in full");
  });

  it("under 24 hours before the move: refunds half (odd pence round down) and the booking is partly refunded", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 5, finalPrice: 12_345 });
    await pay(booking, provider);

    const step = await confirmationStep(booking.id, cookie);
    expect(step.body.offer).toMatchObject({ kind: "half", refundPercent: 50, refundPence: 6_172 });
    expect(step.body.offer.summary).toBe(
      "You will get £61.72 back: half of the £123.45 you paid, because your move is less than 24 hours away.",
    );

    await expectCancelled(await cancel(booking.id, cookie));
    if (provider !== "sandbox") {
      expect(refundsSeen()).toHaveLength(1);
      expect(amountOf(refundsSeen()[0])).toBe(6_172);
    }
    const after = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(after).toMatchObject({ status: "cancelled", paymentState: "partially_refunded" });
    const refunds = await refundRows(booking.id);
    expect(refunds.map((refund) => [refund.provider, refund.amountPence, refund.status, refund.method])).toEqual([
      [provider, 6_172, "refunded", "refund"],
    ]);
    const emails = await cancellationEmails(booking);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("We have refunded £61.72, half of the £123.45 you paid");
  });

  it("a second cancel changes nothing and says the booking is already cancelled", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 48 });
    await pay(booking, provider);
    await expectCancelled(await cancel(booking.id, cookie));
    const first = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });

    const again = await cancel(booking.id, cookie);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(CANCELLATION_MESSAGES.alreadyCancelled);
    const step = await confirmationStep(booking.id, cookie);
    expect(step.body).toMatchObject({
      state: "cancelled",
      offer: null,
      message: CANCELLATION_MESSAGES.alreadyCancelled,
    });

    if (provider !== "sandbox") expect(refundsSeen()).toHaveLength(1);
    expect(await refundRows(booking.id)).toHaveLength(1);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toEqual(first);
    expect(await cancellationEmails(booking)).toHaveLength(1);
  });
});

describe("cancelling at once, twice, refused, unpaid", () => {
  it("20 parallel cancels refund exactly once; the other 19 hear it is already cancelled", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 96, finalPrice: 8_000 });
    await pay(booking, "stripe");

    const outcomes = await Promise.all(Array.from({ length: 20 }, () => cancel(booking.id, cookie)));
    expect(outcomes.filter((outcome) => outcome.status === 302)).toHaveLength(1);
    const refused = outcomes.filter((outcome) => outcome.status !== 302);
    expect(refused).toHaveLength(19);
    for (const outcome of refused)
      expect({ status: outcome.status, error: outcome.body.error }).toEqual({
        status: 409,
        error: CANCELLATION_MESSAGES.alreadyCancelled,
      });

    expect(stripeRefunds()).toHaveLength(1);
    expect((await refundRows(booking.id)).map((refund) => refund.amountPence)).toEqual([8_000]);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
    });
    expect(await cancellationEmails(booking)).toHaveLength(1);
  });

  it("a refund the provider refuses leaves the booking as it was and says so; trying again refunds once", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 72, finalPrice: 9_000, status: "assigned" });
    await pay(booking, "stripe");

    stripe.failNext({ httpStatus: 400, path: "/v1/refunds", message: "No such charge." });
    const refused = await cancel(booking.id, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(CANCELLATION_MESSAGES.refundFailed);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "assigned",
      cancelledAt: null,
      paymentState: "paid",
    });
    expect(await refundRows(booking.id)).toHaveLength(0);
    expect(await cancellationEmails(booking)).toHaveLength(0);
    expect((await confirmationStep(booking.id, cookie)).body.state).toBe("cancellable");

    await expectCancelled(await cancel(booking.id, cookie));
    expect(stripeRefunds()).toHaveLength(2); // the refused one and the one that went through
    expect((await refundRows(booking.id)).map((refund) => refund.amountPence)).toEqual([9_000]);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
    });
  });

  it("a PayPal refund PayPal fails (5xx) is refused the same way, never a 500", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 72 });
    await pay(booking, "paypal");
    paypal.failNext({ httpStatus: 503, path: "/v2/payments/captures/" });
    const refused = await cancel(booking.id, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(CANCELLATION_MESSAGES.refundFailed);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "pending",
      paymentState: "paid",
    });
  });

  it("a refund that changed since the step stated it (the move came within 24 hours) cancels nothing and states the new one", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 5, finalPrice: 12_345 });
    await pay(booking, "stripe");
    // The page was opened when the move was more than 24 hours away: it stated £123.45.
    const stale = await cancel(booking.id, cookie, { refundPence: "12345" });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      reason: "terms_changed",
      error: CANCELLATION_MESSAGES.termsChanged,
      offer: { kind: "half", refundPence: 6_172 },
    });
    expect(stripeRefunds()).toHaveLength(0);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "pending",
      paymentState: "paid",
      cancelledAt: null,
    });

    await expectCancelled(await cancel(booking.id, cookie, { refundPence: "6172" }));
    expect((await refundRows(booking.id)).map((refund) => refund.amountPence)).toEqual([6_172]);
  });

  it("an unpaid booking is cancelled with nothing to refund and its payment state unchanged", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 5 });
    const step = await confirmationStep(booking.id, cookie);
    expect(step.body.offer).toMatchObject({ kind: "unpaid", refundPence: 0, paidPence: 0 });
    expect(step.body.offer.summary).toBe("Nothing has been paid for this booking yet, so there is nothing to refund.");

    await expectCancelled(await cancel(booking.id, cookie));
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "cancelled",
      paymentState: "unpaid",
    });
    expect(await refundRows(booking.id)).toHaveLength(0);
    expect(stripeRefunds()).toHaveLength(0);
    const emails = await cancellationEmails(booking);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("there is nothing to refund");
  });

  it("a move under way cannot be cancelled: the step says so and the post is a 409", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 1, status: "in_progress" });
    await pay(booking, "sandbox");
    const step = await confirmationStep(booking.id, cookie);
    expect(step.body).toMatchObject({
      state: "not_cancellable",
      offer: null,
      message: CANCELLATION_MESSAGES.notCancellable,
    });
    const refused = await cancel(booking.id, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(CANCELLATION_MESSAGES.notCancellable);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "in_progress",
      paymentState: "paid",
    });
  });
});

// ------------------------------------------------------------------------- admins see it

describe("admin figures and lists after a cancellation", () => {
  it("revenue drops by the refund; the payments list and CSV show the refund row; the bookings list shows cancelled", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 5, finalPrice: 10_001 });
    await pay(booking, "stripe");
    const before = await getAdminStats();
    await expectCancelled(await cancel(booking.id, cookie));
    const after = await getAdminStats();
    expect(Math.round((before.totalRevenue - after.totalRevenue) * 100)).toBe(5_000);

    const payments = (await listPayments({ search: booking.reference }, { page: 1, take: 10, skip: 0 })).entries.map(
      (entry) => (entry.type === "payment" ? entry.payment : null)!,
    );
    expect(payments.map((payment) => [payment.method, payment.status, payment.amountPence]).sort()).toEqual([
      ["card", "succeeded", 10_001],
      ["refund", "refunded", 5_000],
    ]);
    const csv: string[] = [];
    for await (const line of paymentsCsv({ search: booking.reference })) csv.push(line);
    expect(csv.filter((line) => line.includes(",refund,"))).toHaveLength(1);
    expect(csv.find((line) => line.includes(",refund,"))).toContain("50.00,refunded");

    const { listBookings, bookingRow } = await import("~/server/admin/bookings.server");
    const rows = (await listBookings({ searchTerm: booking.reference })).rows.map(bookingRow);
    expect(rows.map((row) => [row.status, row.paymentState, row.paymentLabel])).toEqual([
      ["cancelled", "partially_refunded", "Partly refunded"],
    ]);
  });
});

// ------------------------------------------------------------------------- who may

describe("who may see and cancel a booking", () => {
  it("another customer, a driver and an anonymous visitor can neither see nor cancel it", async () => {
    const owner = await customer();
    const booking = await bookingOf(owner.account, { hoursAhead: 72 });
    await pay(booking, "stripe");
    const other = await customer();
    const driver = await createAccount({ role: "driver" });
    const driverCookie = await sessionCookie(driver);

    for (const cookie of [other.cookie, driverCookie]) {
      const step = await confirmationStep(booking.id, cookie);
      expect({ status: step.status, thrown: step.thrown }).toEqual({ status: 404, thrown: true });
      const post = await cancel(booking.id, cookie);
      expect({ status: post.status, thrown: post.thrown }).toEqual({ status: 404, thrown: true });
    }
    const anonymousStep = await confirmationStep(booking.id);
    expect(anonymousStep.status).toBe(302);
    expect(anonymousStep.location).toMatch(/^\/signin\?redirectTo=/);
    const anonymousPost = await cancel(booking.id);
    expect(anonymousPost.status).toBe(302);
    expect(anonymousPost.location).toMatch(/^\/signin\?redirectTo=/);

    expect(stripeRefunds()).toHaveLength(0);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "pending",
      paymentState: "paid",
      cancelledAt: null,
    });
    expect(await refundRows(booking.id)).toHaveLength(0);

    // An unknown id is the same 404.
    expect((await confirmationStep("no-such-booking", owner.cookie)).status).toBe(404);
    expect((await cancel("no-such-booking", owner.cookie)).status).toBe(404);
  });

  it("/bookings lists only the signed-in customer's own bookings, newest first, and sends drivers, admins and visitors elsewhere", async () => {
    const owner = await customer();
    const older = await bookingOf(owner.account, { hoursAhead: 72, finalPrice: 4_200 });
    await db.booking.update({ where: { id: older.id }, data: { createdAt: new Date(Date.now() - 86_400_000) } });
    const newer = await bookingOf(owner.account, { hoursAhead: 100, finalPrice: 5_050, status: "in_progress" });
    const other = await customer();
    await bookingOf(other.account);

    const list = await call(bookingsLoader, getRequest("/bookings", { cookie: owner.cookie }));
    expect(list.status).toBe(200);
    expect(list.body.bookings.map((row: any) => row.reference)).toEqual([newer.reference, older.reference]);
    expect(list.body.bookings[0]).toMatchObject({
      priceText: formatPounds(5_050),
      statusLabel: "In progress",
      paymentLabel: "Unpaid",
      cancellable: false,
      payable: false,
      van: expect.any(String),
    });
    // A pending booking not paid yet offers "Pay now" (back to its checkout).
    expect(list.body.bookings[1]).toMatchObject({
      priceText: "£42.00",
      cancellable: true,
      payable: true,
      pickupAddress: older.pickupAddress,
      deliveryAddress: older.deliveryAddress,
    });
    expect(list.body.info.total).toBe(2);

    const empty = await call(bookingsLoader, getRequest("/bookings", { cookie: (await customer()).cookie }));
    expect(empty.body.bookings).toEqual([]);
    expect(empty.body.info).toMatchObject({ total: 0, pages: 1 });

    // Past a page (10): each page knows the whole count, the last one and one beyond too.
    const regular = await customer();
    for (let index = 0; index < 12; index++) await bookingOf(regular.account);
    for (const [page, rows] of [
      [1, 10],
      [2, 2],
      [3, 0],
    ]) {
      const listed = await call(bookingsLoader, getRequest(`/bookings?page=${page}`, { cookie: regular.cookie }));
      expect([listed.body.bookings.length, listed.body.info]).toMatchObject([rows, { page, total: 12, pages: 2 }]);
    }

    const driverCookie = await sessionCookie(await createAccount({ role: "driver" }));
    expect((await call(bookingsLoader, getRequest("/bookings", { cookie: driverCookie }))).location).toBe("/driver");
    const adminCookie = await sessionCookie(await createAccount({ role: "admin" }));
    expect((await call(bookingsLoader, getRequest("/bookings", { cookie: adminCookie }))).location).toBe(
      "/admin/bookings",
    );
    const anonymous = await call(bookingsLoader, getRequest("/bookings"));
    expect(anonymous.location).toBe(`/signin?redirectTo=${encodeURIComponent("/bookings")}`);
  });

  it("an admin may cancel a customer's booking: the refund and the e-mail are the customer's", async () => {
    const { account } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 72, finalPrice: 5_000 });
    await pay(booking, "sandbox");
    const adminCookie = await sessionCookie(await createAccount({ role: "admin" }));
    expect((await confirmationStep(booking.id, adminCookie)).body.offer).toMatchObject({
      kind: "full",
      refundPence: 5_000,
    });
    const outcome = await cancel(booking.id, adminCookie);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin/bookings");
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
    });
    expect((await refundRows(booking.id)).map((refund) => refund.amountPence)).toEqual([5_000]);
    expect(await cancellationEmails(booking)).toHaveLength(1);
  });

  it("/bookings comes a page at a time", async () => {
    const { account, cookie } = await customer();
    const made = [];
    for (let index = 0; index < 12; index++) {
      const booking = await bookingOf(account);
      made.push(
        await db.booking.update({
          where: { id: booking.id },
          data: { createdAt: new Date(Date.now() - (12 - index) * 60_000) },
        }),
      );
    }
    const newestFirst = made.reverse().map((booking) => booking.reference);
    const first = await call(bookingsLoader, getRequest("/bookings", { cookie }));
    expect(first.body.info).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(first.body.bookings.map((row: any) => row.reference)).toEqual(newestFirst.slice(0, 10));
    const second = await call(bookingsLoader, getRequest("/bookings?page=2", { cookie }));
    expect(second.body.bookings.map((row: any) => row.reference)).toEqual(newestFirst.slice(10));
  });

  it("shows a cancelled booking's refund in the list", async () => {
    const { account, cookie } = await customer();
    const booking = await bookingOf(account, { hoursAhead: 72, finalPrice: 7_000 });
    await pay(booking, "paypal");
    await expectCancelled(await cancel(booking.id, cookie));
    const list = await call(bookingsLoader, getRequest("/bookings", { cookie }));
    expect(list.body.bookings[0]).toMatchObject({
      reference: booking.reference,
      status: "cancelled",
      paymentState: "refunded",
      refundedText: "£70.00",
      cancellable: false,
    });
  });
});
