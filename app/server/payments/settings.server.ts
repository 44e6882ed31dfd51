// Which Stripe keys and PayPal credentials the app uses. What an admin saved at /stripe-config
// (a PaymentSetting row per provider) wins over the environment (STRIPE_PUBLISHABLE_KEY /
// STRIPE_SECRET_KEY, PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET), each value on its own; with
// neither, the built-in sandbox takes card payments and PayPal is off. Secrets are stored
// encrypted (encryption.server.ts) and only their last four characters ever reach a page.
// Keys are checked with the provider before they are saved; saved keys can be removed, which
// goes back to the environment's (or the sandbox). Every change is written to the audit log.
import { payPalConfigSchema, type PayPalKeysInput } from "~/schemas/paypal-config";
import { STRIPE_CONFIG_ERRORS, stripeConfigSchema, type StripeKeysInput } from "~/schemas/stripe-config";
import { db } from "~/server/platform/db.server";
import { decryptSecret, encryptSecret } from "~/server/platform/encryption.server";
import { env } from "~/server/platform/env.server";
import { checkPayPalCredentials } from "./paypal-auth.server";
import { checkStripeSecretKey } from "./stripe.server";

export type StripeKeySource = "database" | "environment" | null;
type Provider = "stripe" | "paypal";

export type StripeKeys = {
  publishableKey: string | null;
  secretKey: string | null;
  /** Where the keys come from: "database" when either key is a saved one. */
  source: StripeKeySource;
};

/** What a page may show: the public half in full, the secret only by its last four. */
export type KeySettingsView = {
  publicValue: string | null;
  publicSource: StripeKeySource;
  secretLast4: string | null;
  secretSource: StripeKeySource;
  source: StripeKeySource;
  /** Anything saved on the page, which "Remove saved keys" would remove. */
  saved: boolean;
};

/** The provider refused a key (or could not be asked): nothing was saved; `message` says why. */
export class KeyRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeyRefusedError";
  }
}

function stored(provider: Provider) {
  return db.paymentSetting.findUnique({
    where: { provider },
    select: { publishableKey: true, secretKeyEncrypted: true, secretKeyLast4: true },
  });
}

function sourceOf(fromDatabase: boolean, fromEnvironment: boolean): StripeKeySource {
  return fromDatabase ? "database" : fromEnvironment ? "environment" : null;
}

const lastFour = (secret: string) => secret.slice(-4);
const ENVIRONMENT: Record<Provider, { public?: string; secret?: string }> = {
  get stripe() {
    return { public: env.STRIPE_PUBLISHABLE_KEY, secret: env.STRIPE_SECRET_KEY };
  },
  get paypal() {
    return { public: env.PAYPAL_CLIENT_ID, secret: env.PAYPAL_CLIENT_SECRET };
  },
};

/**
 * The public value and the secret in use for a provider. A saved secret that cannot be
 * decrypted (ENCRYPTION_KEY changed) throws rather than falling back: quietly using other keys
 * or the sandbox would take payments somewhere the admin did not choose.
 */
async function keysInUse(provider: Provider) {
  const row = await stored(provider);
  const environment = ENVIRONMENT[provider];
  const publicValue = row?.publishableKey ?? environment.public ?? null;
  let secret = environment.secret ?? null;
  if (row?.secretKeyEncrypted) {
    try {
      secret = decryptSecret(row.secretKeyEncrypted);
    } catch (error) {
      throw new Error(
        `The saved ${provider === "stripe" ? "Stripe secret key" : "PayPal secret"} cannot be used; save it again at /stripe-config. ${(error as Error).message}`,
      );
    }
  }
  const fromDatabase = Boolean(row?.publishableKey || row?.secretKeyEncrypted);
  return { publicValue, secret, source: sourceOf(fromDatabase, Boolean(publicValue || secret)) };
}

/** The keys for talking to Stripe. */
export async function getStripeKeys(): Promise<StripeKeys> {
  const { publicValue, secret, source } = await keysInUse("stripe");
  return { publishableKey: publicValue, secretKey: secret, source };
}

/** The client id and secret for talking to PayPal. */
export async function getPayPalKeys() {
  const { publicValue, secret, source } = await keysInUse("paypal");
  return { clientId: publicValue, clientSecret: secret, source };
}

/** The configuration as /stripe-config shows it; never decrypts, never holds a secret. */
export async function getKeySettingsView(provider: Provider): Promise<KeySettingsView> {
  const row = await stored(provider);
  const environment = ENVIRONMENT[provider];
  const savedSecret = Boolean(row?.secretKeyEncrypted);
  const publicValue = row?.publishableKey ?? environment.public ?? null;
  const secretLast4 = savedSecret
    ? (row?.secretKeyLast4 ?? null)
    : environment.secret
      ? lastFour(environment.secret)
      : null;
  const publicSource = sourceOf(Boolean(row?.publishableKey), Boolean(environment.public));
  const secretSource = sourceOf(savedSecret, Boolean(environment.secret));
  const source =
    publicSource === "database" || secretSource === "database" ? "database" : (publicSource ?? secretSource);
  return { publicValue, publicSource, secretLast4, secretSource, source, saved: Boolean(row) };
}

