// Checkout, payment and confirmation inputs. The product's messages
// are word for word; each schema serves the page's action, the form as you type and the API.
import { z } from "zod";
import { COVER_MESSAGES } from "~/domain/goods-cover";
import { cardDigits, passesLuhn } from "~/domain/sandbox-cards";
import { CARD_MESSAGES, CHECKOUT_MESSAGES, DISCOUNT_MESSAGES } from "./checkout-messages";
import { declaredValue } from "./quote";

export * from "./checkout-messages";

const bookingId = z
  .string({ required_error: CHECKOUT_MESSAGES.bookingRequired })
  .trim()
  .min(1, CHECKOUT_MESSAGES.bookingRequired)
  .max(64);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/** A required text: the "required" message when empty, and only then the format's checks. */
function requiredThen(requiredMessage: string, format: z.ZodString) {
  return z.string({ required_error: requiredMessage }).trim().min(1, requiredMessage).pipe(format);
}

/** /stripe-checkout: everything is required but the special requirements. */
export const customerDetailsSchema = z.object({
  customerEmail: requiredThen(
    CHECKOUT_MESSAGES.requiredFields,
    z.string().max(254, CHECKOUT_MESSAGES.invalidEmail).email(CHECKOUT_MESSAGES.invalidEmail),
  ),
  customerName: z
    .string({ required_error: CHECKOUT_MESSAGES.requiredFields })
    .trim()
    .min(1, CHECKOUT_MESSAGES.requiredFields)
    .max(100, CHECKOUT_MESSAGES.tooLong),
  customerPhone: requiredThen(
    CHECKOUT_MESSAGES.requiredFields,
    z
      .string()
      .max(30, CHECKOUT_MESSAGES.invalidPhone)
      .regex(/^\+?[\d\s()-]{7,}$/, CHECKOUT_MESSAGES.invalidPhone),
  ),
  specialRequirements: optionalText(1000, CHECKOUT_MESSAGES.specialRequirementsTooLong),
  // Texts about the move: the form's box is ticked by default, and absent when unticked.
  textUpdates: z.boolean().default(false),
});
export type CustomerDetails = z.output<typeof customerDetailsSchema>;

export const stripeCheckoutSchema = customerDetailsSchema.extend({ bookingId });

/** /embedded-checkout: the card form needs an e-mail for the receipt and a name. */
export const embeddedCheckoutSchema = z.object({
  bookingId,
  customerEmail: requiredThen(
    CHECKOUT_MESSAGES.receiptEmail,
    z.string().max(254, CHECKOUT_MESSAGES.invalidEmail).email(CHECKOUT_MESSAGES.invalidEmail),
  ),
  customerName: z
    .string({ required_error: CHECKOUT_MESSAGES.bookingName })
    .trim()
    .min(1, CHECKOUT_MESSAGES.bookingName)
    .max(100, CHECKOUT_MESSAGES.tooLong),
});

/**
 * The checkout's cover form: extended cover for the declared value, or standard cover again
 * ("Remove cover"). Only the declared value is read: the fee is always the server's.
 */
export const coverChoiceSchema = z
  .object({ bookingId, declaredValue, cover: z.enum(["extended", "standard"]).default("extended") })
  .superRefine((value, context) => {
    if (value.cover === "extended" && value.declaredValue === undefined)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["declaredValue"], message: COVER_MESSAGES.declaredValue });
  });

export const discountCodeSchema = z.object({
  bookingId,
  code: z
    .string({ required_error: DISCOUNT_MESSAGES.required })
    .trim()
    .min(1, DISCOUNT_MESSAGES.required)
    .max(32, DISCOUNT_MESSAGES.invalid),
});

function expiryProblem(value: string, now: Date) {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return CARD_MESSAGES.expiryIncomplete;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryIncomplete;
  const monthsNow = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (month - 1) < monthsNow ? CARD_MESSAGES.expiryPast : null;
}

/** The sandbox's card form, checked as Stripe's card element checks it. */
export function sandboxCardSchema(now = new Date()) {
  return z.object({
    cardNumber: z
      .string({ required_error: CARD_MESSAGES.numberIncomplete })
      .max(40, CARD_MESSAGES.numberInvalid)
      .superRefine((value, ctx) => {
        const digits = cardDigits(value);
        if (!/^\d*$/.test(digits)) ctx.addIssue({ code: "custom", message: CARD_MESSAGES.numberInvalid });
        else if (digits.length < 13) ctx.addIssue({ code: "custom", message: CARD_MESSAGES.numberIncomplete });
        else if (!passesLuhn(digits)) ctx.addIssue({ code: "custom", message: CARD_MESSAGES.numberInvalid });
      }),
    expiry: z
      .string({ required_error: CARD_MESSAGES.expiryIncomplete })
      .max(10, CARD_MESSAGES.expiryIncomplete)
      .superRefine((value, ctx) => {
        const problem = expiryProblem(value, now);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    cvc: z
      .string({ required_error: CARD_MESSAGES.cvcIncomplete })
      .trim()
      .regex(/^\d{3,4}$/, CARD_MESSAGES.cvcIncomplete),
  });
}

/** The embedded checkout in test mode: the customer's e-mail and name, and the card. */
export function embeddedSandboxSchema(now = new Date()) {
  return embeddedCheckoutSchema.omit({ bookingId: true }).merge(sandboxCardSchema(now));
}

// ---------------------------------------------------------------- JSON API

export const apiCreateBookingSchema = z.object({
  quoteId: z
    .string({ required_error: CHECKOUT_MESSAGES.quoteRequired })
    .trim()
    .min(1, CHECKOUT_MESSAGES.quoteRequired)
    .max(64),
});

/** The API's payload also carries amount and bookingDetails; the amount is never used. */
export const apiPaymentIntentSchema = z.object({
  bookingId,
  bookingDetails: z
    .object({ customerEmail: z.string().trim().email(CHECKOUT_MESSAGES.invalidEmail).max(254).optional() })
    .partial()
    .optional(),
});

/** The JSON API: texts are on unless `textUpdates: false` is sent. */
export const apiCheckoutSessionSchema = customerDetailsSchema.extend({
  bookingId,
  textUpdates: z.boolean().default(true),
});

export const apiConfirmBookingSchema = z
  .object({
    paymentIntentId: z.string().trim().min(1).max(255).optional(),
    sessionId: z.string().trim().min(1).max(255).optional(),
    bookingId: z.string().trim().min(1).max(64).optional(),
  })
  .refine((body) => body.paymentIntentId || body.sessionId || body.bookingId, {
    message: CHECKOUT_MESSAGES.confirmRequired,
    path: ["paymentIntentId"],
  });
