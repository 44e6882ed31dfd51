// The Stripe configuration form (/stripe-config) and POST /api/config/stripe.
// Either key may be left empty, which keeps the one saved before;
// both empty is nothing to save. The product's titles and messages are word for word.
import { z } from "zod";
import { STRIPE_CONFIG_ERRORS, STRIPE_KEY_MAX, STRIPE_KEY_MESSAGES } from "./stripe-config-messages";

export * from "./stripe-config-messages";

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
