// /stripe-config and POST /api/config/stripe (docs/decisions/008-admin-only-payment-tools.md: admin-only, secret
// encrypted at rest, never sent back, last four shown). The page's loader and action data
// is everything its HTML is made from; tests/e2e/stripe-config.spec.ts reads the HTML too.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as pageAction, loader as pageLoader } from "~/routes/_admin-tools+/stripe-config";
import { action as apiAction } from "~/routes/api+/config.stripe";
import { getKeySettingsView, getStripeKeys, saveStripeKeys } from "~/server/payments/settings.server";
import { db } from "~/server/platform/db.server";
import { DECRYPT_FAILED_MESSAGE, decryptSecret, encryptSecret } from "~/server/platform/encryption.server";
import { payPalEnv, setEnv, useEnv } from "../support/env";
import { startPayPalStandIn, type PayPalStandIn } from "../support/paypal-stand-in";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { bearerFor, call, createAccount, formRequest, getRequest, jsonRequest, sessionCookie } from "./auth-helpers";

const PK = "pk_test_51IntegrationPublishable";
const SK = "sk_test_51IntegrationSecretKey9876";
const ENV_PK = "pk_test_FromTheEnvironment";
const ENV_SK = "sk_test_FromTheEnvironment4321";

let admin: Awaited<ReturnType<typeof createAccount>>;
let adminCookie: string;
let customerCookie: string;

// Keys are checked with Stripe (and PayPal) before they are saved: the local stand-ins answer.
let stripe: StripeStandIn;
let paypal: PayPalStandIn;
beforeAll(async () => {
  [stripe, paypal] = await Promise.all([startStripeStandIn(), startPayPalStandIn()]);
});
afterAll(async () => {
  await Promise.all([stripe.close(), paypal.close()]);
});
useEnv(() => ({ STRIPE_API_BASE: stripe.baseUrl, PAYPAL_API_BASE: paypal.baseUrl }));

beforeAll(async () => {
  admin = await createAccount({ role: "admin" });
  adminCookie = await sessionCookie(admin);
  customerCookie = await sessionCookie(await createAccount({ role: "customer" }));
});

// The row is the app's one Stripe configuration: leave none behind for other test files.
afterEach(async () => {
  vi.restoreAllMocks();
  await db.paymentSetting.deleteMany({ where: { provider: { in: ["stripe", "paypal"] } } });
});

function withoutEnvKeys() {
  setEnv({ STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_SECRET_KEY: undefined });
}

const storedRow = () => db.paymentSetting.findUnique({ where: { provider: "stripe" } });
const post = (fields: Record<string, string>, cookie: string | null = adminCookie) =>
  call(pageAction, formRequest("/stripe-config", fields, { cookie }));

describe("/stripe-config: who may open it", () => {
  it("shows an admin what is in use, and nothing is set yet: built-in test payments", async () => {
    withoutEnvKeys();
    const outcome = await call(pageLoader, getRequest("/stripe-config", { cookie: adminCookie }));
    expect(outcome.status).toBe(200);
    expect(outcome.body.settings).toEqual({
      publicValue: null,
      publicSource: null,
      secretLast4: null,
      secretSource: null,
      source: null,
      saved: false,
    });
  });

  it("sends a visitor to /admin/login and back, a customer to /, for the page and its action alike", async () => {
    for (const handler of [pageLoader, pageAction]) {
      const request = (cookie?: string) =>
        handler === pageLoader
          ? getRequest("/stripe-config", { cookie })
          : formRequest("/stripe-config", { publicKey: PK, secretKey: SK }, { cookie });
      const anonymous = await call(handler, request());
      expect(anonymous.status).toBe(302);
      expect(anonymous.location).toBe("/admin/login?redirectTo=%2Fstripe-config");
      const customer = await call(handler, request(customerCookie));
      expect(customer.status).toBe(302);
      expect(customer.location).toBe("/");
    }
    expect(await storedRow()).toBeNull();
  });
});

