// The honeypot on the public forms (sign-up, driver application, quotes), from remix-utils:
// a field people never see and a signed render time. A bot that fills the field, or forges
// the time, gets an ordinary-looking answer while nothing is created or sent.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { Honeypot } from "remix-utils/honeypot/server";
import { HONEYPOT_FIELDS } from "~/utils/honeypot-fields";
import { env } from "./env.server";

/** OpenSSL's key and IV from a passphrase and salt (EVP_BytesToKey, MD5, one round), as crypto-js derives them. */
function opensslKeyAndIv(passphrase: string, salt: Buffer) {
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  while (blocks.length * 16 < 48) {
    previous = createHash("md5")
      .update(Buffer.concat([previous, Buffer.from(passphrase, "utf8"), salt]))
      .digest();
    blocks.push(previous);
  }
  const bytes = Buffer.concat(blocks);
  return { key: bytes.subarray(0, 32), iv: bytes.subarray(32, 48) };
}

/** A signed time is the milliseconds since 1970, as remix-utils writes it. */
const SIGNED_TIME = /^\d{1,15}$/;

/**
 * remix-utils' Honeypot, encrypting and decrypting with Node's crypto in crypto-js's own
 * format ("Salted__", AES-256-CBC): crypto-js's AES in JavaScript was a fifth of the time of
 * a home page served from a shared render. Its decryption was also lax: a time signed with
 * another key often came out as a stray character or two that remix-utils' check read as the
 * year 1970, so a forged time passed. Here the padding is checked and only digits are a time;
 * the rest of the check stays remix-utils' own (tests/unit prove the formats agree).
 */
class NativeHoneypot extends Honeypot {
  protected decrypt(value: string) {
    const bytes = Buffer.from(value, "base64");
    if (bytes.length < 32 || bytes.subarray(0, 8).toString("latin1") !== "Salted__") return "";
    const { key, iv } = opensslKeyAndIv(this.encryptionSeed, bytes.subarray(8, 16));
    const decipher = createDecipheriv("aes-256-cbc", key, iv);
    const plain = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString("utf8");
    return SIGNED_TIME.test(plain) ? plain : "";
  }

  protected encrypt(value: string) {
    const salt = randomBytes(8);
    const { key, iv } = opensslKeyAndIv(this.encryptionSeed, salt);
    const cipher = createCipheriv("aes-256-cbc", key, iv);
    return Buffer.concat([Buffer.from("Salted__"), salt, cipher.update(value, "utf8"), cipher.final()]).toString(
      "base64",
    );
  }
}

// The seed comes from SESSION_SECRET, so every instance (and a restart) accepts the others' forms.
export const honeypot = new NativeHoneypot({
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
    // A SpamError; or a time encrypted with another key whose padding is wrong: forged all
    // the same, so spam, never a 500.
    return true;
  }
}
