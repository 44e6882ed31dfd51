// Production is not the demo: every absolute URL comes from SITE_URL (never the request's
// Host), no sandbox money is taken without PAYMENTS_SANDBOX=on (and what it takes is marked as
// a test payment), and a production start seeds and prints nothing demo and refuses weak settings.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES, TEST_PAYMENT_NOTE } from "~/domain/payments";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/_checkout+/checkout";
import { action as paypalCheckoutAction } from "~/routes/_checkout+/paypal-checkout";
import { action as sandboxAction, loader as sandboxLoader } from "~/routes/_checkout+/sandbox-checkout.$id";
import { action as stripeCheckoutAction, loader as stripeCheckoutLoader } from "~/routes/_checkout+/stripe-checkout";
import { action as quoteAction } from "~/routes/_quote+/quote";
import { action as checkoutSessionApi } from "~/routes/api+/create-stripe-checkout-session";
import { payWithSandboxCard } from "~/server/payments/sandbox.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { call, createAccount, formRequest, getRequest, jsonRequest, sessionCookie, unique } from "./auth-helpers";
import { readOutbox } from "./messages";

const root = path.resolve(import.meta.dirname, "../..");
const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const saved = { sk: env.STRIPE_SECRET_KEY, sandbox: env.sandboxPaymentsAllowed };

beforeAll(async () => {
  env.STRIPE_SECRET_KEY = undefined;
  await db.paymentSetting.deleteMany({ where: { provider: "stripe" } });
});
beforeEach(() => {
  env.sandboxPaymentsAllowed = true;
});
afterAll(() => {
  env.STRIPE_SECRET_KEY = saved.sk;
  env.sandboxPaymentsAllowed = saved.sandbox;
});

/** A signed-in customer's booking of a fresh quote, as the pages make it. */
async function customerBooking() {
  const user = await createAccount({ role: "customer" });
  const cookie = await sessionCookie(user);
  const quote = await call(
    quoteAction,
    formRequest(
      "/quote",
      {
        __form__: "detailed-quote-form",
        pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
        deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
        moveDate: inTwoDays,
        moveTime: "09:00",
        vanSize: "medium",
        helpers: "1",
        "items[0].name": "Sofa",
        "items[0].quantity": "1",
      },
      { cookie },
    ),
  );
  const quoteId = new URL(quote.location!, "http://localhost").searchParams.get("quote")!;
  const proceeded = await call(checkoutAction, formRequest("/checkout", { quoteId }, { cookie }));
  const bookingId = new URL(proceeded.location!, "http://localhost").searchParams.get("booking")!;
  return { user, cookie, bookingId };
}

const details = (bookingId: string, email: string) => ({
  bookingId,
  customerEmail: email,
  customerName: "Ann Example",
  customerPhone: "07400 900123",
  specialRequirements: "",
});

/** A request as an attacker sends it: to this server, but with another Host. */
function withHost(request: Request, host: string) {
  const url = new URL(request.url);
  url.host = host;
  const headers = new Headers(request.headers);
  headers.set("Host", host);
  return new Request(url, { method: request.method, headers, body: request.body, duplex: "half" } as RequestInit);
}

describe("absolute URLs come from SITE_URL, never from the request's Host", () => {
  it("a hosted checkout started with Host: evil.example returns to SITE_URL", async () => {
    const { cookie, bookingId, user } = await customerBooking();
    const posted = await call(
      stripeCheckoutAction,
      withHost(formRequest("/stripe-checkout", details(bookingId, user.email), { cookie }), "evil.example"),
    );
    expect(posted.status).toBe(303);
    const checkout = await db.sandboxCheckout.findFirstOrThrow({ where: { bookingId } });
    expect(checkout.successUrl).toMatch(
      new RegExp(`^${env.SITE_URL}/booking-confirmation\\?booking=${bookingId}&session_id=`),
    );
    expect(checkout.cancelUrl).toBe(`${env.SITE_URL}/checkout?booking=${bookingId}&cancelled=1`);
    expect(`${checkout.successUrl} ${checkout.cancelUrl}`).not.toContain("evil.example");

    // The sandbox's page then sends the customer to SITE_URL too.
    const paid = await call(
      sandboxAction,
      formRequest(`/sandbox-checkout/${checkout.id}`, {
        cardNumber: "4242 4242 4242 4242",
        expiry: "12/34",
        cvc: "123",
      }),
      { id: checkout.id },
    );
    expect(paid.location).toMatch(new RegExp(`^${env.SITE_URL}/booking-confirmation`));
  });

  it("the PayPal page's card fallback and the API's checkout session do the same", async () => {
    const { cookie, bookingId, user } = await customerBooking();
    await call(
      paypalCheckoutAction,
      withHost(formRequest("/paypal-checkout", { bookingId }, { cookie }), "evil.example"),
    );
    const fromPayPal = await db.sandboxCheckout.findFirstOrThrow({ where: { bookingId } });
    expect(fromPayPal.successUrl!.startsWith(`${env.SITE_URL}/`)).toBe(true);

    const api = await call(
      checkoutSessionApi,
      withHost(
        jsonRequest("/api/create-stripe-checkout-session", details(bookingId, user.email), { cookie }),
        "evil.example",
      ),
    );
    expect(api.status).toBe(200);
    expect(api.body.url).toMatch(new RegExp(`^${env.SITE_URL}/sandbox-checkout/sbx_`));
  });
});

