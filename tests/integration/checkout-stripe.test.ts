// Checkout with Stripe configured, against the local stand-in of Stripe's API
// (tests/support/stripe-stand-in.ts) through the real SDK: sessions and intents are made for the
// booking's own price with an idempotency key derived from the booking, only Stripe's answer
// marks a booking paid (and only once), and webhooks are signed, checked and idempotent.
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatPounds } from "~/domain/money";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { loader as confirmationLoader } from "~/routes/_checkout+/booking-confirmation";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/_checkout+/checkout";
import { action as embeddedAction, loader as embeddedLoader } from "~/routes/_checkout+/embedded-checkout";
import { action as stripeCheckoutAction } from "~/routes/_checkout+/stripe-checkout";
import { action as quoteAction } from "~/routes/_quote+/quote";
import { action as confirmApi } from "~/routes/api+/confirm-booking";
import { action as paymentIntentApi } from "~/routes/api+/create-payment-intent";
import { action as checkoutSessionApi } from "~/routes/api+/create-stripe-checkout-session";
import { action as webhookAction } from "~/routes/api+/webhooks.stripe";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import {
  BASE,
  bearerFor,
  call,
  createAccount,
  formRequest,
  getRequest,
  jsonRequest,
  sessionCookie,
  unique,
  uniqueIp,
} from "./auth-helpers";
import { outboxCounts, readOutbox } from "./messages";

const SECRET_KEY = "sk_test_checkoutStandIn4242";
const PUBLISHABLE_KEY = "pk_test_checkoutStandIn";
const WEBHOOK_SECRET = "whsec_test_checkout_stand_in";

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

let standIn: StripeStandIn;
const savedEnv = {
  STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY,
  STRIPE_API_BASE: env.STRIPE_API_BASE,
  STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  env.STRIPE_SECRET_KEY = SECRET_KEY;
  env.STRIPE_PUBLISHABLE_KEY = PUBLISHABLE_KEY;
  env.STRIPE_API_BASE = standIn.baseUrl;
  env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  // Keys saved at /stripe-config would win over these.
  await db.paymentSetting.deleteMany({ where: { provider: "stripe" } });
});

afterAll(async () => {
  Object.assign(env, savedEnv);
  await standIn.close();
});

beforeEach(() => {
  env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  standIn.requests.length = 0;
});

// ------------------------------------------------------------------------- helpers

async function makeQuote(cookie: string) {
  const outcome = await call(
    quoteAction,
    formRequest(
      "/quote",
      {
        __form__: "detailed-quote-form",
        pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
        deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
        moveDate: inTwoDays,
        moveTime: "10:00",
        vanSize: "large",
        helpers: "1",
        "items[0].name": "Wardrobe",
        "items[0].quantity": "2",
      },
      { cookie },
    ),
  );
  expect(outcome.status).toBe(302);
  return new URL(outcome.location!, BASE).searchParams.get("quote")!;
}

/** A signed-in customer's booking of a fresh quote ("Proceed to Checkout"). */
async function customerBooking() {
  const user = await createAccount({ role: "customer" });
  const cookie = await sessionCookie(user);
  const outcome = await call(
    checkoutAction,
    formRequest("/checkout", { quoteId: await makeQuote(cookie) }, { cookie }),
  );
  expect(outcome.status).toBe(303);
  const bookingId = new URL(outcome.location!, BASE).searchParams.get("booking")!;
  const { finalPrice, reference } = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
  return {
    user,
    cookie,
    token: await bearerFor(user),
    bookingId,
    finalPrice,
    reference,
    email: `stripe-${unique()}@example.com`,
    ip: uniqueIp(),
  };
}
type Customer = Awaited<ReturnType<typeof customerBooking>>;

const details = (who: Customer) => ({
  bookingId: who.bookingId,
  customerEmail: who.email,
  customerName: "Sam Stripe",
  customerPhone: "+44 7400 900456",
});

const sessionRequests = () => standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
const intentRequests = () => standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");

const bookingState = async (bookingId: string) =>
  (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).paymentState;
const payments = (bookingId: string) => db.payment.findMany({ where: { bookingId } });

