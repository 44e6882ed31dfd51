// PayPal against the PayPal stand-in: GET /paypal/setup,
// POST /paypal/order for the booking's own price, POST /paypal/order/:id/capture that pays a
// booking only once PayPal has the money, once, and only for the booking's customer; and the
// /paypal-checkout page's loader and test-payment action.
import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const { outbox } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const outbox = mkdtempSync(join(tmpdir(), "easymove-paypal-"));
  vi.stubEnv("OUTBOX_DIR", outbox);
  return { outbox };
});

const { loader: setupLoader, action: setupAction } = await import("~/routes/_checkout+/paypal.setup");
const { action: orderAction, loader: orderLoader } = await import("~/routes/_checkout+/paypal.order");
const { action: captureAction } = await import("~/routes/_checkout+/paypal.order.$id.capture");
const pageModule = await import("~/routes/_checkout+/paypal-checkout");
const newPageModule = await import("~/routes/_checkout+/paypal-checkout-new");
const { db } = await import("~/server/platform/db.server");
const { env } = await import("~/server/platform/env.server");
const { readOutbox } = await import("./messages");
const { PAYMENT_MESSAGES } = await import("~/domain/payments");
const { startPayPalStandIn } = await import("../support/paypal-stand-in");
const { bearerFor, call, createAccount, formRequest, getRequest, jsonRequest, sessionCookie, uniqueIp, unique } =
  await import("./auth-helpers");

type StandIn = Awaited<ReturnType<typeof startPayPalStandIn>>;
type Account = Awaited<ReturnType<typeof createAccount>>;

let paypal: StandIn;
const originalEnv = { id: env.PAYPAL_CLIENT_ID, secret: env.PAYPAL_CLIENT_SECRET, base: env.PAYPAL_API_BASE };
let alice: Account;
let aliceCookie: string;
let bobCookie: string;

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  env.PAYPAL_CLIENT_ID = paypal.clientId;
  env.PAYPAL_CLIENT_SECRET = paypal.clientSecret;
  env.PAYPAL_API_BASE = paypal.baseUrl;
  alice = await createAccount({ role: "customer" });
  aliceCookie = await sessionCookie(alice);
  bobCookie = await sessionCookie(await createAccount({ role: "customer" }));
});

