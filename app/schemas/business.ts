// EasyMove for Business's forms: opening an account, and inviting a colleague. Used by the pages'
// actions and by their forms as you type.
import { z } from "zod";
import { BUSINESS_MESSAGES } from "~/domain/business";

/** A full UK postcode anywhere in the address ("NE1 6EE", "ne16ee"). */
const HAS_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/i;

/** GB and 9 digits, or 12 for a group or branch; spaces allowed as people write them. */
const VAT_NUMBER = /^GB(\d{9}|\d{12})$/;

const text = (message: string, max: number) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, `Keep it under ${max} characters`);

export const businessSignupSchema = z.object({
  companyName: text(BUSINESS_MESSAGES.companyName, 120),
  vatNumber: z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\s+/g, "").toUpperCase())
    .refine((value) => value === "" || VAT_NUMBER.test(value), BUSINESS_MESSAGES.vatNumber)
    .transform((value) => value || null),
  billingAddress: text(BUSINESS_MESSAGES.billingAddress, 400).refine(
    (value) => HAS_POSTCODE.test(value),
    BUSINESS_MESSAGES.billingAddress,
  ),
});
export type BusinessSignup = z.output<typeof businessSignupSchema>;

export const INVITABLE_ROLES = ["booker", "admin"] as const;

export const invitationSchema = z.object({
  email: z
    .string({ required_error: "Enter their e-mail address" })
    .trim()
    .toLowerCase()
    .min(1, "Enter their e-mail address")
    .max(254, "Enter a shorter e-mail address")
    .email("Enter an e-mail address like name@example.com"),
  role: z.enum(INVITABLE_ROLES, { errorMap: () => ({ message: "Choose a role" }) }),
});