async function startSession(who: Customer) {
  const outcome = await call(
    checkoutSessionApi,
    jsonRequest("/api/create-stripe-checkout-session", details(who), { token: who.token, ip: who.ip }),
  );
  expect(outcome.status).toBe(200);
  expect(outcome.body.provider).toBe("stripe");
  return outcome.body.sessionId as string;
}

async function startIntent(who: Customer, body: Record<string, unknown> = {}) {
  const outcome = await call(
    paymentIntentApi,
    jsonRequest("/api/create-payment-intent", { bookingId: who.bookingId, ...body }, { token: who.token, ip: who.ip }),
  );
  expect(outcome.status).toBe(200);
  return outcome.body as {
    paymentIntentId: string;
    clientSecret: string;
    amount: number;
    provider: string;
    publishableKey: string | null;
  };
}

const confirm = (who: Customer, body: Record<string, unknown>, auth: "token" | "cookie" = "token") =>
  call(
    confirmApi,
    jsonRequest("/api/confirm-booking", body, {
      ...(auth === "token" ? { token: who.token } : { cookie: who.cookie }),
      ip: who.ip,
    }),
  );

const confirmationPage = (who: Customer, query: string) =>
  call(confirmationLoader, getRequest(`/booking-confirmation?${query}`, { cookie: who.cookie }));

/** A webhook as Stripe sends it: the raw JSON body and its Stripe-Signature header. */
function webhook(
  event: { id: string; type: string; object: unknown },
  { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify({
    id: event.id,
    object: "event",
    type: event.type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object: event.object },
  });
  const header = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret }) : signature;
  const headers = new Headers({ "Content-Type": "application/json" });
  if (header !== null) headers.set("Stripe-Signature", header);
  return call(webhookAction, new Request(`${BASE}/api/webhooks/stripe`, { method: "POST", body: payload, headers }));
}

const eventId = () => `evt_test_${unique()}`;

// ------------------------------------------------------------------------- hosted checkout