afterAll(async () => {
  env.PAYPAL_CLIENT_ID = originalEnv.id;
  env.PAYPAL_CLIENT_SECRET = originalEnv.secret;
  env.PAYPAL_API_BASE = originalEnv.base;
  await paypal.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

beforeEach(() => paypal.reset());

/** An unpaid £42.00 booking of this customer's, with an e-mail address of its own. */
async function bookingOf(customer: Account, overrides: { finalPrice?: number; status?: "pending" | "cancelled" } = {}) {
  const id = unique();
  return db.booking.create({
    data: {
      reference: `EM-${id.slice(-6).toUpperCase().padStart(6, "0")}`,
      customerId: customer.id,
      status: overrides.status ?? "pending",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: new Date("2027-03-04"),
      vanSize: "small",
      distanceTenths: 20,
      estimatedHours: 1,
      customerName: "Alice Payer",
      customerEmail: `paypal-${id}@example.com`,
      subTotal: 2800,
      platformFee: 700,
      driverShare: 2100,
      vatAmount: 700,
      originalPrice: overrides.finalPrice ?? 4200,
      finalPrice: overrides.finalPrice ?? 4200,
    },
  });
}

type Who = { cookie?: string; token?: string };
const ip = uniqueIp();
const setup = (who: Who = {}) => call(setupLoader, getRequest("/paypal/setup", { ...who, ip }));
const createOrder = (body: unknown, who: Who = { cookie: aliceCookie }) =>
  call(orderAction, jsonRequest("/paypal/order", body, { ...who, ip }));
const capture = (id: string, who: Who = { cookie: aliceCookie }) =>
  call(captureAction, jsonRequest(`/paypal/order/${id}/capture`, {}, { ...who, ip }), { id });
const paypalPayments = (bookingId: string) => db.payment.findMany({ where: { bookingId, provider: "paypal" } });

describe("GET /paypal/setup", () => {
  it("gives a signed-in caller a client token from PayPal, by cookie or bearer token", async () => {
    const byCookie = await setup({ cookie: aliceCookie });
    expect(byCookie.status).toBe(200);
    expect(typeof byCookie.body.clientToken).toBe("string");
    expect(byCookie.body.clientToken.length).toBeGreaterThan(20);
    expect(byCookie.headers.get("cache-control")).toContain("no-store");
    expect(paypal.requests.some((request) => request.path === "/v1/identity/generate-token")).toBe(true);

    const byToken = await setup({ token: await bearerFor(alice) });
    expect(byToken.status).toBe(200);
    expect(byToken.body.clientToken).not.toBe(byCookie.body.clientToken);
  });

  it("is 401 for an anonymous caller and 405 for a POST", async () => {
    const anonymous = await setup();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe("Authentication required");
    expect((await call(setupAction, jsonRequest("/paypal/setup", {}, { cookie: aliceCookie }))).status).toBe(405);
  });

  it("is 503 with an error when PayPal is not configured, and PayPal's failure is a 502, never a 500", async () => {
    env.PAYPAL_CLIENT_SECRET = undefined;
    try {
      const outcome = await setup({ cookie: aliceCookie });
      expect(outcome.status).toBe(503);
      expect(outcome.body.error).toMatch(/PayPal is not configured/);
    } finally {
      env.PAYPAL_CLIENT_SECRET = paypal.clientSecret;
    }
    paypal.failNext({ httpStatus: 500, path: "/v1/identity" });
    const failed = await setup({ cookie: aliceCookie });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe("Payment Setup Error");
  });
});

describe("POST /paypal/order", () => {
  it("makes an order for the booking's price in GBP whatever amount the client sends", async () => {
    const booking = await bookingOf(alice);
    const outcome = await createOrder({ bookingId: booking.id, amount: "0.01", currency: "USD", intent: "AUTHORIZE" });
    expect(outcome.status).toBe(200);
    expect(outcome.body.id).toMatch(/^[A-Z0-9]{17}$/);

    const sent = paypal.requests.find((request) => request.method === "POST" && request.path === "/v2/checkout/orders");
    const unit = (
      sent?.body as {
        intent: string;
        purchase_units: { amount: { currency_code: string; value: string }; custom_id: string }[];
      }
    ).purchase_units[0]!;
    expect((sent?.body as { intent: string }).intent).toBe("CAPTURE");
    expect(unit.amount).toEqual({ currency_code: "GBP", value: "42.00" });
    expect(unit.custom_id).toBe(booking.id);
    // Asked again (a double click), PayPal answers the same order.
    expect((await createOrder({ bookingId: booking.id, amount: 1 })).body.id).toBe(outcome.body.id);
  });

  it("works with a bearer token, and refuses a missing bookingId, a paid booking and a cancelled one with a 4xx", async () => {
    const token = await bearerFor(alice);
    const booking = await bookingOf(alice);
    expect((await createOrder({ bookingId: booking.id }, { token })).status).toBe(200);

    const missing = await createOrder({ amount: "42.00" });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/bookingId is required/);

    await db.booking.update({ where: { id: booking.id }, data: { paymentState: "paid" } });
    const paid = await createOrder({ bookingId: booking.id });
    expect(paid.status).toBe(409);
    expect(paid.body.error).toBe(PAYMENT_MESSAGES.alreadyPaid);

    const cancelled = await createOrder({ bookingId: (await bookingOf(alice, { status: "cancelled" })).id });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error).toBe(PAYMENT_MESSAGES.cancelled);
  });

  it("is 404 for another customer's booking or an unknown one, 401 anonymous, 405 for a GET", async () => {
    const booking = await bookingOf(alice);
    const bobs = await createOrder({ bookingId: booking.id }, { cookie: bobCookie });
    expect(bobs.status).toBe(404);
    expect(bobs.body.error).toBe("Booking not found");
    expect((await createOrder({ bookingId: "no-such-booking" })).status).toBe(404);
    expect((await createOrder({ bookingId: booking.id }, {})).status).toBe(401);
    expect((await call(orderLoader, getRequest("/paypal/order", { cookie: aliceCookie }))).status).toBe(405);
    expect(paypal.requests.filter((request) => request.path === "/v2/checkout/orders")).toHaveLength(0);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).customerId).toBe(alice.id);
  });
});

