// The accessibility statement's report form (/accessibility): what the reporter tells us.
import { z } from "zod";
import { ACCESSIBILITY_PROBLEM_MAX, ACCESSIBILITY_REPORT_MESSAGES as MESSAGES } from "./accessibility-report-messages";

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

export const accessibilityReportSchema = z.object({
  name: optionalText(100, MESSAGES.nameTooLong),
  email: z
    .string({ required_error: MESSAGES.email })
    .trim()
    .min(1, MESSAGES.email)
    .max(254, MESSAGES.emailInvalid)
    .email(MESSAGES.emailInvalid),
  page: optionalText(300, MESSAGES.pageTooLong),
  problem: z
    .string({ required_error: MESSAGES.problem })
    .trim()
    .min(1, MESSAGES.problem)
    .max(ACCESSIBILITY_PROBLEM_MAX, MESSAGES.problemTooLong),
});

export type AccessibilityReport = z.output<typeof accessibilityReportSchema>;
