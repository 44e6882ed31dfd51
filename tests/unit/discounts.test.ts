import { describe, expect, it } from "vitest";
import {
  discountExpiry,
  discountTierByCode,
  discountTierFor,
  discountUnusableReason,
  normaliseDiscountCode,
} from "~/domain/discounts";

describe("discount codes", () => {
  it("offers WELCOME5 with no paid bookings, RETURN10 with one or two, LOYAL15 with three or more", () => {
    expect(discountTierFor(0)).toMatchObject({ code: "WELCOME5", percent: 5 });
    expect(discountTierFor(1)).toMatchObject({ code: "RETURN10", percent: 10 });
    expect(discountTierFor(2)).toMatchObject({ code: "RETURN10", percent: 10 });
    expect(discountTierFor(3)).toMatchObject({ code: "LOYAL15", percent: 15 });
    expect(discountTierFor(40)).toMatchObject({ code: "LOYAL15", percent: 15 });
    expect(discountTierFor(-1).code).toBe("WELCOME5");
  });

  it("is valid for 30 days from issue", () => {
    const issued = new Date("2027-03-01T10:00:00Z");
    expect(discountExpiry(issued).toISOString()).toBe("2027-03-31T10:00:00.000Z");
  });

  it("reads a typed code whatever its case and spaces", () => {
    expect(normaliseDiscountCode("  return10 ")).toBe("RETURN10");
    expect(discountTierByCode(" loyal15")?.percent).toBe(15);
    expect(discountTierByCode("FREEMOVE")).toBeUndefined();
  });

  it("can be used once, before it expires", () => {
    const now = new Date("2027-03-10T00:00:00Z");
    const expiresAt = new Date("2027-03-31T00:00:00Z");
    expect(discountUnusableReason({ usedAt: null, expiresAt }, now)).toBeNull();
    expect(discountUnusableReason({ usedAt: new Date("2027-03-05T00:00:00Z"), expiresAt }, now)).toBe("used");
    expect(discountUnusableReason({ usedAt: null, expiresAt: now }, now)).toBe("expired");
  });
});
