import { describe, expect, it } from "vitest";

process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused"; // env.server parses at import
const { parseEnv, productionProblems } = await import("~/server/platform/env.server");

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

  it("stops a local demo's production build when a secret is missing, naming it", () => {
    const local = { ...base, NODE_ENV: "production", LOCAL_DATABASE: "1" };
    expect(() => parseEnv({ ...local, SESSION_SECRET: "s" })).toThrow(
      /Missing required secret in production: ENCRYPTION_KEY/,
    );
    expect(() => parseEnv(local)).toThrow(/SESSION_SECRET, ENCRYPTION_KEY/);
    const demo = parseEnv({ ...local, SESSION_SECRET: "s", ENCRYPTION_KEY: "k" });
    expect(demo.SESSION_SECRET).toBe("s");
    expect(demo.isProduction).toBe(false);
    expect(demo.sandboxPaymentsAllowed).toBe(true);
  });

  describe("production (NODE_ENV=production on an external database)", () => {
    const strong = (seed: string) => seed.repeat(64).slice(0, 64);
    const production = {
      ...base,
      NODE_ENV: "production",
      SESSION_SECRET: strong("a1"),
      ENCRYPTION_KEY: strong("b2"),
      SITE_URL: "https://easymove.example",
    };

    it("starts with strong secrets and an https SITE_URL, and takes no sandbox money", () => {
      const env = parseEnv(production);
      expect(env.isProduction).toBe(true);
      expect(env.sandboxPaymentsAllowed).toBe(false);
      expect(parseEnv({ ...production, PAYMENTS_SANDBOX: "on" }).sandboxPaymentsAllowed).toBe(true);
    });

    it("runs one worker per core unless WEB_CONCURRENCY says otherwise; a demo or test server runs one", () => {
      expect(parseEnv(production, 4).WEB_CONCURRENCY).toBe(4);
      expect(parseEnv(production, 1).WEB_CONCURRENCY).toBe(1);
      expect(parseEnv({ ...production, WEB_CONCURRENCY: "2" }, 8).WEB_CONCURRENCY).toBe(2);
      expect(parseEnv({ ...production, WEB_CONCURRENCY: "" }, 3).WEB_CONCURRENCY).toBe(3);
      expect(parseEnv({ ...base, NODE_ENV: "development" }, 8).WEB_CONCURRENCY).toBe(1);
      const demo = { ...base, NODE_ENV: "production", LOCAL_DATABASE: "1", SESSION_SECRET: "s", ENCRYPTION_KEY: "k" };
      expect(parseEnv(demo, 8).WEB_CONCURRENCY).toBe(1);
    });

    it("refuses short secrets, with one sentence per problem", () => {
      const attempt = () => parseEnv({ ...production, SESSION_SECRET: "x", ENCRYPTION_KEY: "y" });
      expect(attempt).toThrow(/SESSION_SECRET is 1 bytes long: use at least 32 random bytes\./);
      expect(attempt).toThrow(/ENCRYPTION_KEY is 1 bytes long/);
    });

    it("refuses missing secrets, example values and one secret used twice", () => {
      expect(() => parseEnv({ ...production, SESSION_SECRET: undefined })).toThrow(/SESSION_SECRET is not set/);
      expect(() =>
        parseEnv({ ...production, ENCRYPTION_KEY: "development-encryption-key-not-for-production" }),
      ).toThrow(/ENCRYPTION_KEY is an example value/);
      expect(() => parseEnv({ ...production, ENCRYPTION_KEY: production.SESSION_SECRET })).toThrow(/are the same/);
    });

    it("refuses a SITE_URL that is missing or not https (session cookies would lose Secure)", () => {
      expect(() => parseEnv({ ...production, SITE_URL: undefined })).toThrow(
        /SITE_URL is not set: production needs the site's public https:\/\/ address/,
      );
      expect(() => parseEnv({ ...production, SITE_URL: "http://easymove.example" })).toThrow(
        /SITE_URL is http:\/\/easymove.example: production needs the site's public https:\/\/ address/,
      );
    });

    it("never follows the visitor's origin: SITE_URL is the only source of addresses", () => {
      const env = parseEnv(production);
      expect(env.SITE_URL).toBe("https://easymove.example");
      expect(env.siteUrlFollowsVisitor).toBe(false);
    });

    it("refuses an unsupported Node.js in one sentence", () => {
      const settings = parseEnv({ ...production, NODE_ENV: "development" });
      expect(productionProblems(settings, "20.20.2")).toEqual([
        "Node.js 20.20.2 is no longer supported: run Node.js 24 or newer (npm start uses the one `npm install` put in node_modules/.bin).",
      ]);
      expect(productionProblems(settings, "24.21.0")).toEqual([]);
      expect(productionProblems(settings, "26.1.0")).toEqual([]);
    });

    it("tells the whole story without a stack trace", () => {
      try {
        parseEnv({ ...production, SESSION_SECRET: "x" });
        expect.unreachable();
      } catch (error) {
        expect((error as Error).stack).toBe((error as Error).message);
      }
    });
  });

  it("a local demo without SITE_URL follows the visitor, and names where it listens", () => {
    const demo = parseEnv({
      ...base,
      NODE_ENV: "production",
      LOCAL_DATABASE: "1",
      SESSION_SECRET: "s",
      ENCRYPTION_KEY: "k",
      PORT: "4123",
    });
    expect(demo.siteUrlFollowsVisitor).toBe(true);
    expect(demo.SITE_URL).toBe("http://localhost:4123");
    expect(parseEnv({ ...base, HOST: "127.0.0.1", PORT: "4123" }).SITE_URL).toBe("http://127.0.0.1:4123");
    const configured = parseEnv({ ...base, SITE_URL: "http://demo.localhost:8080" });
    expect(configured.siteUrlFollowsVisitor).toBe(false);
    expect(configured.SITE_URL).toBe("http://demo.localhost:8080");
  });

  it("explains a bad value", () => {
    expect(() => parseEnv({ ...base, SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => parseEnv({})).toThrow(/DATABASE_URL/);
  });
});
