// The built-in sandbox provider's test cards, as Stripe's test mode answers them: one number
// that pays, one that is declined, one without funds. Any other valid number is refused the
// way Stripe's test mode refuses a real card.
export const SANDBOX_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export const SANDBOX_DECLINES = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  testModeOnly: "Your card was declined. Test mode only accepts test cards, such as 4242 4242 4242 4242.",
} as const;

export type SandboxCardOutcome = { paid: true } | { paid: false; message: string };

/** Digits only: "4242 4242 4242 4242" and "4242-4242-4242-4242" are the same card. */
export function cardDigits(typed: string) {
  return typed.replace(/[\s-]/g, "");
}

/** The Luhn check every real card number passes. */
export function passesLuhn(digits: string) {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function sandboxCardOutcome(cardNumber: string): SandboxCardOutcome {
  const digits = cardDigits(cardNumber);
  if (digits === SANDBOX_CARDS.success) return { paid: true };
  if (digits === SANDBOX_CARDS.declined) return { paid: false, message: SANDBOX_DECLINES.declined };
  if (digits === SANDBOX_CARDS.insufficientFunds) return { paid: false, message: SANDBOX_DECLINES.insufficientFunds };
  return { paid: false, message: SANDBOX_DECLINES.testModeOnly };
}
