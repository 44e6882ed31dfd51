import { describe, expect, it } from "vitest";
import { crossSiteReason, expectedOrigins } from "~/server/platform/csrf.server";

const url = "http://127.0.0.1:3000/signin";

function request(method: string, headers: Record<string, string>, target = url) {
  return new Request(target, { method, headers });
}

describe("CSRF Origin check", () => {
  it("lets reads through whatever their origin", () => {
    expect(crossSiteReason(request("GET", { cookie: "__session=x", origin: "https://evil.example" }))).toBeNull();
    expect(crossSiteReason(request("HEAD", { cookie: "__session=x", origin: "https://evil.example" }))).toBeNull();
  });

  it("refuses a cookie-carrying POST, PUT, PATCH or DELETE from another origin", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(crossSiteReason(request(method, { cookie: "__session=x", origin: "https://evil.example" }))).toMatch(
        /cross-site/,
      );
    }
  });

  it("treats another port of the same host as another origin (SameSite=Lax would still send the cookie)", () => {
    expect(crossSiteReason(request("POST", { cookie: "__session=x", origin: "http://127.0.0.1:4000" }))).toMatch(
      /cross-site/,
    );
    expect(crossSiteReason(request("POST", { cookie: "__session=x", origin: "https://127.0.0.1:3000" }))).toMatch(
      /cross-site/,
    );
  });

  it("accepts the request's own origin", () => {
    expect(crossSiteReason(request("POST", { cookie: "__session=x", origin: "http://127.0.0.1:3000" }))).toBeNull();
  });

  it("falls back to the Referer when there is no Origin", () => {
    expect(
      crossSiteReason(request("POST", { cookie: "__session=x", referer: "http://127.0.0.1:3000/signin?x=1" })),
    ).toBeNull();
    expect(crossSiteReason(request("POST", { cookie: "__session=x", referer: "https://evil.example/page" }))).toMatch(
      /cross-site/,
    );
  });

  it("refuses an opaque or malformed origin", () => {
    expect(crossSiteReason(request("POST", { cookie: "__session=x", origin: "null" }))).toBe("opaque origin");
    expect(crossSiteReason(request("POST", { cookie: "__session=x", origin: "javascript:alert(1)" }))).toBe(
      "malformed origin",
    );
  });

  it("refuses a cross-site post with or without a cookie (a cookie-less one could sign a visitor in as someone else)", () => {
    expect(crossSiteReason(request("POST", { origin: "https://evil.example", authorization: "Bearer abc" }))).toMatch(
      /cross-site/,
    );
    expect(crossSiteReason(request("POST", { origin: "https://evil.example" }))).toMatch(/cross-site/);
  });

  it("passes a non-browser client that sends neither Origin, Referer nor Sec-Fetch-Site", () => {
    expect(crossSiteReason(request("POST", { cookie: "__session=x" }))).toBeNull();
    expect(crossSiteReason(request("POST", { authorization: "Bearer abc" }))).toBeNull();
  });

  it("refuses a post without Origin and Referer that the browser marks as sent by another site", () => {
    expect(crossSiteReason(request("POST", { cookie: "__session=x", "sec-fetch-site": "cross-site" }))).toMatch(
      /cross-site request without an origin/,
    );
    expect(crossSiteReason(request("POST", { cookie: "__session=x", "sec-fetch-site": "same-site" }))).toMatch(
      /same-site request without an origin/,
    );
    expect(crossSiteReason(request("POST", { cookie: "__session=x", "sec-fetch-site": "same-origin" }))).toBeNull();
  });

  it("trusts SITE_URL's origin besides the one the request was addressed to, and no forwarded header", () => {
    const proxied = request(
      "POST",
      {
        cookie: "c=1",
        origin: "https://easymove.example",
        "x-forwarded-host": "easymove.example",
        "x-forwarded-proto": "https",
      },
      "http://10.0.0.5:3000/signin",
    );
    expect([...expectedOrigins(proxied)]).toEqual(["http://10.0.0.5:3000"]);
    expect(crossSiteReason(proxied)).toMatch(/cross-site/);
    expect(crossSiteReason(proxied, { siteUrl: "https://easymove.example" })).toBeNull();
    const forged = request(
      "POST",
      {
        cookie: "c=1",
        origin: "https://evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      },
      "http://10.0.0.5:3000/signin",
    );
    expect(crossSiteReason(forged, { siteUrl: "https://easymove.example" })).toMatch(/cross-site/);
  });
});
