// The key a client is counted by (rate limits, the access log): the address server.ts took
// from the socket, or from the trusted proxies' X-Forwarded-For (tests/integration/server.test.ts
// proves that part through a real socket), and TRUSTED_PROXY_HOPS's default.
import { describe, expect, it } from "vitest";

process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused";
const { clientAddress, clientAddressKey } = await import("~/server/platform/client-address.server");
const { parseEnv } = await import("~/server/platform/env.server");

describe("clientAddressKey", () => {
  it("keeps an IPv4 address, and unwraps one mapped into IPv6", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 client by its /64, which it can rotate through at will", () => {
    expect(clientAddressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("2001:0db8:0001:0002:ffff::9")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("2001:db8:1:3::1")).not.toBe(clientAddressKey("2001:db8:1:2::1"));
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("gives no key of its own to what is not an address", () => {
    expect(clientAddressKey(undefined)).toBe("unknown");
    expect(clientAddressKey("x".repeat(5000))).toBe("unknown");
    expect(clientAddressKey("1.2.3.4, 5.6.7.8")).toBe("unknown");
  });
});

describe("clientAddress", () => {
  it("is the server's context.clientAddress, and one shared key for callers outside the server", () => {
    expect(clientAddress({ clientAddress: "203.0.113.7" })).toBe("203.0.113.7");
    expect(clientAddress({})).toBe("local");
    expect(clientAddress(undefined)).toBe("local");
  });
});

describe("TRUSTED_PROXY_HOPS", () => {
  const base = { DATABASE_URL: "postgresql://u@127.0.0.1/db" };

  it("is 0 unless configured (the socket's peer is the client), and takes 0 or more", () => {
    expect(parseEnv(base).TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ ...base, TRUSTED_PROXY_HOPS: "" }).TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ ...base, TRUSTED_PROXY_HOPS: "1" }).TRUSTED_PROXY_HOPS).toBe(1);
    expect(parseEnv({ ...base, TRUSTED_PROXY_HOPS: "2" }).TRUSTED_PROXY_HOPS).toBe(2);
  });

  it("refuses a value that is not a whole number of proxies", () => {
    expect(() => parseEnv({ ...base, TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => parseEnv({ ...base, TRUSTED_PROXY_HOPS: "1.5" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => parseEnv({ ...base, TRUSTED_PROXY_HOPS: "two" })).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