describe("POST /paypal/order/:id/capture", () => {
  it("pays the booking only after the buyer approved, once, with one e-mail", async () => {
    const booking = await bookingOf(alice);
    const { id } = (await createOrder({ bookingId: booking.id, amount: "0.01" })).body;

    const early = await capture(id);
    expect(early.status).toBe(400);
    expect(early.body.error).toMatch(/not been approved/);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).paymentState).toBe("unpaid");
    expect((await paypalPayments(booking.id)).filter((payment) => payment.status === "succeeded")).toHaveLength(0);
    expect(await readOutbox(booking.customerEmail!)).toHaveLength(0);

    paypal.approveOrder(id);
    const done = await capture(id);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      status: "COMPLETED",
      bookingId: booking.id,
      redirectTo: `/booking-confirmation?booking=${booking.id}`,
    });
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).paymentState).toBe("paid");
    const succeeded = (await paypalPayments(booking.id)).filter((payment) => payment.status === "succeeded");
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({ provider: "paypal", amountPence: 4200, currency: "GBP", method: "paypal" });
    const mails = await readOutbox(booking.customerEmail!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(booking.reference);

    // Captured again (a retry, a second tab): the same answer, nothing new.
    const again = await capture(id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(done.body);
    expect((await paypalPayments(booking.id)).filter((payment) => payment.status === "succeeded")).toHaveLength(1);
    expect(await readOutbox(booking.customerEmail!)).toHaveLength(1);
  });

  it("a refund keeps its key (custom_id), so one whose answer was lost is found again by it", async () => {
    const booking = await bookingOf(alice);
    const { id } = (await createOrder({ bookingId: booking.id })).body;
    paypal.approveOrder(id);
    expect((await capture(id)).status).toBe(200);
    const [charge] = (await paypalPayments(booking.id)).filter((payment) => payment.status === "succeeded");
    const { findPayPalRefund, refundPayPalCapture } = await import("~/server/payments/paypal.server");
    const key = `easymove-claim-test-${booking.id}`;
    expect(await findPayPalRefund(charge!.providerPaymentId, key)).toBeNull();
    const made = await refundPayPalCapture(charge!.providerPaymentId, 1_000, key);
    expect(await findPayPalRefund(charge!.providerPaymentId, key)).toEqual(made);
    expect(await findPayPalRefund(charge!.providerPaymentId, `${key}-other`)).toBeNull();
  });

  it("is 404 for another customer, whose call captures nothing, and for an unknown order; 401 anonymous", async () => {
    const booking = await bookingOf(alice);
    const { id } = (await createOrder({ bookingId: booking.id })).body;
    paypal.approveOrder(id);

    const bobs = await capture(id, { cookie: bobCookie });
    expect(bobs.status).toBe(404);
    expect(bobs.body.error).toBe("PayPal order not found");
    expect(paypal.requests.some((request) => request.path.endsWith("/capture"))).toBe(false);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).paymentState).toBe("unpaid");

    expect((await capture(id, {})).status).toBe(401);
    expect((await capture("NOSUCHORDER000000")).status).toBe(404);
    expect((await capture("../../v1/oauth2/token")).status).toBe(404);

    // Alice herself, by bearer token, still can.
    const done = await capture(id, { token: await bearerFor(alice) });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("COMPLETED");
  });

  it("answers PayPal's failure as a 4xx/502 message, never a 500, and leaves the booking unpaid", async () => {
    const booking = await bookingOf(alice);
    const { id } = (await createOrder({ bookingId: booking.id })).body;
    paypal.approveOrder(id);
    paypal.failNext({ httpStatus: 503, path: `/v2/checkout/orders/${id}/capture` });
    const outcome = await capture(id);
    expect(outcome.status).toBe(502);
    expect(outcome.body.error).toMatch(/^Payment Failed/);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).paymentState).toBe("unpaid");
  });
});

