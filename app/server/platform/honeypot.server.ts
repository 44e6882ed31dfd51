// The honeypot on the public forms (sign-up, driver application, quotes), from remix-utils:
// a field people never see and a signed render time. A bot that fills the field, or forges
// the time, gets an ordinary-looking answer while nothing is created or sent.
import { createHash } from "node:crypto";
import { Honeypot } from "remix-utils/honeypot/server";
import { HONEYPOT_FIELDS } from "~/utils/honeypot-fields";
import { env } from "./env.server";

// The seed comes from SESSION_SECRET, so every instance (and a restart) accepts the others' forms.
export const honeypot = new Honeypot({
  ...HONEYPOT_FIELDS,
  encryptionSeed: createHash("sha256").update(`honeypot:${env.SESSION_SECRET}`).digest("hex"),
});

/** True when a bot fell into the honeypot. Forms without its fields (API clients) pass. */
export function isSpam(body: FormData | Record<string, unknown>) {
  const formData = body instanceof FormData ? body : new FormData();
  if (!(body instanceof FormData)) {
    for (const name of Object.values(HONEYPOT_FIELDS))
      if (typeof body[name] === "string") formData.set(name, body[name] as string);
  }
  try {
    honeypot.check(formData);
    return false;
  } catch {
    // A SpamError; or a time encrypted with another key that fails to decode ("Malformed
    // UTF-8 data"): forged all the same, so spam, never a 500.
    return true;
  }
}
