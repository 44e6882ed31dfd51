import { describe, expect, it } from "vitest";
import { bookingReference } from "~/domain/booking-reference";

describe("booking reference", () => {
  it("takes six characters of the payment intent id from its 4th character, upper-cased", () => {
    expect(bookingReference("pi_3abcdefGHIJ")).toBe("EM-3ABCDE");
  });

  it("falls back to six random digits", () => {
    expect(bookingReference(null, () => 0.0123)).toBe("EM-012300");
    expect(bookingReference(undefined, () => 0)).toBe("EM-000000");
    expect(bookingReference("pi_12", () => 0.999999)).toMatch(/^EM-\d{6}$/);
  });
});
