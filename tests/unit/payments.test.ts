import { describe, expect, it } from "vitest";
import { isPayableAmount, outcomeMessage, paymentCovers } from "~/domain/payments";
import { cardDigits, passesLuhn, SANDBOX_CARDS, SANDBOX_DECLINES, sandboxCardOutcome } from "~/domain/sandbox-cards";
import {
  CARD_MESSAGES,
  CHECKOUT_MESSAGES,
  customerDetailsSchema,
  embeddedCheckoutSchema,
  sandboxCardSchema,
} from "~/schemas/checkout";

describe("payment rules", () => {
  it("refuses amounts under £0.50 with the product's message", () => {
    expect(isPayableAmount(50)).toBe(true);
    expect(isPayableAmount(49)).toBe(false);
    expect(isPayableAmount(50.5)).toBe(false);
  });

  it("settles a booking only with at least its price, in pounds sterling", () => {
    expect(paymentCovers({ amountPence: 4200, currency: "gbp" }, 4200)).toBe(true);
    expect(paymentCovers({ amountPence: 4200, currency: "GBP" }, 3990)).toBe(true);
    expect(paymentCovers({ amountPence: 4199, currency: "gbp" }, 4200)).toBe(false);
    expect(paymentCovers({ amountPence: 5000, currency: "eur" }, 4200)).toBe(false);
  });

  it("words the card form's outcomes as the product does", () => {
    expect(outcomeMessage("succeeded")).toBe("Payment succeeded!");
    expect(outcomeMessage("processing")).toBe("Your payment is processing.");
    expect(outcomeMessage("requires_payment_method")).toBe("Please provide your payment details.");
    expect(outcomeMessage("failed")).toBe("Something went wrong.");
  });
});

describe("the sandbox's test cards", () => {
  it("pays with 4242…, declines 4000…0002, runs out of funds with 4000…9995, refuses real cards", () => {
    expect(sandboxCardOutcome("4242 4242 4242 4242")).toEqual({ paid: true });
    expect(sandboxCardOutcome(SANDBOX_CARDS.declined)).toEqual({ paid: false, message: "Your card was declined." });
    expect(sandboxCardOutcome("4000-0000-0000-9995")).toEqual({
      paid: false,
      message: "Your card has insufficient funds.",
    });
    expect(sandboxCardOutcome("5555 5555 5555 4444")).toEqual({ paid: false, message: SANDBOX_DECLINES.testModeOnly });
  });

  it("checks card numbers with Luhn", () => {
    expect(cardDigits("4242 4242-4242 4242")).toBe("4242424242424242");
    for (const number of Object.values(SANDBOX_CARDS)) expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("42")).toBe(false);
  });

  it("validates the card form as Stripe's card element does", () => {
    const schema = sandboxCardSchema(new Date("2026-11-23T12:00:00Z"));
    const problems = (input: Record<string, string>) => {
      const result = schema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(problems({ cardNumber: "4242 4242 4242 4242", expiry: "11/26", cvc: "123" })).toEqual([]);
    expect(problems({ cardNumber: "4242", expiry: "11/26", cvc: "123" })).toEqual([CARD_MESSAGES.numberIncomplete]);
    expect(problems({ cardNumber: "4242 4242 4242 4241", expiry: "11/26", cvc: "123" })).toEqual([
      CARD_MESSAGES.numberInvalid,
    ]);
    expect(problems({ cardNumber: "4242 4242 4242 4242", expiry: "10/26", cvc: "123" })).toEqual([
      CARD_MESSAGES.expiryPast,
    ]);
    expect(problems({ cardNumber: "4242 4242 4242 4242", expiry: "13/26", cvc: "12" })).toEqual([
      CARD_MESSAGES.expiryIncomplete,
      CARD_MESSAGES.cvcIncomplete,
    ]);
  });
});

describe("checkout forms", () => {
  it("asks the hosted checkout for email, name and phone in the product's words", () => {
    const missing = customerDetailsSchema.safeParse({ customerEmail: "", customerName: "", customerPhone: "" });
    expect(missing.success).toBe(false);
    expect(new Set(missing.error!.issues.map((issue) => issue.message))).toEqual(
      new Set([CHECKOUT_MESSAGES.requiredFields]),
    );
    expect(missing.error!.issues[0]!.message).toBe(
      "Please fill in all required fields (email, name, and phone number).",
    );
    const badEmail = customerDetailsSchema.safeParse({
      customerEmail: "nope",
      customerName: "Sam",
      customerPhone: "07700 900123",
    });
    expect(badEmail.error!.issues[0]!.message).toBe("Please enter a valid email address.");
    expect(
      customerDetailsSchema.parse({
        customerEmail: " sam@example.com ",
        customerName: "Sam",
        customerPhone: "07700 900123",
        specialRequirements: "",
      }),
    ).toEqual({
      customerEmail: "sam@example.com",
      customerName: "Sam",
      customerPhone: "07700 900123",
      specialRequirements: undefined,
      textUpdates: false,
    });
  });

  it("asks the card form for the receipt e-mail and the name", () => {
    const result = embeddedCheckoutSchema.safeParse({ bookingId: "b1", customerEmail: "", customerName: "" });
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      "Please enter your email address for the receipt",
      "Please enter your name for the booking",
    ]);
  });
});
