import { describe, expect, it } from "vitest";
import { isLoopbackHost, listenUrl, visitorOriginOf } from "~/server/platform/site-url.server";

describe("where a local demo's addresses point", () => {
  it("names the address a server listens on", () => {
    expect(listenUrl(undefined, 4123)).toBe("http://localhost:4123");
    expect(listenUrl("0.0.0.0", 3000)).toBe("http://localhost:3000");
    expect(listenUrl("::", 3000)).toBe("http://localhost:3000");
    expect(listenUrl("127.0.0.1", 4123)).toBe("http://127.0.0.1:4123");
    expect(listenUrl("::1", 4123)).toBe("http://[::1]:4123");
  });

  it("knows this machine's names", () => {
    for (const name of ["localhost", "LOCALHOST", "demo.localhost", "127.0.0.1", "127.1.2.3", "[::1]", "::1"])
      expect(isLoopbackHost(name), name).toBe(true);
    for (const name of ["evil.example", "localhost.evil.example", "10.0.0.1", "128.0.0.1", "[::2]"])
      expect(isLoopbackHost(name), name).toBe(false);
  });

  it("takes the visitor's origin only when it names this machine or the host it listens on", () => {
    expect(visitorOriginOf("http", "127.0.0.1:4123")).toBe("http://127.0.0.1:4123");
    expect(visitorOriginOf("http", "localhost:3000")).toBe("http://localhost:3000");
    expect(visitorOriginOf("http", "Demo.Localhost:3000")).toBe("http://demo.localhost:3000");
    expect(visitorOriginOf("http", "[::1]:3000")).toBe("http://[::1]:3000");
    expect(visitorOriginOf("http", "laptop.lan:3000", "laptop.lan")).toBe("http://laptop.lan:3000");
    expect(visitorOriginOf("http", "evil.example")).toBeUndefined();
    expect(visitorOriginOf("http", "evil.example:3000", "127.0.0.1")).toBeUndefined();
    expect(visitorOriginOf("http", "localhost@evil.example")).toBeUndefined();
    expect(visitorOriginOf("http", "localhost/evil")).toBeUndefined();
    expect(visitorOriginOf("http", undefined)).toBeUndefined();
    expect(visitorOriginOf("javascript", "localhost")).toBeUndefined();
  });
});

describe("absoluteUrl", () => {
  it("follows the visitor only in a local demo without SITE_URL; production always says SITE_URL", async () => {
    process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused"; // env.server parses at import
    const { absoluteUrl, env } = await import("~/server/platform/env.server");
    const { runWithRequestId } = await import("~/server/platform/request-context.server");
    const saved = { SITE_URL: env.SITE_URL, follows: env.siteUrlFollowsVisitor };
    try {
      env.SITE_URL = "http://localhost:4123";
      env.siteUrlFollowsVisitor = true;
      expect(runWithRequestId("req-00000001", () => absoluteUrl("/bookings"), "http://127.0.0.1:4123")).toBe(
        "http://127.0.0.1:4123/bookings",
      );
      // Outside a request (a timed job), or for a Host that is not this machine: where it listens.
      expect(absoluteUrl("/bookings")).toBe("http://localhost:4123/bookings");
      expect(runWithRequestId("req-00000002", () => absoluteUrl("/bookings"))).toBe("http://localhost:4123/bookings");

      env.SITE_URL = "https://easymove.example";
      env.siteUrlFollowsVisitor = false;
      expect(runWithRequestId("req-00000003", () => absoluteUrl("/bookings"), "http://127.0.0.1:4123")).toBe(
        "https://easymove.example/bookings",
      );
    } finally {
      env.SITE_URL = saved.SITE_URL;
      env.siteUrlFollowsVisitor = saved.follows;
    }
  });
});
