// The Stripe configuration form (/stripe-config) and POST /api/config/stripe (spec/02
// sections 2, 5 and 8). Either key may be left empty, which keeps the one saved before;
// both empty is nothing to save. The spec's titles and messages are word for word.
import { z } from "zod";

export const STRIPE_CONFIG_ERRORS = {
  invalidPublicKey: { title: "Invalid Public Key", message: "Stripe publishable key must start with 'pk_'" },
  invalidSecretKey: { title: "Invalid Secret Key", message: "Stripe secret key must start with 'sk_'" },
  noKeys: { title: "Nothing to Save", message: "Enter a publishable key or a secret key" },
  saveFailed: { title: "Error Saving Keys", message: "There was a problem saving your Stripe configuration" },
} as const;

const STRIPE_KEY_MAX = 255;
export const STRIPE_KEY_MESSAGES = {
  characters: "Stripe keys contain only letters, numbers and underscores",
  tooLong: `Stripe keys are at most ${STRIPE_KEY_MAX} characters long`,
  notText: "Stripe keys must be text",
} as const;

export const STRIPE_TEST_KEYS_URL = "https://dashboard.stripe.com/test/apikeys";

/** The title a field's error is shown under ("Invalid Public Key: …"). */
export const STRIPE_FIELD_TITLES = {
  publicKey: STRIPE_CONFIG_ERRORS.invalidPublicKey.title,
  secretKey: STRIPE_CONFIG_ERRORS.invalidSecretKey.title,
} as const;

/** "Title: message" for an error of a field, or of the whole form (field omitted). */
export function stripeConfigErrorText(message: string, field?: keyof typeof STRIPE_FIELD_TITLES) {
  const title = field
    ? STRIPE_FIELD_TITLES[field]
    : Object.values(STRIPE_CONFIG_ERRORS).find((error) => error.message === message)?.title;
  return title ? `${title}: ${message}` : message;
}

/** Trimmed; "", null and a missing key all mean "keep the saved one". */
const keyField = z
  .string({ invalid_type_error: STRIPE_KEY_MESSAGES.notText })
  .nullish()
  .transform((value) => (value == null || value.trim() === "" ? undefined : value.trim()));

function checkKey(
  value: string | undefined,
  prefix: string,
  prefixMessage: string,
  path: string,
  ctx: z.RefinementCtx,
) {
  if (value === undefined) return;
  const problem = !value.startsWith(prefix)
    ? prefixMessage
    : value.length > STRIPE_KEY_MAX
      ? STRIPE_KEY_MESSAGES.tooLong
      : !/^\w+$/.test(value)
        ? STRIPE_KEY_MESSAGES.characters
        : null;
  if (problem) ctx.addIssue({ code: "custom", path: [path], message: problem });
}

export const stripeConfigSchema = z.object({ publicKey: keyField, secretKey: keyField }).superRefine((value, ctx) => {
  if (value.publicKey === undefined && value.secretKey === undefined) {
    ctx.addIssue({ code: "custom", path: [], message: STRIPE_CONFIG_ERRORS.noKeys.message });
    return;
  }
  checkKey(value.publicKey, "pk_", STRIPE_CONFIG_ERRORS.invalidPublicKey.message, "publicKey", ctx);
  checkKey(value.secretKey, "sk_", STRIPE_CONFIG_ERRORS.invalidSecretKey.message, "secretKey", ctx);
});

export type StripeKeysInput = z.input<typeof stripeConfigSchema>;

/**
 * Whether Save may be pressed (disabled when both keys are empty or a non-empty key
 * has the wrong prefix): exactly what the server would accept, so the two never disagree.
 */
export function canSaveStripeKeys(publicKey: string | null | undefined, secretKey: string | null | undefined) {
  return stripeConfigSchema.safeParse({ publicKey, secretKey }).success;
}

/** A secret key typed into the publishable key's box is never sent back to the browser. */
export function looksSecret(value: unknown) {
  return typeof value === "string" && /^\s*(sk|rk)_/.test(value);
}