describe("no sandbox money in production", () => {
  it("checkout says plainly that payment is unavailable, and nothing can start a payment", async () => {
    const { cookie, bookingId, user } = await customerBooking();
    env.sandboxPaymentsAllowed = false;
    expect((await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie }))).body).toMatchObject({
      paymentMode: "unavailable",
    });
    expect(
      (await call(stripeCheckoutLoader, getRequest(`/stripe-checkout?booking=${bookingId}`, { cookie }))).body,
    ).toMatchObject({ paymentMode: "unavailable" });

    const page = await call(
      stripeCheckoutAction,
      formRequest("/stripe-checkout", details(bookingId, user.email), { cookie }),
    );
    expect(page.status).toBe(503);
    expect(JSON.stringify(page.body)).toContain(PAYMENT_MESSAGES.unavailable);

    const api = await call(
      checkoutSessionApi,
      jsonRequest("/api/create-stripe-checkout-session", details(bookingId, user.email), { cookie }),
    );
    expect(api.status).toBe(503);
    expect(api.body.message).toBe(PAYMENT_MESSAGES.unavailable);
    expect(await db.sandboxCheckout.count({ where: { bookingId } })).toBe(0);
  });

  it("the test card 4242 cannot pay a checkout opened before, and its page is gone", async () => {
    const { cookie, bookingId, user } = await customerBooking();
    await call(stripeCheckoutAction, formRequest("/stripe-checkout", details(bookingId, user.email), { cookie }));
    const checkout = await db.sandboxCheckout.findFirstOrThrow({ where: { bookingId } });
    env.sandboxPaymentsAllowed = false;
    expect(
      (await call(sandboxLoader, getRequest(`/sandbox-checkout/${checkout.id}`), { id: checkout.id })).status,
    ).toBe(404);
    const paid = await call(
      sandboxAction,
      formRequest(`/sandbox-checkout/${checkout.id}`, {
        cardNumber: "4242 4242 4242 4242",
        expiry: "12/34",
        cvc: "123",
      }),
      { id: checkout.id },
    );
    expect(paid.status).toBe(404);
    expect(await payWithSandboxCard(checkout.id, "4242 4242 4242 4242")).toBeNull();
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).paymentState).toBe("unpaid");
  });

  it("with PAYMENTS_SANDBOX=on (staging), a sandbox payment is marked as a test payment on the page and in the e-mail", async () => {
    const { cookie, bookingId, user } = await customerBooking();
    const email = `staging-${unique()}@example.com`;
    await call(stripeCheckoutAction, formRequest("/stripe-checkout", details(bookingId, email), { cookie }));
    const checkout = await db.sandboxCheckout.findFirstOrThrow({ where: { bookingId } });
    await call(
      sandboxAction,
      formRequest(`/sandbox-checkout/${checkout.id}`, {
        cardNumber: "4242 4242 4242 4242",
        expiry: "12/34",
        cvc: "123",
      }),
      { id: checkout.id },
    );
    const page = await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie }));
    expect(page.body.booking).toMatchObject({ paid: true, testPayment: true });
    const [sent] = await readOutbox(email);
    expect(sent?.text).toContain(`(${TEST_PAYMENT_NOTE})`);
    expect(user.email).not.toBe(email);
  });
});

/** Runs a command with the environment of a production start against this run's database. */
function runProduction(command: string[], extraEnv: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const environment: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: process.env.DATABASE_URL,
      ...extraEnv,
    };
    delete environment.LOCAL_DATABASE;
    for (const name of Object.keys(environment)) if (name.startsWith("VITEST")) delete environment[name];
    const child = spawn(command[0]!, command.slice(1), {
      cwd: root,
      env: { ...environment, PATH: `${path.join(root, "node_modules/.bin")}:${process.env.PATH}` },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("a production start", () => {
  it("refuses weak secrets and an http SITE_URL before it touches the database, printing no password", async () => {
    const { code, output } = await runProduction(["node", "scripts/start.mjs"], {
      SESSION_SECRET: "x",
      ENCRYPTION_KEY: "y",
      SITE_URL: "http://localhost:3000",
      PORT: "0",
    });
    expect(code).toBe(1);
    expect(output).toContain("The app will not start in production with these settings:");
    expect(output).toContain("SESSION_SECRET is 1 bytes long");
    expect(output).toContain("SITE_URL is http://localhost:3000");
    expect(output).not.toMatch(/admin-demo-2026|demo-password-2026|Demo data created/);
    expect(output).not.toMatch(/\n\s+at /); // one clear message, no stack trace
    expect(await db.user.count({ where: { email: "admin@easymove.local" } })).toBe(0);
  }, 60_000);

  it("never seeds demo accounts: `npm run db:seed` refuses production unless told --demo", async () => {
    const { code, output } = await runProduction(["tsx", "prisma/seed.ts"]);
    expect(code).toBe(1);
    expect(output).toContain("Not seeding: this is production");
    expect(output).not.toMatch(/admin-demo-2026|demo-password-2026/);
    expect(await db.user.count({ where: { email: "admin@easymove.local" } })).toBe(0);
  }, 60_000);
});
