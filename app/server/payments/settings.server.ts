// Which Stripe keys the app uses. Keys an admin saved at /stripe-config (the PaymentSetting
// row of provider "stripe") win over STRIPE_PUBLISHABLE_KEY / STRIPE_SECRET_KEY, each key on
// its own; with neither, the built-in sandbox takes payments. The secret key is stored
// encrypted (encryption.server.ts) and only its last four characters ever reach a page.
import { stripeConfigSchema, type StripeKeysInput } from "~/schemas/stripe-config";
import { db } from "~/server/platform/db.server";
import { decryptSecret, encryptSecret } from "~/server/platform/encryption.server";
import { env } from "~/server/platform/env.server";

export type StripeKeySource = "database" | "environment" | null;

export type StripeKeys = {
  publishableKey: string | null;
  secretKey: string | null;
  /** Where the keys come from: "database" when either key is a saved one. */
  source: StripeKeySource;
};

/** What a page may show: the publishable key is public, the secret only by its last four. */
export type StripeSettingsView = {
  publishableKey: string | null;
  publishableKeySource: StripeKeySource;
  secretKeyLast4: string | null;
  secretKeySource: StripeKeySource;
  source: StripeKeySource;
};

const PROVIDER = "stripe" as const;

function stored() {
  return db.paymentSetting.findUnique({
    where: { provider: PROVIDER },
    select: { publishableKey: true, secretKeyEncrypted: true, secretKeyLast4: true },
  });
}

function sourceOf(fromDatabase: boolean, fromEnvironment: boolean): StripeKeySource {
  return fromDatabase ? "database" : fromEnvironment ? "environment" : null;
}

const lastFour = (secret: string) => secret.slice(-4);

/**
 * The keys for talking to Stripe. A saved secret that cannot be decrypted (ENCRYPTION_KEY
 * changed) throws rather than falling back: quietly using other keys or the sandbox would
 * take payments somewhere the admin did not choose.
 */
export async function getStripeKeys(): Promise<StripeKeys> {
  const row = await stored();
  const publishableKey = row?.publishableKey ?? env.STRIPE_PUBLISHABLE_KEY ?? null;
  let secretKey = env.STRIPE_SECRET_KEY ?? null;
  if (row?.secretKeyEncrypted) {
    try {
      secretKey = decryptSecret(row.secretKeyEncrypted);
    } catch (error) {
      throw new Error(
        `The saved Stripe secret key cannot be used; save it again at /stripe-config. ${(error as Error).message}`,
      );
    }
  }
  const fromDatabase = Boolean(row?.publishableKey || row?.secretKeyEncrypted);
  return { publishableKey, secretKey, source: sourceOf(fromDatabase, Boolean(publishableKey || secretKey)) };
}

/** The configuration as /stripe-config shows it; never decrypts, never holds the secret. */
export async function getStripeSettingsView(): Promise<StripeSettingsView> {
  const row = await stored();
  const savedSecret = Boolean(row?.secretKeyEncrypted);
  const publishableKey = row?.publishableKey ?? env.STRIPE_PUBLISHABLE_KEY ?? null;
  const secretKeyLast4 = savedSecret
    ? (row?.secretKeyLast4 ?? null)
    : env.STRIPE_SECRET_KEY
      ? lastFour(env.STRIPE_SECRET_KEY)
      : null;
  const publishableKeySource = sourceOf(Boolean(row?.publishableKey), Boolean(env.STRIPE_PUBLISHABLE_KEY));
  const secretKeySource = sourceOf(savedSecret, Boolean(env.STRIPE_SECRET_KEY));
  const source =
    publishableKeySource === "database" || secretKeySource === "database"
      ? "database"
      : (publishableKeySource ?? secretKeySource);
  return { publishableKey, publishableKeySource, secretKeyLast4, secretKeySource, source };
}

/**
 * Saves the keys an admin typed; an empty one keeps the saved value. Checked by the same
 * schema as the form and the API (it throws on keys they would refuse). The audit row names
 * the keys that changed, never their values.
 */
export async function saveStripeKeys(input: StripeKeysInput, adminUserId: string): Promise<StripeSettingsView> {
  const keys = stripeConfigSchema.parse(input);
  const data = {
    updatedById: adminUserId,
    ...(keys.publicKey !== undefined ? { publishableKey: keys.publicKey } : {}),
    ...(keys.secretKey !== undefined
      ? { secretKeyEncrypted: encryptSecret(keys.secretKey), secretKeyLast4: lastFour(keys.secretKey) }
      : {}),
  };
  const changed = [
    ...(keys.publicKey !== undefined ? ["publishableKey"] : []),
    ...(keys.secretKey !== undefined ? ["secretKey"] : []),
  ];
  await db.$transaction(async (tx) => {
    const setting = await tx.paymentSetting.upsert({
      where: { provider: PROVIDER },
      create: { provider: PROVIDER, ...data },
      update: data,
      select: { id: true },
    });
    await tx.auditLog.create({
      data: {
        actorId: adminUserId,
        action: "payment_settings.update",
        targetType: "PaymentSetting",
        targetId: setting.id,
        details: { provider: PROVIDER, changed },
      },
    });
  });
  return getStripeSettingsView();
}
