// Phone numbers as the server takes them: normalised to E.164, and refused where a
// text must reach them but cannot (a landline). Kept apart from the forms' own schemas, which
// the browser loads: libphonenumber-js's metadata is too heavy to ship to a phone for this, so
// as you type the browser checks the format only and the server says the rest on the field.
import { z } from "zod";
import { normalisePhone } from "~/domain/phone";
import { CHECKOUT_MESSAGES } from "./checkout-messages";
import { DRIVER_APPLICATION_MESSAGES } from "./driver-application-messages";

type PhoneRule<Value> = {
  /** The field with the typed number. */
  field: keyof Value & string;
  invalid: string;
  landline: string;
  /** Whether this number must take texts (a driver's always; a customer's when they want texts). */
  mustText: (value: Value) => boolean;
};

/** The schema, with its phone field normalised to E.164 and checked by the rule. */
function withPhoneNumber<Schema extends z.ZodTypeAny>(schema: Schema, rule: PhoneRule<z.output<Schema>>) {
  return schema.transform((value: z.output<Schema>, ctx): z.output<Schema> => {
    const typed: unknown = value[rule.field];
    if (typeof typed !== "string" || typed === "") return value;
    const phone = normalisePhone(typed);
    const problem = !phone ? rule.invalid : !phone.canText && rule.mustText(value) ? rule.landline : null;
    if (problem || !phone) {
      ctx.addIssue({ code: "custom", path: [rule.field], message: problem ?? rule.invalid });
      return z.NEVER;
    }
    return { ...value, [rule.field]: phone.e164 };
  });
}

/** A customer's details at checkout: a landline is refused only when they want texts. */
export const withCustomerPhone = <
  Schema extends z.ZodType<{ customerPhone: string; textUpdates: boolean }, z.ZodTypeDef, unknown>,
>(
  schema: Schema,
) =>
  withPhoneNumber(schema, {
    field: "customerPhone",
    invalid: CHECKOUT_MESSAGES.invalidPhone,
    landline: CHECKOUT_MESSAGES.landline,
    mustText: (value) => value.textUpdates,
  });

/** A driver's application: drivers are texted their jobs, so the number must be a mobile. */
export const withDriverPhone = <Schema extends z.ZodType<{ phone: string }, z.ZodTypeDef, unknown>>(schema: Schema) =>
  withPhoneNumber(schema, {
    field: "phone",
    invalid: DRIVER_APPLICATION_MESSAGES.phone,
    landline: DRIVER_APPLICATION_MESSAGES.landline,
    mustText: () => true,
  });
