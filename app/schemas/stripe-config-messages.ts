// The Stripe configuration form's messages, titles and the checks its Save button needs, with no
// zod in them (schemas/stripe-config.ts loads when the form is first used).

export const STRIPE_CONFIG_ERRORS = {
  invalidPublicKey: { title: "Invalid Public Key", message: "Stripe publishable key must start with 'pk_'" },
  invalidSecretKey: { title: "Invalid Secret Key", message: "Stripe secret key must start with 'sk_'" },
  noKeys: { title: "Nothing to Save", message: "Enter a publishable key or a secret key" },
  saveFailed: { title: "Error Saving Keys", message: "There was a problem saving your Stripe configuration" },
  keyRefused: { title: "Key Refused", message: "Stripe refused the secret key, so nothing was saved:" },
  modeMismatch: {
    title: "Keys Do Not Match",
    message:
      "The publishable key and the secret key are from different modes (test and live): use a pair from one mode",
  },
} as const;

export const STRIPE_KEY_MAX = 255;

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

/** A secret key typed into the publishable key's box is never sent back to the browser. */
export function looksSecret(value: unknown) {
  return typeof value === "string" && /^\s*(sk|rk)_/.test(value);
}
