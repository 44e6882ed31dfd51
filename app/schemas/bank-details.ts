// A driver's bank details for bank-transfer payouts (/driver/earnings, without Stripe).
import { z } from "zod";
import { normaliseAccountNumber, normaliseSortCode } from "~/domain/payouts";

const BANK_MESSAGES = {
  nameRequired: "Enter the name on the bank account",
  nameTooLong: "The account name can be at most 70 characters",
  sortCode: "Enter a 6-digit sort code, like 20-00-01",
  accountNumber: "Enter an 8-digit account number",
} as const;

export const bankDetailsSchema = z.object({
  accountName: z
    .string({ required_error: BANK_MESSAGES.nameRequired })
    .trim()
    .min(1, BANK_MESSAGES.nameRequired)
    .max(70, BANK_MESSAGES.nameTooLong),
  sortCode: z
    .string({ required_error: BANK_MESSAGES.sortCode })
    .transform(
      (value, ctx) =>
        normaliseSortCode(value) ?? (ctx.addIssue({ code: "custom", message: BANK_MESSAGES.sortCode }), z.NEVER),
    ),
  accountNumber: z
    .string({ required_error: BANK_MESSAGES.accountNumber })
    .transform(
      (value, ctx) =>
        normaliseAccountNumber(value) ??
        (ctx.addIssue({ code: "custom", message: BANK_MESSAGES.accountNumber }), z.NEVER),
    ),
});

export type BankDetails = z.infer<typeof bankDetailsSchema>;