describe("Stripe Checkout (hosted page)", () => {
  it("makes one session for the booking's price, however often 'Pay' is clicked", async () => {
    const who = await customerBooking();
    const post = () =>
      call(stripeCheckoutAction, formRequest("/stripe-checkout", details(who), { cookie: who.cookie }));
    const [first, second] = await Promise.all([post(), post()]);
    expect(first.status).toBe(303);
    expect(first.location).toMatch(new RegExp(`^${standIn.baseUrl}/pay/cs_test_\\w+$`));
    expect(second.location).toBe(first.location);

    const requests = sessionRequests();
    expect(requests).toHaveLength(2);
    const [a, b] = requests;
    expect(a!.idempotencyKey).toMatch(new RegExp(`^easymove-checkout-${who.bookingId}-`));
    expect(b!.idempotencyKey).toBe(a!.idempotencyKey);
    expect(a!.body).toMatchObject({
      mode: "payment",
      customer_email: who.email,
      client_reference_id: who.bookingId,
      line_items: [{ quantity: "1", price_data: { currency: "gbp", unit_amount: String(who.finalPrice) } }],
      metadata: { bookingId: who.bookingId, reference: who.reference },
      payment_intent_data: { metadata: { bookingId: who.bookingId } },
      success_url: `${env.SITE_URL}/booking-confirmation?booking=${who.bookingId}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${env.SITE_URL}/checkout?booking=${who.bookingId}&cancelled=1`,
    });

    // The API with the same details (a client's retry) gets the same session too.
    const sessionId = first.location!.split("/").pop()!;
    expect(await startSession(who)).toBe(sessionId);
    expect(new Set(sessionRequests().map((r) => r.idempotencyKey)).size).toBe(1);
    // The page says Stripe, not test mode.
    expect(
      (await call(checkoutLoader, getRequest(`/checkout?booking=${who.bookingId}`, { cookie: who.cookie }))).body
        .paymentMode,
    ).toBe("stripe");
  });

  it("ignores the price a client sends", async () => {
    const who = await customerBooking();
    const outcome = await call(
      checkoutSessionApi,
      jsonRequest(
        "/api/create-stripe-checkout-session",
        { ...details(who), finalPrice: 0.5, totalWithVAT: 0.5, amount: 50 },
        { token: who.token, ip: who.ip },
      ),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.url).toMatch(new RegExp(`^${standIn.baseUrl}/pay/`));
    expect(sessionRequests()[0]!.body).toMatchObject({
      line_items: [{ price_data: { unit_amount: String(who.finalPrice) } }],
    });
  });

  it("is not confirmed before Stripe says it is paid; then it is, once, with one e-mail", async () => {
    const who = await customerBooking();
    const sessionId = await startSession(who);
    const query = `booking=${who.bookingId}&session_id=${sessionId}`;

    const before = await confirmationPage(who, query);
    expect(before.body.confirmation.state).not.toBe("confirmed");
    expect(before.body.confirmation.state).toBe("unpaid");
    expect((await confirm(who, { sessionId })).status).toBe(402);
    expect(await bookingState(who.bookingId)).toBe("unpaid");
    expect(await readOutbox(who.email)).toHaveLength(0);

    standIn.completeCheckoutSession(sessionId);
    // The return from Stripe, a reload and the API, all at once.
    const [after, ...others] = await Promise.all([
      confirmationPage(who, query),
      confirmationPage(who, query),
      ...Array.from({ length: 8 }, () => confirm(who, { sessionId })),
    ]);
    for (const other of others) expect(other.status).toBe(200);
    expect(after.body.confirmation).toMatchObject({
      state: "confirmed",
      booking: { id: who.bookingId, paid: true, total: formatPounds(who.finalPrice) },
    });
    expect(await bookingState(who.bookingId)).toBe("paid");

    // Visiting again, and the API, change nothing.
    expect((await confirmationPage(who, query)).body.confirmation.state).toBe("confirmed");
    expect((await confirm(who, { sessionId, bookingId: who.bookingId })).body.confirmed).toBe(true);

    const rows = await payments(who.bookingId);
    expect(rows.filter((row) => row.status === "succeeded")).toEqual([
      expect.objectContaining({
        provider: "stripe",
        amountPence: who.finalPrice,
        providerSessionId: sessionId,
        providerPaymentId: expect.stringMatching(/^pi_test_/),
      }),
    ]);
    // The look before paying left no "pending" payment beside the real one.
    expect(rows).toHaveLength(1);
    const mail = await readOutbox(who.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(who.reference);
    expect(mail[0]!.text).toContain(`Paid: ${formatPounds(who.finalPrice)}`);
  });

  it("never confirms a session paid for less than the booking's price", async () => {
    const who = await customerBooking();
    const sessionId = await startSession(who);
    await db.booking.update({ where: { id: who.bookingId }, data: { finalPrice: who.finalPrice + 500 } });
    standIn.completeCheckoutSession(sessionId);

    const page = await confirmationPage(who, `booking=${who.bookingId}&session_id=${sessionId}`);
    expect(page.body.confirmation.state).not.toBe("confirmed");
    const api = await confirm(who, { sessionId });
    expect(api.status).toBe(409);
    expect(api.body.error).toBe(PAYMENT_MESSAGES.bookingError);
    const hook = await webhook({
      id: eventId(),
      type: "checkout.session.completed",
      object: { id: sessionId, object: "checkout.session" },
    });
    expect(hook.body).toMatchObject({ received: true, outcome: "underpaid" });
    expect((await confirmationPage(who, `booking=${who.bookingId}`)).body.confirmation.state).not.toBe("confirmed");
    expect(await bookingState(who.bookingId)).toBe("unpaid");
    expect(await readOutbox(who.email)).toHaveLength(0);
  });

  it("shows Stripe's failure as a message, not a crash, and starts nothing", async () => {
    const who = await customerBooking();
    standIn.failNext({ httpStatus: 500, message: "Stripe is down" });
    const outcome = await call(
      stripeCheckoutAction,
      formRequest("/stripe-checkout", details(who), { cookie: who.cookie }),
    );
    expect(outcome.status).toBe(502);
    expect(outcome.body.error[""]).toEqual(["Payment Setup Error: the payment provider refused the request."]);
    expect(outcome.body.initialValue).toMatchObject({ customerEmail: who.email });
    expect(await bookingState(who.bookingId)).toBe("unpaid");
  });
});

// ------------------------------------------------------------------------- payment intents

describe("PaymentIntents (the embedded card form)", () => {
  it("are made for the booking's price whatever the body says, once per booking", async () => {
    const who = await customerBooking();
    const [first, second] = await Promise.all([
      startIntent(who, { amount: 0.5, bookingDetails: { customerEmail: who.email } }),
      startIntent(who, { amount: 0.5, bookingDetails: { customerEmail: who.email } }),
    ]);
    expect(first).toMatchObject({
      provider: "stripe",
      amount: who.finalPrice / 100,
      publishableKey: PUBLISHABLE_KEY,
      clientSecret: expect.stringMatching(/^pi_test_\w+_secret_/),
    });
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    const requests = intentRequests();
    expect(requests).toHaveLength(2);
    expect(requests[0]!.idempotencyKey).toMatch(new RegExp(`^easymove-intent-${who.bookingId}-`));
    expect(requests[1]!.idempotencyKey).toBe(requests[0]!.idempotencyKey);
    expect(requests[0]!.body).toMatchObject({
      amount: String(who.finalPrice),
      currency: "gbp",
      metadata: { bookingId: who.bookingId, reference: who.reference },
    });

    // The card page (Stripe's Payment Element) offers Stripe with the publishable key and
    // starts nothing when loaded; its form's start gets the same intent.
    const page = await call(
      embeddedLoader,
      getRequest(`/embedded-checkout?booking=${who.bookingId}`, { cookie: who.cookie }),
    );
    expect(page.body.card).toEqual({ provider: "stripe", publishableKey: PUBLISHABLE_KEY });
    expect(intentRequests()).toHaveLength(2);
    const started = await call(
      embeddedAction,
      formRequest("/embedded-checkout", { intent: "start", bookingId: who.bookingId }, { cookie: who.cookie }),
    );
    expect(started.body).toEqual({ paymentIntentId: first.paymentIntentId, clientSecret: first.clientSecret });
  });

  it("still start when the customer gives another receipt e-mail than the first time", async () => {
    const who = await customerBooking();
    const page = () =>
      call(embeddedLoader, getRequest(`/embedded-checkout?booking=${who.bookingId}`, { cookie: who.cookie }));
    const start = () =>
      call(
        embeddedAction,
        formRequest("/embedded-checkout", { intent: "start", bookingId: who.bookingId }, { cookie: who.cookie }),
      );
    expect((await page()).body.card).toMatchObject({ provider: "stripe" });
    const first = await start(); // made for the account's e-mail
    expect(first.body.clientSecret).toMatch(/^pi_test_/);

    // The card form saves the name and receipt e-mail typed, then Remix loads the page again.
    const saved = await call(
      embeddedAction,
      formRequest(
        "/embedded-checkout",
        { intent: "details", bookingId: who.bookingId, customerEmail: who.email, customerName: "Sam Stripe" },
        { cookie: who.cookie },
      ),
    );
    expect(saved.body).toEqual({ ok: true });
    const again = await page();
    expect(again.body.refusal).toBeNull();
    expect(again.body.card).toEqual({ provider: "stripe", publishableKey: PUBLISHABLE_KEY });
    expect((await start()).body.clientSecret).toMatch(/^pi_test_/);

    // An API client that sends another e-mail is not refused either.
    const api = await call(
      paymentIntentApi,
      jsonRequest(
        "/api/create-payment-intent",
        { bookingId: who.bookingId, bookingDetails: { customerEmail: `other-${who.email}` } },
        { token: who.token, ip: who.ip },
      ),
    );
    expect(api.status).toBe(200);
    expect(api.body.amount).toBe(who.finalPrice / 100);
    for (const request of intentRequests()) expect(request.body.amount).toBe(String(who.finalPrice));
  });

  it("say 'processing' (202) while Stripe does, and pay the booking once it succeeds", async () => {
    const who = await customerBooking();
    const { paymentIntentId } = await startIntent(who, { bookingDetails: { customerEmail: who.email } });

    const unpaid = await confirm(who, { paymentIntentId });
    expect(unpaid.status).toBe(402);

    standIn.setPaymentIntentStatus(paymentIntentId, "processing");
    const processing = await confirm(who, { paymentIntentId });
    expect(processing.status).toBe(202);
    expect(processing.body).toMatchObject({
      confirmed: false,
      status: "processing",
      message: PAYMENT_MESSAGES.processing,
      bookingId: who.bookingId,
    });
    expect((await confirmationPage(who, `payment_intent=${paymentIntentId}`)).body.confirmation.state).toBe(
      "processing",
    );
    expect(await payments(who.bookingId)).toEqual([expect.objectContaining({ status: "processing" })]);
    expect(await bookingState(who.bookingId)).toBe("unpaid");

    standIn.setPaymentIntentStatus(paymentIntentId, "succeeded");
    const paid = await confirm(who, { paymentIntentId }, "cookie");
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      success: true,
      confirmed: true,
      bookingId: who.bookingId,
      booking: { paymentState: "paid" },
    });
    expect((await confirmationPage(who, `payment_intent=${paymentIntentId}`)).body.confirmation.state).toBe(
      "confirmed",
    );
    expect(await payments(who.bookingId)).toEqual([
      expect.objectContaining({
        provider: "stripe",
        providerPaymentId: paymentIntentId,
        status: "succeeded",
        amountPence: who.finalPrice,
      }),
    ]);
    expect(await readOutbox(who.email)).toHaveLength(1);
  });

  it("are never confirmed when Stripe received less than the booking's price", async () => {
    const who = await customerBooking();
    const { paymentIntentId } = await startIntent(who);
    await db.booking.update({ where: { id: who.bookingId }, data: { finalPrice: who.finalPrice + 1 } });
    standIn.setPaymentIntentStatus(paymentIntentId, "succeeded");
    expect((await confirm(who, { paymentIntentId })).status).toBe(409);
    expect((await confirmationPage(who, `payment_intent=${paymentIntentId}`)).body.confirmation.state).not.toBe(
      "confirmed",
    );
    expect(await bookingState(who.bookingId)).toBe("unpaid");
  });

  it("confirm once when /api/confirm-booking is called 20 times at once", async () => {
    const who = await customerBooking();
    const { paymentIntentId } = await startIntent(who, { bookingDetails: { customerEmail: who.email } });
    standIn.setPaymentIntentStatus(paymentIntentId, "succeeded");

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        confirm(
          who,
          i % 2 ? { paymentIntentId } : { paymentIntentId, bookingId: who.bookingId },
          i % 3 ? "token" : "cookie",
        ),
      ),
    );
    for (const result of results)
      expect({ status: result.status, confirmed: result.body.confirmed }).toEqual({ status: 200, confirmed: true });

    expect(await bookingState(who.bookingId)).toBe("paid");
    expect(await payments(who.bookingId)).toEqual([
      expect.objectContaining({ status: "succeeded", amountPence: who.finalPrice }),
    ]);
    expect(await readOutbox(who.email)).toHaveLength(1);
  });
});

