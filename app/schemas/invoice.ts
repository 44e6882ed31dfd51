// The VAT invoice request (/bookings/:id/invoice): a company name and a billing address, both
// optional, printed on the invoice as given.
import { z } from "zod";

const INVOICE_FORM_MESSAGES = {
  companyNameTooLong: "The company name can be at most 120 characters",
  billingAddressTooLong: "The billing address can be at most 300 characters",
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

export const invoiceRequestSchema = z.object({
  companyName: optionalText(120, INVOICE_FORM_MESSAGES.companyNameTooLong),
  billingAddress: optionalText(300, INVOICE_FORM_MESSAGES.billingAddressTooLong),
});

export type InvoiceBilling = z.infer<typeof invoiceRequestSchema>;