/** What an admin typed, saved once the provider took it; an empty value keeps the one in use. */
async function saveKeys(
  provider: Provider,
  adminUserId: string,
  values: { public?: string; secret?: string },
  changedNames: { public: string; secret: string },
) {
  const data = {
    updatedById: adminUserId,
    ...(values.public !== undefined ? { publishableKey: values.public } : {}),
    ...(values.secret !== undefined
      ? { secretKeyEncrypted: encryptSecret(values.secret), secretKeyLast4: lastFour(values.secret) }
      : {}),
  };
  const changed = [
    ...(values.public !== undefined ? [changedNames.public] : []),
    ...(values.secret !== undefined ? [changedNames.secret] : []),
  ];
  await db.$transaction(async (tx) => {
    const setting = await tx.paymentSetting.upsert({
      where: { provider },
      create: { provider, ...data },
      update: data,
      select: { id: true },
    });
    await tx.auditLog.create({
      data: {
        actorId: adminUserId,
        action: "payment_settings.update",
        targetType: "PaymentSetting",
        targetId: setting.id,
        details: { provider, changed },
      },
    });
  });
}

const modeOf = (key: string) => (/^(pk|sk|rk)_live_/.test(key) ? "live" : "test");

/**
 * Saves the Stripe keys an admin typed, once Stripe takes the secret (a new one, or the one in
 * use beside a new publishable key) and the two are of one mode. Checked by the same schema as
 * the form and the API (it throws on keys they would refuse); a refused key throws
 * KeyRefusedError with Stripe's reason. The audit row names the keys that changed, never values.
 */
export async function saveStripeKeys(input: StripeKeysInput, adminUserId: string) {
  const keys = stripeConfigSchema.parse(input);
  const inUse = await getStripeKeys();
  const secret = keys.secretKey ?? inUse.secretKey;
  const publishable = keys.publicKey ?? inUse.publishableKey;
  if (secret && publishable && modeOf(secret) !== modeOf(publishable))
    throw new KeyRefusedError(STRIPE_CONFIG_ERRORS.modeMismatch.message);
  if (keys.secretKey !== undefined) {
    const check = await checkStripeSecretKey(keys.secretKey);
    if (!check.ok) throw new KeyRefusedError(`${STRIPE_CONFIG_ERRORS.keyRefused.message} ${check.reason}`);
  }
  await saveKeys(
    "stripe",
    adminUserId,
    { public: keys.publicKey, secret: keys.secretKey },
    { public: "publishableKey", secret: "secretKey" },
  );
  return getKeySettingsView("stripe");
}

/** Saves PayPal's client id and secret once PayPal takes the pair (KeyRefusedError if not). */
export async function savePayPalKeys(input: PayPalKeysInput, adminUserId: string) {
  const keys = payPalConfigSchema.parse(input);
  const inUse = await getPayPalKeys();
  const clientId = keys.clientId ?? inUse.clientId;
  const clientSecret = keys.clientSecret ?? inUse.clientSecret;
  if (!clientId || !clientSecret) throw new KeyRefusedError("Enter both the client id and the secret.");
  const check = await checkPayPalCredentials(clientId, clientSecret);
  if (!check.ok) throw new KeyRefusedError(`PayPal refused these credentials: ${check.reason}`);
  await saveKeys(
    "paypal",
    adminUserId,
    { public: keys.clientId, secret: keys.clientSecret },
    { public: "clientId", secret: "clientSecret" },
  );
  return getKeySettingsView("paypal");
}

/** Removes what was saved for a provider (back to the environment's keys, or none); false if nothing was. */
export async function removeSavedKeys(provider: Provider, adminUserId: string) {
  return db.$transaction(async (tx) => {
    const setting = await tx.paymentSetting.findUnique({ where: { provider }, select: { id: true } });
    if (!setting) return false;
    await tx.paymentSetting.delete({ where: { id: setting.id } });
    await tx.auditLog.create({
      data: {
        actorId: adminUserId,
        action: "payment_settings.remove",
        targetType: "PaymentSetting",
        targetId: setting.id,
        details: { provider },
      },
    });
    return true;
  });
}

/** "Test connection": whether the provider takes the keys in use now, in words for the admin. */
export async function testConnection(provider: Provider): Promise<{ ok: boolean; message: string }> {
  if (provider === "stripe") {
    const { secretKey } = await getStripeKeys();
    if (!secretKey)
      return {
        ok: true,
        message: "No Stripe keys are set: built-in test payments are used, with nothing to connect to.",
      };
    const check = await checkStripeSecretKey(secretKey);
    return check.ok
      ? { ok: true, message: `Connected to Stripe (${check.livemode ? "live" : "test"} mode).` }
      : { ok: false, message: `Stripe refused the secret key in use: ${check.reason}` };
  }
  const { clientId, clientSecret } = await getPayPalKeys();
  if (!clientId || !clientSecret) return { ok: false, message: "PayPal is not configured." };
  const check = await checkPayPalCredentials(clientId, clientSecret);
  return check.ok
    ? { ok: true, message: "Connected to PayPal." }
    : { ok: false, message: `PayPal refused the credentials in use: ${check.reason}` };
}