describe("a confirmation asked again", () => {
  const intentLookups = () =>
    standIn.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/payment_intents/")).length;
  const sessionLookups = () =>
    standIn.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/checkout/sessions/")).length;

  it("once its payment has paid the booking, is answered from our record: Stripe is not asked again", async () => {
    const who = await customerBooking();
    const { paymentIntentId } = await startIntent(who, { bookingDetails: { customerEmail: who.email } });
    standIn.setPaymentIntentStatus(paymentIntentId, "succeeded");
    expect((await confirm(who, { paymentIntentId })).body.confirmed).toBe(true);
    const asked = intentLookups();
    expect(asked).toBeGreaterThan(0);

    for (const body of [{ paymentIntentId }, { paymentIntentId, bookingId: who.bookingId }]) {
      const again = await confirm(who, body, "cookie");
      expect({ status: again.status, confirmed: again.body.confirmed, bookingId: again.body.bookingId }).toEqual({
        status: 200,
        confirmed: true,
        bookingId: who.bookingId,
      });
    }
    expect(intentLookups()).toBe(asked);
    expect(await readOutbox(who.email)).toHaveLength(1);

    // Another customer naming this payment learns nothing of the booking.
    const stranger = await customerBooking();
    expect((await confirm(stranger, { paymentIntentId })).status).toBe(404);
    expect((await confirm(stranger, { paymentIntentId, bookingId: who.bookingId })).status).toBe(404);
  });

  it("by its checkout session, is answered from our record too; before it is paid, Stripe is asked each time", async () => {
    const who = await customerBooking();
    const sessionId = await startSession(who);
    const before = sessionLookups();
    expect((await confirm(who, { sessionId })).status).toBe(402);
    expect((await confirm(who, { sessionId })).status).toBe(402);
    expect(sessionLookups()).toBe(before + 2);

    standIn.completeCheckoutSession(sessionId);
    expect((await confirm(who, { sessionId })).body.confirmed).toBe(true);
    const asked = sessionLookups();
    expect((await confirm(who, { sessionId })).body.confirmed).toBe(true);
    expect(sessionLookups()).toBe(asked);
  });
});

