// The Stripe configuration's rules and the encryption of the
// secret key at rest (docs/decisions/008-admin-only-payment-tools.md).
import { describe, expect, it } from "vitest";
import {
  canSaveStripeKeys,
  looksSecret,
  STRIPE_CONFIG_ERRORS,
  stripeConfigErrorText,
  stripeConfigSchema,
  STRIPE_KEY_MESSAGES,
} from "~/schemas/stripe-config";

process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused"; // env.server parses at import
const { DECRYPT_FAILED_MESSAGE, decryptSecret, encryptSecret } = await import("~/server/platform/encryption.server");

const PK = "pk_test_51AbCdEfGhIjKlMnOp";
const SK = "sk_test_51QrStUvWxYz0123456789";

function errorsOf(input: Record<string, unknown>) {
  const result = stripeConfigSchema.safeParse(input);
  if (result.success) return null;
  return result.error.flatten();
}

describe("stripeConfigSchema", () => {
  it("takes both keys, or either one alone (the other is kept), trimmed", () => {
    expect(stripeConfigSchema.parse({ publicKey: ` ${PK} `, secretKey: SK })).toEqual({ publicKey: PK, secretKey: SK });
    expect(stripeConfigSchema.parse({ publicKey: PK, secretKey: "" })).toEqual({ publicKey: PK, secretKey: undefined });
    expect(stripeConfigSchema.parse({ secretKey: SK })).toEqual({ publicKey: undefined, secretKey: SK });
    expect(stripeConfigSchema.parse({ publicKey: null, secretKey: SK })).toEqual({
      publicKey: undefined,
      secretKey: SK,
    });
  });

  it("refuses a publishable key without pk_ and a secret key without sk_, with the product's messages", () => {
    expect(errorsOf({ publicKey: "sk_test_1", secretKey: "pk_test_1" })?.fieldErrors).toEqual({
      publicKey: ["Stripe publishable key must start with 'pk_'"],
      secretKey: ["Stripe secret key must start with 'sk_'"],
    });
    expect(errorsOf({ publicKey: "PK_test_1" })?.fieldErrors).toEqual({
      publicKey: [STRIPE_CONFIG_ERRORS.invalidPublicKey.message],
    });
    expect(errorsOf({ secretKey: "rk_live_1" })?.fieldErrors).toEqual({
      secretKey: [STRIPE_CONFIG_ERRORS.invalidSecretKey.message],
    });
  });

  it("judges each non-empty key alone: a good key does not excuse a bad one", () => {
    expect(errorsOf({ publicKey: PK, secretKey: "nope" })?.fieldErrors).toEqual({
      secretKey: [STRIPE_CONFIG_ERRORS.invalidSecretKey.message],
    });
    expect(errorsOf({ publicKey: "nope", secretKey: SK })?.fieldErrors).toEqual({
      publicKey: [STRIPE_CONFIG_ERRORS.invalidPublicKey.message],
    });
  });

  it("refuses nothing to save: both empty, blank or missing", () => {
    for (const input of [
      {},
      { publicKey: "", secretKey: "" },
      { publicKey: "  ", secretKey: "\t" },
      { publicKey: null, secretKey: null },
    ]) {
      expect(errorsOf(input)?.formErrors).toEqual(["Enter a publishable key or a secret key"]);
    }
  });

  it("refuses keys with spaces or symbols inside, over-long keys and non-text", () => {
    expect(errorsOf({ publicKey: "pk_test abc" })?.fieldErrors.publicKey).toEqual([STRIPE_KEY_MESSAGES.characters]);
    expect(errorsOf({ secretKey: "sk_test_<script>" })?.fieldErrors.secretKey).toEqual([
      STRIPE_KEY_MESSAGES.characters,
    ]);
    expect(errorsOf({ secretKey: `sk_${"a".repeat(300)}` })?.fieldErrors.secretKey).toEqual([
      STRIPE_KEY_MESSAGES.tooLong,
    ]);
    expect(errorsOf({ publicKey: 42 })?.fieldErrors.publicKey).toEqual([STRIPE_KEY_MESSAGES.notText]);
  });
});

