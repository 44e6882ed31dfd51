// /payment-test: an amount in pounds and a provider. The amount
// must be a number greater than 0, and at least the providers' minimum of £0.50.
import { z } from "zod";
import { MINIMUM_PAYMENT_PENCE, PAYMENT_MESSAGES } from "~/domain/payments";
import { PAYMENT_TEST_MESSAGES } from "./payment-test-messages";

export * from "./payment-test-messages";

const PAYMENT_TEST_PROVIDERS = ["card", "paypal"] as const;
export type PaymentTestProvider = (typeof PAYMENT_TEST_PROVIDERS)[number];

/** Stripe's largest amount for a GBP payment. */
const MAXIMUM_PENCE = 99_999_999;

/** "24.99", "£24.99" or "1,024.99"; anything else is not an amount. */
const AMOUNT_SYNTAX = /^\d*\.?\d+$/;

export const paymentTestSchema = z.object({
  amount: z
    .string({ required_error: PAYMENT_TEST_MESSAGES.invalidAmount })
    .trim()
    .max(20, PAYMENT_TEST_MESSAGES.invalidAmount)
    .transform((value, ctx) => {
      const plain = value.replace(/^£/, "").replaceAll(",", "");
      if (!AMOUNT_SYNTAX.test(plain) || !(Number(plain) > 0)) {
        ctx.addIssue({ code: "custom", message: PAYMENT_TEST_MESSAGES.invalidAmount });
        return z.NEVER;
      }
      const pence = Math.round(Number(plain) * 100);
      if (pence < MINIMUM_PAYMENT_PENCE) {
        ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.invalidAmount });
        return z.NEVER;
      }
      if (pence > MAXIMUM_PENCE) {
        ctx.addIssue({ code: "custom", message: PAYMENT_TEST_MESSAGES.tooLarge });
        return z.NEVER;
      }
      return pence;
    }),
  provider: z.enum(PAYMENT_TEST_PROVIDERS, { errorMap: () => ({ message: PAYMENT_TEST_MESSAGES.provider }) }),
});
