// Phone numbers for texts (domain/phone.ts): E.164, and mobiles told from landlines.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { normalisePhone } from "~/domain/phone";
import { CHECKOUT_MESSAGES, customerDetailsSchema } from "~/schemas/checkout";
import { DRIVER_APPLICATION_MESSAGES } from "~/schemas/driver-application-messages";
import { withCustomerPhone, withDriverPhone } from "~/schemas/phone-numbers";

describe("normalisePhone", () => {
  it("gives a UK mobile typed any usual way in E.164, able to take texts", () => {
    for (const typed of ["07911 123456", "+44 7911 123456", "0044 7911 123456", " 07911-123-456 "])
      expect(normalisePhone(typed)).toEqual({ e164: "+447911123456", canText: true });
  });

  it("a landline is valid but takes no texts", () => {
    expect(normalisePhone("020 7946 0018")).toEqual({ e164: "+442079460018", canText: false });
    expect(normalisePhone("0191 498 0000")).toEqual({ e164: "+441914980000", canText: false });
  });

  it("a number from abroad in international form is kept as it is", () => {
    expect(normalisePhone("+33 6 12 34 56 78")).toEqual({ e164: "+33612345678", canText: true });
  });

  it("what is not a phone number is null", () => {
    // Ofcom's drama range (07700 900000 to 900999) is for fiction: no real phone has it.
    for (const typed of ["", "hello", "123", "07911", "07700 900123"]) expect(normalisePhone(typed)).toBeNull();
  });
});

describe("the server's phone rules (schemas/phone-numbers.ts)", () => {
  const details = (customerPhone: string, textUpdates: boolean) => ({
    customerEmail: "sam@example.com",
    customerName: "Sam",
    customerPhone,
    textUpdates,
  });
  const customer = withCustomerPhone(customerDetailsSchema);

  it("keeps the customer's number in E.164", () => {
    expect(customer.parse(details("07911 123456", true)).customerPhone).toBe("+447911123456");
  });

  it("refuses a customer's landline only when they want texts, on the phone's field", () => {
    const refused = customer.safeParse(details("020 7946 0018", true));
    expect(refused.error?.issues).toMatchObject([{ path: ["customerPhone"], message: CHECKOUT_MESSAGES.landline }]);
    expect(customer.parse(details("020 7946 0018", false)).customerPhone).toBe("+442079460018");
  });

  it("refuses what only looks like a number with the product's message", () => {
    const refused = customer.safeParse(details("07700 900123", false));
    expect(refused.error?.issues).toMatchObject([{ path: ["customerPhone"], message: CHECKOUT_MESSAGES.invalidPhone }]);
  });

  it("takes a driver's mobile, never a landline", () => {
    const driver = withDriverPhone(z.object({ phone: z.string() }));
    expect(driver.parse({ phone: "07911 123456" })).toEqual({ phone: "+447911123456" });
    expect(driver.safeParse({ phone: "020 7946 0018" }).error?.issues[0]?.message).toBe(
      DRIVER_APPLICATION_MESSAGES.landline,
    );
  });
});