describe("a burst of payments", () => {
  it("200 bookings paid at once, each confirmed twice over, give 200 confirmation e-mails, none twice", async () => {
    const BURST = 200;
    const customers: Customer[] = [];
    // Made a few at a time: the burst is the payments, not the set-up.
    for (let index = 0; index < BURST; index += 20)
      customers.push(
        ...(await Promise.all(Array.from({ length: Math.min(20, BURST - index) }, () => customerBooking()))),
      );
    const intents = await Promise.all(
      customers.map((who) => startIntent(who, { bookingDetails: { customerEmail: who.email } })),
    );
    for (const { paymentIntentId } of intents) standIn.setPaymentIntentStatus(paymentIntentId, "succeeded");

    const results = await Promise.all(
      customers.flatMap((who, index) => [
        confirm(who, { paymentIntentId: intents[index]!.paymentIntentId }),
        confirm(who, { paymentIntentId: intents[index]!.paymentIntentId, bookingId: who.bookingId }, "cookie"),
      ]),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(BURST * 2);

    const bookingIds = customers.map((who) => who.bookingId);
    expect(await db.booking.count({ where: { id: { in: bookingIds }, paymentState: "paid" } })).toBe(BURST);
    const messages = await db.message.findMany({
      where: { bookingId: { in: bookingIds }, kind: "booking-confirmed" },
      select: { bookingId: true },
    });
    expect(new Set(messages.map((message) => message.bookingId)).size).toBe(BURST);
    expect(messages).toHaveLength(BURST);
    const counts = await outboxCounts();
    expect(customers.filter((who) => counts.get(who.email.toLowerCase()) !== 1)).toEqual([]);
  }, 120_000);
});

// ------------------------------------------------------------------------- webhooks

describe("POST /api/webhooks/stripe", () => {
  it("marks a booking paid from a signed checkout.session.completed, once, and a replay changes nothing", async () => {
    const who = await customerBooking();
    const sessionId = await startSession(who);
    const session = standIn.completeCheckoutSession(sessionId);
    const id = eventId();

    const first = await webhook({ id, type: "checkout.session.completed", object: session });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, outcome: "paid" });
    expect(await bookingState(who.bookingId)).toBe("paid");
    expect(await readOutbox(who.email)).toHaveLength(1);

    const replay = await webhook({ id, type: "checkout.session.completed", object: session });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });

    // Stripe's other event about the same payment, and the customer's return, change nothing either.
    const intentEvent = await webhook({
      id: eventId(),
      type: "payment_intent.succeeded",
      object: { id: session.payment_intent, object: "payment_intent" },
    });
    expect(intentEvent.body).toEqual({ received: true, outcome: "already_paid" });
    expect(
      (await confirmationPage(who, `booking=${who.bookingId}&session_id=${sessionId}`)).body.confirmation.state,
    ).toBe("confirmed");

    expect(await payments(who.bookingId)).toEqual([
      expect.objectContaining({ status: "succeeded", amountPence: who.finalPrice }),
    ]);
    expect(await readOutbox(who.email)).toHaveLength(1);
    expect(await db.webhookEvent.findUnique({ where: { id } })).toMatchObject({
      provider: "stripe",
      type: "checkout.session.completed",
    });
  });

  it("marks a booking paid from a signed payment_intent.succeeded", async () => {
    const who = await customerBooking();
    const { paymentIntentId } = await startIntent(who, { bookingDetails: { customerEmail: who.email } });
    const intent = standIn.setPaymentIntentStatus(paymentIntentId, "succeeded");
    const id = eventId();
    const results = await Promise.all([
      webhook({ id, type: "payment_intent.succeeded", object: intent }),
      webhook({ id: eventId(), type: "payment_intent.succeeded", object: intent }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.outcome).sort()).toEqual(["already_paid", "paid"]);
    expect(await bookingState(who.bookingId)).toBe("paid");
    expect(await payments(who.bookingId)).toHaveLength(1);
    expect(await readOutbox(who.email)).toHaveLength(1);
  });

  it("believes Stripe's API, not the event's body: a signed event about an unpaid session pays nothing", async () => {
    const who = await customerBooking();
    const sessionId = await startSession(who);
    const claimed = {
      id: sessionId,
      object: "checkout.session",
      status: "complete",
      payment_status: "paid",
      amount_total: 50,
      metadata: { bookingId: who.bookingId },
    };
    const outcome = await webhook({ id: eventId(), type: "checkout.session.completed", object: claimed });
    expect(outcome.status).toBe(200);
    expect(outcome.body.outcome).not.toBe("paid");
    expect(await bookingState(who.bookingId)).toBe("unpaid");
    // Events it does not act on are acknowledged and ignored.
    expect(
      (await webhook({ id: eventId(), type: "customer.created", object: { id: "cus_test_1", object: "customer" } }))
        .body,
    ).toEqual({ received: true, outcome: "ignored" });
  });

  it("refuses a bad or missing signature with a 400, and changes nothing", async () => {
    const who = await customerBooking();
    const sessionId = await startSession(who);
    const session = standIn.completeCheckoutSession(sessionId);
    const id = eventId();

    const wrongSecret = await webhook(
      { id, type: "checkout.session.completed", object: session },
      { secret: "whsec_someone_else" },
    );
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toEqual({ error: "Invalid signature", message: "Invalid signature" });

    // A signature made for another body (the body was changed on the way).
    const otherPayload = JSON.stringify({
      id,
      object: "event",
      type: "checkout.session.completed",
      data: { object: {} },
    });
    const stolen = Stripe.webhooks.generateTestHeaderString({ payload: otherPayload, secret: WEBHOOK_SECRET });
    expect(
      (await webhook({ id, type: "checkout.session.completed", object: session }, { signature: stolen })).status,
    ).toBe(400);
    expect(
      (await webhook({ id, type: "checkout.session.completed", object: session }, { signature: null })).status,
    ).toBe(400);
    expect(
      (await webhook({ id, type: "checkout.session.completed", object: session }, { signature: "t=1,v1=nonsense" }))
        .status,
    ).toBe(400);

    expect(await bookingState(who.bookingId)).toBe("unpaid");
    expect(await db.webhookEvent.findUnique({ where: { id } })).toBeNull();

    // The right signature still works afterwards: the refusals recorded nothing.
    expect((await webhook({ id, type: "checkout.session.completed", object: session })).body).toEqual({
      received: true,
      outcome: "paid",
    });
  });

  it("refuses every event with a 400 when no webhook secret is configured", async () => {
    const who = await customerBooking();
    const sessionId = await startSession(who);
    const session = standIn.completeCheckoutSession(sessionId);
    env.STRIPE_WEBHOOK_SECRET = undefined;
    const outcome = await webhook({ id: eventId(), type: "checkout.session.completed", object: session });
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(await bookingState(who.bookingId)).toBe("unpaid");
  });

  it("answers 405 to anything but POST", async () => {
    const { loader } = await import("~/routes/api+/webhooks.stripe");
    expect((await call(loader, getRequest("/api/webhooks/stripe"))).status).toBe(405);
  });
});
