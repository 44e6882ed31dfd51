// Phone numbers as typed (UK first: "07700 900123", "+44 7700 900123") normalised to E.164 for
// texts, and whether a number can receive texts: a mobile can; a landline cannot,
// and its owner gets e-mail only. libphonenumber-js's full metadata tells the two apart.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

export type NormalisedPhone = { e164: string; canText: boolean };

/** The number in E.164 and whether it takes texts; null when it is not a valid number. */
export function normalisePhone(typed: string): NormalisedPhone | null {
  const parsed = parsePhoneNumberFromString(typed.trim(), "GB");
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  return { e164: parsed.number, canText: type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE" };
}

/** A stored number as people write it ("07400 900201"); as stored when it cannot be read. */
export function nationalPhone(stored: string) {
  const parsed = parsePhoneNumberFromString(stored, "GB");
  return parsed?.isValid() ? parsed.formatNational() : stored;
}
