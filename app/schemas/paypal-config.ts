// PayPal's client id and secret on /stripe-config. Either may be left empty,
// which keeps the one in use; both empty is nothing to save.
import { z } from "zod";

const PAYPAL_CONFIG_MESSAGES = {
  nothing: "Enter a client id or a secret",
  clientId: "A PayPal client id is 10 to 128 letters, numbers, dashes or underscores",
  clientSecret: "A PayPal secret is 10 to 128 letters, numbers, dashes or underscores",
} as const;

const PAYPAL_VALUE = /^[\w-]{10,128}$/;

/** Trimmed; "", null and a missing value all mean "keep the one in use". */
const credential = (message: string) =>
  z
    .string()
    .nullish()
    .transform((value) => (value == null || value.trim() === "" ? undefined : value.trim()))
    .refine((value) => value === undefined || PAYPAL_VALUE.test(value), message);

export const payPalConfigSchema = z
  .object({
    clientId: credential(PAYPAL_CONFIG_MESSAGES.clientId),
    clientSecret: credential(PAYPAL_CONFIG_MESSAGES.clientSecret),
  })
  .refine((value) => value.clientId !== undefined || value.clientSecret !== undefined, {
    message: PAYPAL_CONFIG_MESSAGES.nothing,
  });

export type PayPalKeysInput = z.input<typeof payPalConfigSchema>;
