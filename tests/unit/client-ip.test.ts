// The client's address behind 0, 1 or 2 proxies (TRUSTED_PROXY_HOPS), and what a client
// that forges X-Forwarded-For can and cannot change.
import { describe, expect, it } from "vitest";

// The helper lives beside the rate limits; importing it parses the configuration, which
// needs a DATABASE_URL. Nothing here connects to a database.
process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused";
const { clientIp } = await import("~/server/rate-limit.server");
const { parseEnv } = await import("~/server/env.server");

const CLIENT = "203.0.113.7";
const LOAD_BALANCER = "10.0.0.2";

/** A request as the app receives it, with X-Forwarded-For as the last proxy passed it on. */
function arriving(forwardedFor?: string) {
  return new Request("http://app.internal/", { headers: forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor } });
}

describe("clientIp", () => {
  describe("with 0 hops (no proxy)", () => {
    it("ignores X-Forwarded-For, which the client wrote itself: every caller shares one key", () => {
      expect(clientIp(arriving(), 0)).toBe("direct");
      expect(clientIp(arriving("198.51.100.1"), 0)).toBe("direct");
      expect(clientIp(arriving("198.51.100.2, 198.51.100.3"), 0)).toBe("direct");
    });
  });

  describe("with 1 hop (one load balancer)", () => {
    it("takes the address the load balancer appended", () => {
      expect(clientIp(arriving(CLIENT), 1)).toBe(CLIENT);
    });

    it("is not fooled by addresses the client put in front", () => {
      expect(clientIp(arriving(`1.2.3.4, ${CLIENT}`), 1)).toBe(CLIENT);
      expect(clientIp(arriving(`1.2.3.4,5.6.7.8 ,  ${CLIENT} `), 1)).toBe(CLIENT);
    });

    it("gives one shared key when no proxy added the header", () => {
      expect(clientIp(arriving(), 1)).toBe("direct");
      expect(clientIp(arriving(" , "), 1)).toBe("direct");
    });

    it("is the default", () => {
      expect(clientIp(arriving(`1.2.3.4, ${CLIENT}`))).toBe(CLIENT);
    });
  });

  describe("with 2 hops (a CDN, then a load balancer)", () => {
    it("takes the address the outer proxy appended, skipping the inner proxy's own", () => {
      expect(clientIp(arriving(`${CLIENT}, ${LOAD_BALANCER}`), 2)).toBe(CLIENT);
    });

    it("is not fooled by addresses the client put in front", () => {
      expect(clientIp(arriving(`1.2.3.4, ${CLIENT}, ${LOAD_BALANCER}`), 2)).toBe(CLIENT);
      expect(clientIp(arriving(`9.9.9.9, 1.2.3.4, ${CLIENT}, ${LOAD_BALANCER}`), 2)).toBe(CLIENT);
    });

    it("takes the first entry when the request skipped the outer proxy", () => {
      expect(clientIp(arriving(CLIENT), 2)).toBe(CLIENT);
    });
  });

  it("keeps a key short whatever the header holds", () => {
    expect(clientIp(arriving("x".repeat(5000)), 1)).toHaveLength(100);
  });
});

describe("TRUSTED_PROXY_HOPS", () => {
  const base = { DATABASE_URL: "postgresql://u@127.0.0.1/db" };

  it("is 1 unless configured, and takes 0 or more", () => {
    expect(parseEnv(base).TRUSTED_PROXY_HOPS).toBe(1);
    expect(parseEnv({ ...base, TRUSTED_PROXY_HOPS: "" }).TRUSTED_PROXY_HOPS).toBe(1);
    expect(parseEnv({ ...base, TRUSTED_PROXY_HOPS: "0" }).TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ ...base, TRUSTED_PROXY_HOPS: "2" }).TRUSTED_PROXY_HOPS).toBe(2);
  });

  it("refuses a value that is not a whole number of proxies", () => {
    expect(() => parseEnv({ ...base, TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => parseEnv({ ...base, TRUSTED_PROXY_HOPS: "1.5" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => parseEnv({ ...base, TRUSTED_PROXY_HOPS: "two" })).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