describe("/stripe-config: saving", () => {
  it("saves both keys, the secret encrypted, with an audit row naming the keys but holding no value", async () => {
    const outcome = await post({ publicKey: ` ${PK} `, secretKey: SK });
    expect(outcome.status).toBe(200);
    expect(outcome.body.saved).toBe(true);
    expect(outcome.body.initialValue).toBeNull(); // the form is emptied
    expect(JSON.stringify(outcome.body)).not.toContain(SK);

    const row = await storedRow();
    expect(row?.publishableKey).toBe(PK);
    expect(row?.secretKeyLast4).toBe("9876");
    expect(row?.updatedById).toBe(admin.id);
    expect(row?.secretKeyEncrypted).toMatch(/^v1:/);
    expect(row?.secretKeyEncrypted).not.toContain(SK);
    expect(row?.secretKeyEncrypted).not.toContain(SK.slice(8));
    expect(decryptSecret(row!.secretKeyEncrypted!)).toBe(SK);

    const audit = await db.auditLog.findFirst({
      where: { actorId: admin.id, action: "payment_settings.update" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit).toMatchObject({ targetType: "PaymentSetting", targetId: row!.id });
    expect(audit?.details).toEqual({ provider: "stripe", changed: ["publishableKey", "secretKey"] });
    expect(JSON.stringify(audit)).not.toContain(SK);
    expect(JSON.stringify(audit)).not.toContain(PK);
  });

  it("shows the page afterwards with the publishable key and only the secret's last four", async () => {
    await post({ publicKey: PK, secretKey: SK });
    const outcome = await call(pageLoader, getRequest("/stripe-config", { cookie: adminCookie }));
    expect(outcome.body.settings).toMatchObject({
      publicValue: PK,
      secretLast4: "9876",
      secretSource: "database",
      source: "database",
      saved: true,
    });
    expect(JSON.stringify(outcome.body)).not.toContain(SK);
    expect(JSON.stringify(outcome.body)).not.toContain((await storedRow())!.secretKeyEncrypted);
  });

  it("keeps the saved value of a key left empty", async () => {
    await post({ publicKey: PK, secretKey: SK });
    await post({ publicKey: "", secretKey: "sk_test_Replacement0001" });
    let row = await storedRow();
    expect(row?.publishableKey).toBe(PK);
    expect(row?.secretKeyLast4).toBe("0001");
    await post({ publicKey: "pk_test_Other", secretKey: "" });
    row = await storedRow();
    expect(row?.publishableKey).toBe("pk_test_Other");
    expect(decryptSecret(row!.secretKeyEncrypted!)).toBe("sk_test_Replacement0001");
    const audit = await db.auditLog.findFirst({
      where: { actorId: admin.id, action: "payment_settings.update" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.details).toEqual({ provider: "stripe", changed: ["publishableKey"] });
  });

  it("refuses wrong prefixes with the product's messages, giving the publishable key back but never the secret", async () => {
    const outcome = await post({ publicKey: "pub_123", secretKey: "secret_abc123" });
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toEqual({
      publicKey: ["Stripe publishable key must start with 'pk_'"],
      secretKey: ["Stripe secret key must start with 'sk_'"],
    });
    expect(outcome.body.initialValue).toEqual({ publicKey: "pub_123" });
    expect(JSON.stringify(outcome.body)).not.toContain("secret_abc123");
    expect(await storedRow()).toBeNull();
  });

  it("refuses a good secret beside a bad publishable key, without echoing the secret", async () => {
    const outcome = await post({ publicKey: "nope", secretKey: SK });
    expect(outcome.status).toBe(400);
    expect(JSON.stringify(outcome.body)).not.toContain(SK);
    expect(await storedRow()).toBeNull();
  });

  it("never echoes a secret key pasted into the publishable key's box", async () => {
    const outcome = await post({ publicKey: SK, secretKey: "" });
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.publicKey).toEqual(["Stripe publishable key must start with 'pk_'"]);
    expect(JSON.stringify(outcome.body)).not.toContain(SK);
  });

  it("refuses nothing to save", async () => {
    const outcome = await post({ publicKey: "", secretKey: "" });
    expect(outcome.status).toBe(400);
    expect(outcome.body.error[""]).toEqual(["Enter a publishable key or a secret key"]);
  });

  it("says 'There was a problem saving your Stripe configuration' when saving fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(db, "$transaction").mockRejectedValueOnce(new Error("database is down"));
    const outcome = await post({ publicKey: PK, secretKey: SK });
    expect(outcome.status).toBe(500);
    expect(outcome.body.error[""]).toEqual(["There was a problem saving your Stripe configuration"]);
    expect(outcome.body.initialValue).toEqual({ publicKey: PK });
    expect(JSON.stringify(outcome.body)).not.toContain(SK);
  });
});

describe("which keys are used", () => {
  it("uses the environment's keys until keys are saved, then the saved ones, each key on its own", async () => {
    setEnv({ STRIPE_PUBLISHABLE_KEY: ENV_PK, STRIPE_SECRET_KEY: ENV_SK });
    expect(await getStripeKeys()).toEqual({ publishableKey: ENV_PK, secretKey: ENV_SK, source: "environment" });
    expect(await getKeySettingsView("stripe")).toEqual({
      publicValue: ENV_PK,
      publicSource: "environment",
      secretLast4: "4321",
      secretSource: "environment",
      source: "environment",
      saved: false,
    });

    await saveStripeKeys({ publicKey: PK }, admin.id);
    expect(await getStripeKeys()).toEqual({ publishableKey: PK, secretKey: ENV_SK, source: "database" });
    expect(await getKeySettingsView("stripe")).toMatchObject({
      publicSource: "database",
      secretLast4: "4321",
      secretSource: "environment",
      source: "database",
    });

    await saveStripeKeys({ secretKey: SK }, admin.id);
    expect(await getStripeKeys()).toEqual({ publishableKey: PK, secretKey: SK, source: "database" });
    expect(await getKeySettingsView("stripe")).toMatchObject({
      publicValue: PK,
      secretLast4: "9876",
      secretSource: "database",
    });
  });

  it("uses a saved secret key with no environment at all", async () => {
    withoutEnvKeys();
    await saveStripeKeys({ secretKey: SK }, admin.id);
    expect(await getStripeKeys()).toEqual({ publishableKey: null, secretKey: SK, source: "database" });
  });

  it("refuses to guess when the saved secret cannot be decrypted (tampered, or ENCRYPTION_KEY changed)", async () => {
    setEnv({ STRIPE_SECRET_KEY: ENV_SK });
    await saveStripeKeys({ secretKey: SK }, admin.id);
    await db.paymentSetting.update({
      where: { provider: "stripe" },
      data: { secretKeyEncrypted: encryptSecret(SK, "another-key") },
    });
    await expect(getStripeKeys()).rejects.toThrow(DECRYPT_FAILED_MESSAGE);
    // The page still opens: it never decrypts.
    expect(await getKeySettingsView("stripe")).toMatchObject({ secretLast4: "9876", secretSource: "database" });
  });

  it("saveStripeKeys itself refuses what the form would refuse", async () => {
    await expect(saveStripeKeys({ publicKey: "sk_test_1" }, admin.id)).rejects.toThrow();
    await expect(saveStripeKeys({}, admin.id)).rejects.toThrow();
    expect(await storedRow()).toBeNull();
  });
});

describe("POST /api/config/stripe", () => {
  const api = (body: unknown, options: Parameters<typeof jsonRequest>[2] = { cookie: adminCookie }) =>
    call(apiAction, jsonRequest("/api/config/stripe", body, options));

  it("saves for an admin's session and answers the publishable key and the secret's last four", async () => {
    const outcome = await api({ publicKey: PK, secretKey: SK });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({ success: true, publishableKey: PK, secretKeyLast4: "9876" });
    expect(outcome.headers.get("cache-control")).toContain("no-store");
    expect(JSON.stringify(outcome.body)).not.toContain(SK);
    expect(decryptSecret((await storedRow())!.secretKeyEncrypted!)).toBe(SK);
  });

  it("takes an admin's bearer token, and keeps a key sent empty or null", async () => {
    const token = await bearerFor(admin);
    await api({ publicKey: PK, secretKey: SK }, { token });
    const outcome = await api({ publicKey: "", secretKey: null }, { token });
    expect(outcome.status).toBe(400);
    const second = await api({ publicKey: "pk_test_Newer", secretKey: "" }, { token });
    expect(second.body).toEqual({ success: true, publishableKey: "pk_test_Newer", secretKeyLast4: "9876" });
  });

  it("answers 401 to a visitor and 403 to a customer, saving nothing", async () => {
    const anonymous = await api({ publicKey: PK, secretKey: SK }, {});
    expect(anonymous.status).toBe(401);
    const customer = await api({ publicKey: PK, secretKey: SK }, { cookie: customerCookie });
    expect(customer.status).toBe(403);
    expect(customer.body.error).toBe("Admin access required");
    const badToken = await api({ publicKey: PK, secretKey: SK }, { token: "made-up" });
    expect(badToken.status).toBe(401);
    expect(await storedRow()).toBeNull();
  });

  it("answers 400 with the product's messages for wrong prefixes, never echoing a key", async () => {
    const outcome = await api({ publicKey: "xx_123", secretKey: "yy_456" });
    expect(outcome.status).toBe(400);
    expect(outcome.body.message).toBe("Stripe publishable key must start with 'pk_'");
    expect(outcome.body.fieldErrors).toEqual({
      publicKey: ["Stripe publishable key must start with 'pk_'"],
      secretKey: ["Stripe secret key must start with 'sk_'"],
    });
    const secretOnly = await api({ publicKey: PK, secretKey: "pk_oops" });
    expect(secretOnly.body.message).toBe("Stripe secret key must start with 'sk_'");
    const pasted = await api({ publicKey: SK });
    expect(pasted.status).toBe(400);
    expect(JSON.stringify(pasted.body)).not.toContain(SK);
    expect(await storedRow()).toBeNull();
  });

  it("answers 400 to an empty body, a non-JSON body and keys that are not text; 405 to other methods", async () => {
    expect((await api({})).body.message).toBe("Enter a publishable key or a secret key");
    expect((await api({ publicKey: 123 })).status).toBe(400);
    const form = await call(apiAction, formRequest("/api/config/stripe", { publicKey: PK }, { cookie: adminCookie }));
    expect(form.status).toBe(400);
    const put = await api({ publicKey: PK }, { cookie: adminCookie, method: "PUT" });
    expect(put.status).toBe(405);
    expect(await storedRow()).toBeNull();
  });

  it("says 'Error Saving Keys' when saving fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(db, "$transaction").mockRejectedValueOnce(new Error("database is down"));
    const outcome = await api({ publicKey: PK, secretKey: SK });
    expect(outcome.status).toBe(500);
    expect(outcome.body.message).toBe("Error Saving Keys: There was a problem saving your Stripe configuration");
  });
});

describe("keys checked with the provider, removed, and tested", () => {
  const REVOKED = "sk_test_51revokedKeyStripeRefuses4444";
  const lastAudit = (action: string) =>
    db.auditLog.findFirst({ where: { actorId: admin.id, action }, orderBy: { createdAt: "desc" } });

  it("saves nothing when Stripe refuses the secret key, and says Stripe's reason under the field", async () => {
    withoutEnvKeys();
    const before = await db.auditLog.count({ where: { actorId: admin.id } });
    const outcome = await post({ publicKey: PK, secretKey: REVOKED });
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.secretKey).toHaveLength(1);
    expect(outcome.body.error.secretKey[0]).toMatch(
      /^Stripe refused the secret key, so nothing was saved: Invalid API Key provided: sk_test_\*+4444$/,
    );
    expect(outcome.body.initialValue).toMatchObject({ publicKey: PK });
    expect(JSON.stringify(outcome.body)).not.toContain(REVOKED);
    expect(await storedRow()).toBeNull();
    expect(await db.auditLog.count({ where: { actorId: admin.id } })).toBe(before);
    expect(stripe.requests.some((request) => request.path === "/v1/balance")).toBe(true);

    const api = await call(
      apiAction,
      jsonRequest("/api/config/stripe", { secretKey: REVOKED }, { cookie: adminCookie }),
    );
    expect(api.status).toBe(400);
    expect(api.body.error).toContain("Invalid API Key provided");
    expect(await storedRow()).toBeNull();
  });

  it("refuses a publishable key and a secret key of different modes", async () => {
    withoutEnvKeys();
    const outcome = await post({ publicKey: "pk_live_51LiveKey", secretKey: SK });
    expect(outcome.status).toBe(400);
    expect(outcome.body.error[""]).toEqual([
      "The publishable key and the secret key are from different modes (test and live): use a pair from one mode",
    ]);
    expect(await storedRow()).toBeNull();
  });

  it("removes saved keys: back to the environment's, or to the sandbox, written to the audit log", async () => {
    setEnv({ STRIPE_PUBLISHABLE_KEY: ENV_PK, STRIPE_SECRET_KEY: ENV_SK });
    await post({ publicKey: PK, secretKey: SK });
    expect((await getStripeKeys()).secretKey).toBe(SK);
    const removed = await post({ intent: "stripe-remove" });
    expect(removed.body.notice).toEqual({
      provider: "stripe",
      ok: true,
      message: "The saved Stripe keys were removed: the environment's keys are used now.",
    });
    expect(await storedRow()).toBeNull();
    expect(await getStripeKeys()).toEqual({ publishableKey: ENV_PK, secretKey: ENV_SK, source: "environment" });
    expect((await lastAudit("payment_settings.remove"))?.details).toEqual({ provider: "stripe" });

    withoutEnvKeys();
    await post({ secretKey: SK });
    const toSandbox = await post({ intent: "stripe-remove" });
    expect(toSandbox.body.notice.message).toBe(
      "The saved Stripe keys were removed: built-in test payments are used now.",
    );
    expect(await getStripeKeys()).toEqual({ publishableKey: null, secretKey: null, source: null });
    expect((await post({ intent: "stripe-remove" })).body.notice.message).toBe("Nothing was saved.");
  });

  it("tests the connection with the keys in use", async () => {
    withoutEnvKeys();
    expect((await post({ intent: "stripe-test" })).body.notice).toMatchObject({
      ok: true,
      message: "No Stripe keys are set: built-in test payments are used, with nothing to connect to.",
    });
    await post({ secretKey: SK });
    expect((await post({ intent: "stripe-test" })).body.notice).toEqual({
      provider: "stripe",
      ok: true,
      message: "Connected to Stripe (test mode).",
    });
    await post({ intent: "stripe-remove" });
    setEnv({ STRIPE_SECRET_KEY: REVOKED });
    const refused = (await post({ intent: "stripe-test" })).body.notice;
    expect(refused).toMatchObject({ provider: "stripe", ok: false });
    expect(refused.message).toMatch(
      /^Stripe refused the secret key in use: Invalid API Key provided: sk_test_\*+4444$/,
    );
  });

  it("gives PayPal's client id and secret the same checks, saving, removal and test", async () => {
    setEnv({ PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined });
    const { paypalConfigured } = await import("~/server/payments/paypal.server");
    const { getPayPalKeys } = await import("~/server/payments/settings.server");
    expect(await paypalConfigured()).toBe(false);

    const refused = await post({ intent: "paypal-save", clientId: paypal.clientId, clientSecret: "wrong-secret-123" });
    expect(refused.status).toBe(400);
    expect(refused.body.paypal.error[""]).toEqual(["PayPal refused these credentials: Client Authentication failed"]);
    expect(refused.body.paypal.initialValue).toMatchObject({ clientId: paypal.clientId });
    expect(JSON.stringify(refused.body)).not.toContain("wrong-secret-123");
    expect(await db.paymentSetting.findUnique({ where: { provider: "paypal" } })).toBeNull();

    const short = await post({ intent: "paypal-save", clientId: "abc" });
    expect(short.body.paypal.error.clientId).toEqual([
      "A PayPal client id is 10 to 128 letters, numbers, dashes or underscores",
    ]);

    const saved = await post({ intent: "paypal-save", clientId: paypal.clientId, clientSecret: paypal.clientSecret });
    expect(saved.body.paypalSaved).toBe(true);
    const row = await db.paymentSetting.findUniqueOrThrow({ where: { provider: "paypal" } });
    expect(row.publishableKey).toBe(paypal.clientId);
    expect(row.secretKeyEncrypted).not.toContain(paypal.clientSecret);
    expect(decryptSecret(row.secretKeyEncrypted!)).toBe(paypal.clientSecret);
    expect(await getPayPalKeys()).toEqual({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      source: "database",
    });
    expect(await paypalConfigured()).toBe(true);
    expect((await lastAudit("payment_settings.update"))?.details).toEqual({
      provider: "paypal",
      changed: ["clientId", "clientSecret"],
    });
    const page = await call(pageLoader, getRequest("/stripe-config", { cookie: adminCookie }));
    expect(page.body.paypal).toMatchObject({ publicValue: paypal.clientId, secretSource: "database", saved: true });
    expect(JSON.stringify(page.body)).not.toContain(paypal.clientSecret);

    expect((await post({ intent: "paypal-test" })).body.notice).toEqual({
      provider: "paypal",
      ok: true,
      message: "Connected to PayPal.",
    });
    expect((await post({ intent: "paypal-remove" })).body.notice.message).toBe(
      "The saved PayPal credentials were removed: PayPal is off.",
    );
    expect(await paypalConfigured()).toBe(false);
    expect((await post({ intent: "paypal-test" })).body.notice).toMatchObject({
      ok: false,
      message: "PayPal is not configured.",
    });
    setEnv(payPalEnv(paypal));
    expect(await paypalConfigured()).toBe(true);
  });
});
