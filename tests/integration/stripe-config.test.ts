// /stripe-config and POST /api/config/stripe (spec/02; DECISIONS.md: admin-only, secret
// encrypted at rest, never sent back, last four shown). The page's loader and action data
// is everything its HTML is made from; tests/e2e/stripe-config.spec.ts reads the HTML too.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as pageAction, loader as pageLoader } from "~/routes/_checkout+/stripe-config";
import { action as apiAction } from "~/routes/api+/config.stripe";
import { getStripeKeys, getStripeSettingsView, saveStripeKeys } from "~/server/payments/settings.server";
import { db } from "~/server/platform/db.server";
import { DECRYPT_FAILED_MESSAGE, decryptSecret, encryptSecret } from "~/server/platform/encryption.server";
import { setEnv } from "../support/env";
import { bearerFor, call, createAccount, formRequest, getRequest, jsonRequest, sessionCookie } from "./auth-helpers";

const PK = "pk_test_51IntegrationPublishable";
const SK = "sk_test_51IntegrationSecretKey9876";
const ENV_PK = "pk_test_FromTheEnvironment";
const ENV_SK = "sk_test_FromTheEnvironment4321";

let admin: Awaited<ReturnType<typeof createAccount>>;
let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  admin = await createAccount({ role: "admin" });
  adminCookie = await sessionCookie(admin);
  customerCookie = await sessionCookie(await createAccount({ role: "customer" }));
});

// The row is the app's one Stripe configuration: leave none behind for other test files.
afterEach(async () => {
  vi.restoreAllMocks();
  await db.paymentSetting.deleteMany({ where: { provider: "stripe" } });
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
      publishableKey: null,
      publishableKeySource: null,
      secretKeyLast4: null,
      secretKeySource: null,
      source: null,
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
      publishableKey: PK,
      secretKeyLast4: "9876",
      secretKeySource: "database",
      source: "database",
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
    await post({ publicKey: "pk_live_Other", secretKey: "" });
    row = await storedRow();
    expect(row?.publishableKey).toBe("pk_live_Other");
    expect(decryptSecret(row!.secretKeyEncrypted!)).toBe("sk_test_Replacement0001");
    const audit = await db.auditLog.findFirst({
      where: { actorId: admin.id, action: "payment_settings.update" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.details).toEqual({ provider: "stripe", changed: ["publishableKey"] });
  });

  it("refuses wrong prefixes with the spec's messages, giving the publishable key back but never the secret", async () => {
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
    expect(await getStripeSettingsView()).toEqual({
      publishableKey: ENV_PK,
      publishableKeySource: "environment",
      secretKeyLast4: "4321",
      secretKeySource: "environment",
      source: "environment",
    });

    await saveStripeKeys({ publicKey: PK }, admin.id);
    expect(await getStripeKeys()).toEqual({ publishableKey: PK, secretKey: ENV_SK, source: "database" });
    expect(await getStripeSettingsView()).toMatchObject({
      publishableKeySource: "database",
      secretKeyLast4: "4321",
      secretKeySource: "environment",
      source: "database",
    });

    await saveStripeKeys({ secretKey: SK }, admin.id);
    expect(await getStripeKeys()).toEqual({ publishableKey: PK, secretKey: SK, source: "database" });
    expect(await getStripeSettingsView()).toMatchObject({
      publishableKey: PK,
      secretKeyLast4: "9876",
      secretKeySource: "database",
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
    expect(await getStripeSettingsView()).toMatchObject({ secretKeyLast4: "9876", secretKeySource: "database" });
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
    const second = await api({ publicKey: "pk_live_Newer", secretKey: "" }, { token });
    expect(second.body).toEqual({ success: true, publishableKey: "pk_live_Newer", secretKeyLast4: "9876" });
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

  it("answers 400 with the spec's messages for wrong prefixes, never echoing a key", async () => {
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
