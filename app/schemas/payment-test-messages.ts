// The payment test page's messages and default, with no zod in them (schemas/payment-test.ts
// loads when the form is first used).

export const PAYMENT_TEST_MESSAGES = {
  invalidAmount: "Please enter a valid amount greater than 0",
  tooLarge: "Please enter an amount of at most £999,999.99",
  provider: "Please choose a payment provider.",
  paypalNotConfigured: "PayPal is not configured: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.",
} as const;

export const PAYMENT_TEST_DEFAULT_AMOUNT = "24.99";