describe("canSaveStripeKeys (Save's enabled state)", () => {
  it("is off when both are empty or a non-empty key has the wrong prefix", () => {
    expect(canSaveStripeKeys("", "")).toBe(false);
    expect(canSaveStripeKeys(undefined, undefined)).toBe(false);
    expect(canSaveStripeKeys("abc", "")).toBe(false);
    expect(canSaveStripeKeys("", "abc")).toBe(false);
    expect(canSaveStripeKeys(PK, "abc")).toBe(false);
    expect(canSaveStripeKeys("sk_test_1", SK)).toBe(false);
  });

  it("is on for one or two keys with the right prefixes", () => {
    expect(canSaveStripeKeys(PK, "")).toBe(true);
    expect(canSaveStripeKeys(undefined, SK)).toBe(true);
    expect(canSaveStripeKeys(PK, SK)).toBe(true);
  });
});

describe("error texts", () => {
  it("put the product's title before the message", () => {
    expect(stripeConfigErrorText(STRIPE_CONFIG_ERRORS.invalidPublicKey.message, "publicKey")).toBe(
      "Invalid Public Key: Stripe publishable key must start with 'pk_'",
    );
    expect(stripeConfigErrorText(STRIPE_CONFIG_ERRORS.invalidSecretKey.message, "secretKey")).toBe(
      "Invalid Secret Key: Stripe secret key must start with 'sk_'",
    );
    expect(stripeConfigErrorText(STRIPE_CONFIG_ERRORS.saveFailed.message)).toBe(
      "Error Saving Keys: There was a problem saving your Stripe configuration",
    );
    expect(stripeConfigErrorText("Something else")).toBe("Something else");
  });

  it("know a secret key pasted into the publishable box", () => {
    expect(looksSecret(" sk_live_1")).toBe(true);
    expect(looksSecret("rk_live_1")).toBe(true);
    expect(looksSecret(PK)).toBe(false);
    expect(looksSecret(null)).toBe(false);
  });
});

describe("encryptSecret / decryptSecret", () => {
  it("round-trips, as v1:<iv>:<tag>:<ciphertext> with a 12-byte IV, never holding the plain text", () => {
    const stored = encryptSecret(SK);
    expect(stored).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    const [, iv, tag] = stored.split(":");
    expect(Buffer.from(iv!, "base64")).toHaveLength(12);
    expect(Buffer.from(tag!, "base64")).toHaveLength(16);
    expect(stored).not.toContain(SK);
    expect(stored).not.toContain(Buffer.from(SK).toString("base64"));
    expect(decryptSecret(stored)).toBe(SK);
    expect(decryptSecret(encryptSecret("ünïcödé ✓"))).toBe("ünïcödé ✓");
    expect(decryptSecret(encryptSecret(""))).toBe("");
  });

  it("uses a fresh IV each time", () => {
    const a = encryptSecret(SK);
    const b = encryptSecret(SK);
    expect(a).not.toBe(b);
    expect(a.split(":")[1]).not.toBe(b.split(":")[1]);
  });

  it("detects tampering with the ciphertext, the tag or the IV", () => {
    const [version, iv, tag, ciphertext] = encryptSecret(SK).split(":") as [string, string, string, string];
    const flip = (base64: string) => {
      const bytes = Buffer.from(base64, "base64");
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString("base64");
    };
    for (const forged of [
      [version, iv, tag, flip(ciphertext)],
      [version, iv, flip(tag), ciphertext],
      [version, flip(iv), tag, ciphertext],
    ]) {
      expect(() => decryptSecret(forged.join(":"))).toThrow(DECRYPT_FAILED_MESSAGE);
    }
  });

  it("refuses another key and malformed values with a clear error", () => {
    const stored = encryptSecret(SK, "key-one");
    expect(decryptSecret(stored, "key-one")).toBe(SK);
    expect(() => decryptSecret(stored, "key-two")).toThrow(DECRYPT_FAILED_MESSAGE);
    for (const bad of [
      "",
      SK,
      "v2:a:b:c",
      "v1:only:three",
      "v1:!!:??:**",
      `v1:${Buffer.alloc(8).toString("base64")}:${Buffer.alloc(16).toString("base64")}:AAAA`,
    ]) {
      expect(() => decryptSecret(bad)).toThrow(DECRYPT_FAILED_MESSAGE);
    }
  });
});
