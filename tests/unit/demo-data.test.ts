// The demo passes its own rules: every record the seed writes from a person's input goes
// through the schema that input goes through on the site, so a demo customer or driver can save
// what they already have, and a script reusing the demo's details is not refused.
import { describe, expect, it } from "vitest";
import { normalisePhone } from "~/domain/phone";
import { signUpSchema } from "~/schemas/auth";
import { bankDetailsSchema } from "~/schemas/bank-details";
import { stripeCheckoutSchema } from "~/schemas/checkout";
import { driverApplicationApiSchema } from "~/schemas/driver-application";
import { availabilitySettingsSchema } from "~/schemas/driver-availability";
import { helpRequestSchema } from "~/schemas/help-request";
import { withCustomerPhone, withDriverPhone } from "~/schemas/phone-numbers";
import { ratingSchema } from "~/schemas/rating";
import { chatMessageSchema } from "~/schemas/tracker";
import {
  DEMO_BANK_DETAILS,
  DEMO_CUSTOMERS,
  DEMO_DRIVERS,
  DEMO_INACTIVE_CUSTOMER,
  DEMO_PASSWORD,
  DEMO_TEXTS,
  demoDocumentPath,
} from "../../prisma/demo-data";

/** The messages of a failed parse, or [] when it passed: a failure names what was refused. */
function problems(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("the demo's people pass the site's own schemas", () => {
  it.each([...DEMO_CUSTOMERS, { ...DEMO_INACTIVE_CUSTOMER, phone: null }])("customer $email signs up", (person) => {
    const signUp = signUpSchema.safeParse({
      username: person.username,
      email: person.email,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    });
    expect(problems(signUp)).toEqual([]);
  });

  it.each(DEMO_CUSTOMERS)("customer $email checks out with their account's phone, texts on", (person) => {
    const checkout = withCustomerPhone(stripeCheckoutSchema).safeParse({
      bookingId: "demo-booking",
      customerName: person.username,
      customerEmail: person.email,
      customerPhone: person.phone,
      specialRequirements: DEMO_TEXTS.specialRequirements,
      textUpdates: true,
    });
    expect(problems(checkout)).toEqual([]);
  });

  it.each(DEMO_DRIVERS)("driver $email applies with a mobile number, and sets their availability", (driver) => {
    const application = withDriverPhone(driverApplicationApiSchema).safeParse({
      name: driver.name,
      email: driver.email,
      phone: driver.phone,
      experience: driver.experience,
      vanType: driver.vanType,
      location: driver.location,
      licenseDocument: demoDocumentPath(driver.email, "licence.pdf"),
      insuranceDocument: demoDocumentPath(driver.email, "insurance.pdf"),
      liabilityDocument: demoDocumentPath(driver.email, "liability.pdf"),
      vehiclePhoto: demoDocumentPath(driver.email, "van.png"),
      agreement: true,
    });
    expect(problems(application)).toEqual([]);
    expect(normalisePhone(driver.phone)?.canText).toBe(true);
    if (driver.availability) {
      const availability = availabilitySettingsSchema.safeParse({
        intent: "save",
        basePostcode: driver.availability.basePostcode,
        workingRadiusMiles: String(driver.availability.workingRadiusMiles),
        jobsPerDay: String(driver.availability.jobsPerDay),
      });
      expect(problems(availability)).toEqual([]);
    }
  });

  it("the bank details, chat, rating and support messages pass theirs", () => {
    expect(problems(bankDetailsSchema.safeParse(DEMO_BANK_DETAILS))).toEqual([]);
    expect(problems(chatMessageSchema.safeParse({ content: DEMO_TEXTS.chatFromCustomer }))).toEqual([]);
    expect(problems(chatMessageSchema.safeParse({ content: DEMO_TEXTS.chatFromDriver }))).toEqual([]);
    expect(problems(ratingSchema.safeParse({ stars: 5, comment: DEMO_TEXTS.ratingComment }))).toEqual([]);
    for (const message of [DEMO_TEXTS.refundComplaint, DEMO_TEXTS.receiptQuestion])
      expect(problems(helpRequestSchema.safeParse({ kind: "support", message }))).toEqual([]);
  });
});

describe("the phone rule the demo once failed", () => {
  it("refuses Ofcom's drama numbers, which are no one's", () => {
    expect(normalisePhone("07700 900101")).toBeNull();
  });
});
