// Secrets at rest (e.g. the Stripe secret key): AES-256-GCM under a key derived from
// ENCRYPTION_KEY with SHA-256. A stored value is "v1:<iv>:<tag>:<ciphertext>" (base64), so a
// later scheme can sit beside it; GCM's tag makes any change to the stored value an error.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "./env.server";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const DECRYPT_FAILED_MESSAGE =
  "A stored secret could not be decrypted: it was changed, or ENCRYPTION_KEY is not the one it was saved with";

function keyFrom(secret: string) {
  return createHash("sha256").update(secret, "utf8").digest();
}

/** Encrypts with a fresh random IV, so the same secret never gives the same stored value twice. */
export function encryptSecret(plain: string, secret: string = env.ENCRYPTION_KEY): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), ciphertext.toString("base64")].join(
    ":",
  );
}

/** The plain text of encryptSecret's output; throws DECRYPT_FAILED_MESSAGE on anything else. */
export function decryptSecret(stored: string, secret: string = env.ENCRYPTION_KEY): string {
  const parts = stored.split(":");
  const [version, ivText, tagText, ciphertextText] = parts;
  const base64 = /^[A-Za-z0-9+/]*={0,2}$/;
  if (
    parts.length !== 4 ||
    version !== VERSION ||
    ![ivText, tagText, ciphertextText].every((part) => base64.test(part!))
  ) {
    throw new Error(`${DECRYPT_FAILED_MESSAGE} (not a ${VERSION} encrypted value)`);
  }
  const iv = Buffer.from(ivText!, "base64");
  const tag = Buffer.from(tagText!, "base64");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new Error(`${DECRYPT_FAILED_MESSAGE} (bad IV or tag length)`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText!, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error(DECRYPT_FAILED_MESSAGE);
  }
}
