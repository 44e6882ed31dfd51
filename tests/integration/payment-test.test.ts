// /payment-test (docs/decisions/008-admin-only-payment-tools.md: admins only, noindex): an amount and a
// provider; a card test asks the card provider (the sandbox here, no Stripe keys) for a
// PaymentIntent, a PayPal test asks the PayPal stand-in for an order. Nobody is charged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { action, loader, meta } from "~/routes/_admin-tools+/payment-test";
import { PAYMENT_TEST_MESSAGES } from "~/schemas/payment-test";
import { db } from "~/server/platform/db.server";
import { payPalEnv, setEnv, useEnv } from "../support/env";
import { startPayPalStandIn, type PayPalStandIn } from "../support/paypal-stand-in";
import { call, createAccount, formRequest, getRequest, sessionCookie } from "./auth-helpers";

let adminCookie: string;
let customerCookie: string;
let paypal: PayPalStandIn;
// No Stripe keys anywhere: card tests go to the built-in sandbox.
useEnv({ STRIPE_SECRET_KEY: undefined });
beforeAll(async () => {
  adminCookie = await sessionCookie(await createAccount({ role: "admin" }));
  customerCookie = await sessionCookie(await createAccount({ role: "customer" }));
  paypal = await startPayPalStandIn();
  await db.paymentSetting.deleteMany({ where: { provider: "stripe" } });
});

afterAll(async () => {
  await paypal.close();
});

/** PayPal configured (the stand-in) for this test only. */
const withPayPal = () => setEnv(payPalEnv(paypal));

const submit = (fields: Record<string, string>, cookie: string | null = adminCookie) =>
  call(action, formRequest("/payment-test", fields, { cookie }));

describe("/payment-test: who may open it", () => {
  it("sends a visitor to /admin/login and back, a customer to /, for the page and its action alike", async () => {
    for (const handler of [loader, action]) {
      const request = (cookie?: string) =>
        handler === loader
          ? getRequest("/payment-test", { cookie })
          : formRequest("/payment-test", { amount: "24.99", provider: "card" }, { cookie });
      const anonymous = await call(handler, request());
      expect(anonymous.status).toBe(302);
      expect(anonymous.location).toBe("/admin/login?redirectTo=%2Fpayment-test");
      const customer = await call(handler, request(customerCookie));
      expect(customer.status).toBe(302);
      expect(customer.location).toBe("/");
    }
    expect(await db.sandboxCheckout.count({ where: { bookingId: "payment-test" } })).toBe(0);
  });

  it("is noindex, and tells an admin which card provider a test would use and whether PayPal is set up", async () => {
    const tags = meta({ matches: [] } as unknown as Parameters<typeof meta>[0]) as {
      name?: string;
      content?: string;
    }[];
    expect(tags.find((tag) => tag.name === "robots")?.content).toContain("noindex");
    const page = await call(loader, getRequest("/payment-test", { cookie: adminCookie }));
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ card: "sandbox", paypal: false });
    withPayPal();
    expect((await call(loader, getRequest("/payment-test", { cookie: adminCookie }))).body.paypal).toBe(true);
  });
});

describe("/payment-test: the amount", () => {
  it.each([
    ["", PAYMENT_TEST_MESSAGES.invalidAmount],
    ["abc", PAYMENT_TEST_MESSAGES.invalidAmount],
    ["0", PAYMENT_TEST_MESSAGES.invalidAmount],
    ["0.00", PAYMENT_TEST_MESSAGES.invalidAmount],
    ["-5", PAYMENT_TEST_MESSAGES.invalidAmount],
    ["1e3", PAYMENT_TEST_MESSAGES.invalidAmount],
    ["0.49", PAYMENT_MESSAGES.invalidAmount],
    ["1000000", PAYMENT_TEST_MESSAGES.tooLarge],
  ])("%j is refused with %j, and the input comes back as typed", async (amount, message) => {
    const outcome = await submit({ amount, provider: "card" });
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.amount).toEqual([message]);
    expect(outcome.body.initialValue).toMatchObject({ provider: "card", ...(amount ? { amount } : {}) });
  });

  it("needs a provider it knows", async () => {
    const outcome = await submit({ amount: "24.99", provider: "bitcoin" });
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.provider).toEqual([PAYMENT_TEST_MESSAGES.provider]);
  });
});

describe("/payment-test: asking the provider", () => {
  it("card, without Stripe: a sandbox PaymentIntent for the amount in pence, a new one each time", async () => {
    const first = await submit({ amount: "24.99", provider: "card" });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({
      provider: "sandbox",
      providerName: "Sandbox (test mode)",
      amount: "£24.99",
      status: "open",
    });
    expect(first.body.result.id).toMatch(/^sbx_pi_/);
    expect(first.body.result.statusText).toBe("Created, waiting for payment");
    expect(first.body.initialValue).toMatchObject({ amount: "24.99", provider: "card" }); // the form keeps its input

    const row = await db.sandboxCheckout.findUniqueOrThrow({ where: { paymentIntentId: first.body.result.id } });
    expect(row).toMatchObject({ amountPence: 2499, bookingId: "payment-test", status: "open", successUrl: null });

    const second = await submit({ amount: "£1,000.50", provider: "card" });
    expect(second.body.result.id).not.toBe(first.body.result.id);
    expect(second.body.result.amount).toBe("£1,000.50");
    // Nothing was paid and no booking was touched.
    expect(
      await db.payment.count({ where: { providerPaymentId: { in: [first.body.result.id, second.body.result.id] } } }),
    ).toBe(0);
  });

  it("PayPal: refused while PayPal is not configured", async () => {
    const outcome = await submit({ amount: "24.99", provider: "paypal" });
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.provider).toEqual([PAYMENT_TEST_MESSAGES.paypalNotConfigured]);
  });

  it("PayPal: an order for the amount, which PayPal holds as created", async () => {
    withPayPal();
    const outcome = await submit({ amount: "24.99", provider: "paypal" });
    expect(outcome.status).toBe(200);
    expect(outcome.body.result).toMatchObject({
      provider: "paypal",
      providerName: "PayPal",
      amount: "£24.99",
      status: "open",
    });
    const sent = paypal.requests.find((request) => request.method === "POST" && request.path === "/v2/checkout/orders");
    expect((sent?.body as { purchase_units: { amount: unknown }[] }).purchase_units[0]!.amount).toEqual({
      currency_code: "GBP",
      value: "24.99",
    });
    expect(
      paypal.requests.some(
        (request) => request.method === "GET" && request.path === `/v2/checkout/orders/${outcome.body.result.id}`,
      ),
    ).toBe(true);

    const again = await submit({ amount: "24.99", provider: "paypal" });
    expect(again.body.result.id).not.toBe(outcome.body.result.id);
  });

  it("PayPal's refusal is shown on the form, never a 500", async () => {
    withPayPal();
    paypal.failNext({ httpStatus: 422, path: "/v2/checkout/orders" });
    const outcome = await submit({ amount: "24.99", provider: "paypal" });
    expect(outcome.status).toBe(400);
    expect(outcome.body.error[""]).toEqual([expect.stringMatching(/^Payment Setup Error/)]);
  });
});
