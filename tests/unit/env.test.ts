import { describe, expect, it } from "vitest";

process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused"; // env.server parses at import
const { parseEnv } = await import("~/server/env.server");

const base = { DATABASE_URL: "postgresql://u@127.0.0.1/db" };

describe("configuration", () => {
  it("has safe defaults for a local demo", () => {
    const env = parseEnv({ ...base, NODE_ENV: "development" });
    expect(env.BRAND_NAME).toBe("EasyMove");
    expect(env.SESSION_SECRET).toBeTruthy();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.UPLOAD_MAX_FILE_MB).toBe(10);
  });

  it("treats empty optional keys as missing, so their local stand-ins are used", () => {
    const env = parseEnv({ ...base, STRIPE_SECRET_KEY: "", GOOGLE_MAPS_API_KEY: "  " });
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.GOOGLE_MAPS_API_KEY).toBeUndefined();
  });

  it("stops production start-up when a secret is missing, naming it", () => {
    expect(() => parseEnv({ ...base, NODE_ENV: "production", SESSION_SECRET: "s" })).toThrow(
      /Missing required secret in production: ENCRYPTION_KEY/,
    );
    expect(() => parseEnv({ ...base, NODE_ENV: "production" })).toThrow(/SESSION_SECRET, ENCRYPTION_KEY/);
    expect(parseEnv({ ...base, NODE_ENV: "production", SESSION_SECRET: "s", ENCRYPTION_KEY: "k" }).SESSION_SECRET).toBe("s");
  });

  it("explains a bad value", () => {
    expect(() => parseEnv({ ...base, SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => parseEnv({})).toThrow(/DATABASE_URL/);
  });
});