describe("/paypal-checkout", () => {
  const page = (bookingId: string | null, cookie: string | null = aliceCookie) =>
    call(pageModule.loader, getRequest(`/paypal-checkout${bookingId ? `?booking=${bookingId}` : ""}`, { cookie }));

  it("sends a signed-out visitor to sign in and back", async () => {
    const booking = await bookingOf(alice);
    const outcome = await page(booking.id, null);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/signin?redirectTo=${encodeURIComponent(`/paypal-checkout?booking=${booking.id}`)}`);
  });

  it("shows the booking and gives the browser PayPal's client id, never the secret", async () => {
    const booking = await bookingOf(alice);
    const outcome = await page(booking.id);
    expect(outcome.status).toBe(200);
    expect(outcome.body.booking.total).toBe("£42.00");
    expect(outcome.body.paypal).toEqual({ clientId: paypal.clientId, environment: "sandbox" });
    expect(JSON.stringify(outcome.body)).not.toContain(paypal.clientSecret);
    expect(pageModule.handle.thirdParties).toEqual(["paypal"]);
    expect(newPageModule.loader).toBe(pageModule.loader);
    expect(newPageModule.default).toBe(pageModule.default);
  });

  it("has no booking for another customer or none at all, and sends a paid booking to its confirmation", async () => {
    const booking = await bookingOf(alice);
    expect((await page(booking.id, bobCookie)).body.booking).toBeNull();
    expect((await page(null)).body.booking).toBeNull();
    await db.booking.update({ where: { id: booking.id }, data: { paymentState: "paid" } });
    const paid = await page(booking.id);
    expect(paid.status).toBe(302);
    expect(paid.location).toBe(`/booking-confirmation?booking=${booking.id}`);
  });

  it("without PayPal keys takes a test payment on the sandbox's page (303), and says why it cannot", async () => {
    env.PAYPAL_CLIENT_ID = undefined;
    try {
      const booking = await bookingOf(alice);
      const shown = await page(booking.id);
      expect(shown.body.paypal).toBeNull();
      expect(shown.body.paymentMode).toBe("sandbox");

      const post = (bookingId: string, cookie = aliceCookie) =>
        call(pageModule.action, formRequest(`/paypal-checkout?booking=${bookingId}`, { bookingId }, { cookie }));
      const outcome = await post(booking.id);
      expect(outcome.status).toBe(303);
      expect(outcome.location).toMatch(/^\/sandbox-checkout\/sbx_cs_[0-9a-f]+$/);
      const checkout = await db.sandboxCheckout.findUniqueOrThrow({
        where: { id: outcome.location!.split("/").pop()! },
      });
      expect(checkout.amountPence).toBe(4200);
      expect(checkout.bookingId).toBe(booking.id);

      const bobs = await post(booking.id, bobCookie);
      expect(bobs.status).toBe(404);
      expect(bobs.body.formError).toBe("No booking information found");

      const cancelled = await bookingOf(alice, { status: "cancelled" });
      const refused = await post(cancelled.id);
      expect(refused.status).toBe(409);
      expect(refused.body.formError).toBe(PAYMENT_MESSAGES.cancelled);
    } finally {
      env.PAYPAL_CLIENT_ID = paypal.clientId;
    }
  });
});
