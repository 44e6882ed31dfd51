// Checkout's, discounts' and the sandbox card's messages, with no zod in them (schemas/checkout.ts
// loads when a form is first used).

export const CHECKOUT_MESSAGES = {
  requiredFields: "Please fill in all required fields (email, name, and phone number).",
  invalidEmail: "Please enter a valid email address.",
  invalidPhone: "Please enter a valid phone number.",
  landline: "This number cannot receive texts (it is a landline). Enter a mobile number, or untick text updates.",
  receiptEmail: "Please enter your email address for the receipt",
  bookingName: "Please enter your name for the booking",
  tooLong: "That is too long.",
  specialRequirementsTooLong: "Special requirements must be at most 1000 characters.",
  bookingRequired: "bookingId is required: create the booking first with POST /api/bookings/create.",
  quoteRequired: "quoteId is required.",
  confirmRequired: "Send the paymentIntentId (or sessionId) of the payment, or the bookingId.",
} as const;

export const DISCOUNT_MESSAGES = {
  required: "Please enter a discount code.",
  invalid: "This discount code is not valid.",
  notYours: "This discount code is not available on your account.",
  used: "This discount code has already been used.",
  expired: "This discount code has expired.",
  notPayable: "A discount can only be added to an unpaid booking of yours.",
  busy: "This discount code is being added to another booking right now. Please try again.",
  applied: (code: string, percent: number) => `${code} applied: ${percent}% off.`,
} as const;

export const COVER_CHOICE_MESSAGES = {
  notPayable: "Cover can only be changed on an unpaid booking of yours.",
  added: (name: string) => `${name} added.`,
  removed: "Extended cover removed: your move has standard cover.",
} as const;

export const CARD_MESSAGES = {
  numberIncomplete: "Your card number is incomplete.",
  numberInvalid: "Your card number is invalid.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;
