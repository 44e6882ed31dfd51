// Phone numbers for texts (domain/phone.ts): E.164, and mobiles told from landlines.
import { describe, expect, it } from "vitest";
import { normalisePhone } from "~/domain/phone";

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
