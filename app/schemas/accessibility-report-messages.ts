// The accessibility problem report's messages and limits, with no zod in them (the form loads
// schemas/accessibility-report.ts when first used).
export const ACCESSIBILITY_REPORT_MESSAGES = {
  email: "Enter your email address, so we can reply",
  emailInvalid: "Enter an email address in the correct format, like name@example.com",
  problem: "Tell us what the problem is",
  problemTooLong: "The description must be 2,000 characters or fewer",
  pageTooLong: "The page's address must be 300 characters or fewer",
  nameTooLong: "Your name must be 100 characters or fewer",
  sent: "Thank you. We have your report and have sent you a copy; we reply within 5 working days.",
} as const;

export const ACCESSIBILITY_PROBLEM_MAX = 2000;
