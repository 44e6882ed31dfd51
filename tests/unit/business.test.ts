// EasyMove for Business's rules: what each role may do, who may give which role or remove whom,
// when an order may go on account, and the monthly invoice's period, number and due date.
import { describe, expect, it } from "vitest";
import {
  accountChargeRefusal,
  BUSINESS_MESSAGES,
  businessInvoiceNumber,
  creditAvailable,
  invoiceDueDate,
  invoicePeriodBefore,
  isOverdue,
  may,
  monthName,
  removalRefusal,
  roleChangeRefusal,
} from "~/domain/business";

describe("business roles", () => {
  it("gives the owner billing, keys and users; an admin keys, users and every order; a booker booking only", () => {
    expect(["billing", "keys", "users", "allOrders", "book"].every((what) => may("owner", what as never))).toBe(true);
    expect(may("admin", "billing")).toBe(false);
    expect(["keys", "users", "allOrders", "book"].every((what) => may("admin", what as never))).toBe(true);
    expect(may("booker", "book")).toBe(true);
    expect(["billing", "keys", "users", "allOrders"].some((what) => may("booker", what as never))).toBe(false);
  });

  it("lets the owner make admins and bookers, an admin only bookers, and nobody a second owner", () => {
    expect(roleChangeRefusal("owner", null, "admin")).toBeNull();
    expect(roleChangeRefusal("owner", "booker", "admin")).toBeNull();
    expect(roleChangeRefusal("owner", "admin", "booker")).toBeNull();
    expect(roleChangeRefusal("admin", null, "booker")).toBeNull();
    expect(roleChangeRefusal("admin", null, "admin")).toBe(BUSINESS_MESSAGES.adminsByOwner);
    expect(roleChangeRefusal("admin", "admin", "booker")).toBe(BUSINESS_MESSAGES.adminsByOwner);
    expect(roleChangeRefusal("owner", null, "owner")).toBe(BUSINESS_MESSAGES.oneOwner);
    expect(roleChangeRefusal("owner", "owner", "admin")).toBe(BUSINESS_MESSAGES.ownerFixed);
    expect(roleChangeRefusal("booker", null, "booker")).toBe(BUSINESS_MESSAGES.notAllowedUsers);
  });

  it("never removes the owner; anyone else may leave; an admin removes bookers, the owner anyone", () => {
    expect(removalRefusal("owner", "owner", true)).toBe(BUSINESS_MESSAGES.ownerFixed);
    expect(removalRefusal("admin", "owner", false)).toBe(BUSINESS_MESSAGES.ownerFixed);
    expect(removalRefusal("booker", "booker", true)).toBeNull();
    expect(removalRefusal("booker", "booker", false)).toBe(BUSINESS_MESSAGES.notAllowedUsers);
    expect(removalRefusal("admin", "booker", false)).toBeNull();
    expect(removalRefusal("admin", "admin", false)).toBe(BUSINESS_MESSAGES.adminsByOwner);
    expect(removalRefusal("owner", "admin", false)).toBeNull();
  });
});

describe("credit", () => {
  const position = { creditLimitPence: 200_000, owedPence: 150_000, overdue: false };

  it("charges an order that fits what is left of the limit", () => {
    expect(creditAvailable(position)).toBe(50_000);
    expect(accountChargeRefusal(position, 50_000)).toBeNull();
  });

  it("refuses past the limit, saying what is left", () => {
    expect(accountChargeRefusal(position, 50_001)).toBe(
      "This order would take the account past its credit limit of £2,000.00: £500.00 is left. You can still pay by card",
    );
    expect(creditAvailable({ ...position, owedPence: 250_000 })).toBe(0);
  });

  it("means card only at a limit of £0, and pauses ordering on account while an invoice is overdue", () => {
    expect(accountChargeRefusal({ ...position, creditLimitPence: 0 }, 1)).toBe(BUSINESS_MESSAGES.cardOnly);
    expect(accountChargeRefusal({ ...position, overdue: true }, 1)).toBe(BUSINESS_MESSAGES.overdue);
  });
});

describe("the monthly invoice", () => {
  it("covers the month before the 1st it is issued on, across a year's end", () => {
    expect(invoicePeriodBefore("2026-12-01")).toEqual({ start: "2026-11-01", end: "2026-11-30", month: "2026-11" });
    expect(invoicePeriodBefore("2027-01-01")).toEqual({ start: "2026-12-01", end: "2026-12-31", month: "2026-12" });
    expect(invoicePeriodBefore("2028-03-01")).toEqual({ start: "2028-02-01", end: "2028-02-29", month: "2028-02" });
    expect(monthName("2026-11")).toBe("November 2026");
  });

  it("is numbered by month, due in 30 days, and overdue from the day after", () => {
    expect(businessInvoiceNumber("2026-11", 7)).toBe("EMB-2026-11-0007");
    expect(invoiceDueDate("2026-12-01")).toBe("2026-12-31");
    expect(isOverdue({ paidAt: null, dueOn: "2026-12-31" }, "2026-12-31")).toBe(false);
    expect(isOverdue({ paidAt: null, dueOn: "2026-12-31" }, "2027-01-01")).toBe(true);
    expect(isOverdue({ paidAt: new Date(), dueOn: "2026-12-31" }, "2027-01-01")).toBe(false);
  });
});
