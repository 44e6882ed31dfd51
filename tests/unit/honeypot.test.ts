// The honeypot's verdict (server/honeypot.server.ts): people and API clients, who send no
// honeypot fields, pass; a filled trap or a forged, foreign or future time is spam.
import { Honeypot } from "remix-utils/honeypot/server";
import { describe, expect, it, vi } from "vitest";
import { HONEYPOT_FIELDS } from "~/utils/honeypot-fields";

process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused"; // env.server parses at import
const { honeypot, isSpam } = await import("~/server/platform/honeypot.server");

const { nameFieldName, validFromFieldName } = HONEYPOT_FIELDS;
const signedTime = (at: number, by: Honeypot = honeypot) =>
  by.getInputProps({ validFromTimestamp: at }).encryptedValidFrom!;
/** What a rendered form carries: the trap (empty for a person) and its signed render time. */
const asRendered = (filled = "") => ({ [nameFieldName]: filled, [validFromFieldName]: signedTime(Date.now() - 1000) });

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("isSpam", () => {
  it("lets a person's form and an API client without the fields pass", () => {
    expect(isSpam(formData(asRendered()))).toBe(false);
    expect(isSpam(formData({ email: "a@example.com" }))).toBe(false);
    expect(isSpam({ email: "a@example.com" })).toBe(false);
    expect(isSpam(asRendered())).toBe(false);
  });

  it("catches a filled trap, as a form or as JSON", () => {
    expect(isSpam(formData(asRendered("http://spam.example")))).toBe(true);
    expect(isSpam(asRendered("Buy now"))).toBe(true);
  });

  it("catches a missing, forged or future time", () => {
    expect(isSpam(formData({ [nameFieldName]: "" }))).toBe(true);
    expect(isSpam(formData({ [nameFieldName]: "", [validFromFieldName]: "not-signed" }))).toBe(true);
    expect(isSpam(formData({ [nameFieldName]: "", [validFromFieldName]: signedTime(Date.now() + 60_000) }))).toBe(true);
  });

  it("accepts a time signed by another instance of the app (same secret), not by a stranger", async () => {
    vi.resetModules();
    const sibling = (await import("~/server/platform/honeypot.server")).honeypot;
    expect(sibling).not.toBe(honeypot);
    expect(
      isSpam(formData({ [nameFieldName]: "", [validFromFieldName]: signedTime(Date.now() - 1000, sibling) })),
    ).toBe(false);
    // Another key's time decodes to garbage, which must never pass as a time: try many.
    for (let i = 0; i < 300; i++) {
      const stranger = new Honeypot({ ...HONEYPOT_FIELDS, encryptionSeed: `another-seed-${i}` });
      expect(
        isSpam(formData({ [nameFieldName]: "", [validFromFieldName]: signedTime(Date.now() - 1000, stranger) })),
      ).toBe(true);
    }
  });

  it("signs and reads with Node's crypto in crypto-js's own format: crypto-js reads back every time it wrote", () => {
    // remix-utils' own decryption (crypto-js), with the same seed, reads what Node's wrote.
    const inside = honeypot as unknown as { decrypt(value: string): string; encryptionSeed: string };
    const original = new Honeypot({ ...HONEYPOT_FIELDS, encryptionSeed: inside.encryptionSeed });
    const cryptoJs = original as unknown as { decrypt(value: string): string };
    for (let i = 0; i < 200; i++) {
      const at = Date.now() - i * 7919;
      const signed = signedTime(at);
      expect(Buffer.from(signed, "base64").subarray(0, 8).toString()).toBe("Salted__");
      expect(cryptoJs.decrypt(signed)).toBe(String(at));
      expect(inside.decrypt(signed)).toBe(String(at));
    }
    // And a time remix-utils' own (crypto-js) honeypot signed with the same seed still passes.
    expect(
      isSpam(formData({ [nameFieldName]: "", [validFromFieldName]: signedTime(Date.now() - 1000, original) })),
    ).toBe(false);
  });

  it("renders the trap's fields under the names the forms use", () => {
    expect(honeypot.getInputProps()).toMatchObject({ nameFieldName, validFromFieldName });
  });
});
