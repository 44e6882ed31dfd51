import { describe, expect, it } from "vitest";
import { assertSameOrigin, crossSiteReason, expectedOrigins, withCsrfCheck } from "~/server/csrf.server";

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
      expect(crossSiteReason(request(method, { cookie: "__session=x", origin: "https://evil.example" }))).toMatch(/cross-site/);
    }
  });

  it("treats another port of the same host as another origin (SameSite=Lax would still send the cookie)", () => {
    expect(crossSiteReason(request("POST", { cookie: "__session=x", origin: "http://127.0.0.1:4000" }))).toMatch(/cross-site/);
    expect(crossSiteReason(request("POST", { cookie: "__session=x", origin: "https://127.0.0.1:3000" }))).toMatch(/cross-site/);
  });

  it("accepts the request's own origin", () => {
    expect(crossSiteReason(request("POST", { cookie: "__session=x", origin: "http://127.0.0.1:3000" }))).toBeNull();
  });

  it("falls back to the Referer when there is no Origin", () => {
    expect(crossSiteReason(request("POST", { cookie: "__session=x", referer: "http://127.0.0.1:3000/signin?x=1" }))).toBeNull();
    expect(crossSiteReason(request("POST", { cookie: "__session=x", referer: "https://evil.example/page" }))).toMatch(/cross-site/);
  });

  it("refuses an opaque or malformed origin", () => {
    expect(crossSiteReason(request("POST", { cookie: "__session=x", origin: "null" }))).toBe("opaque origin");
    expect(crossSiteReason(request("POST", { cookie: "__session=x", origin: "javascript:alert(1)" }))).toBe("malformed origin");
  });

  it("lets a cookie-less API call through (bearer tokens are not ambient), unless asked to always check", () => {
    const apiCall = request("POST", { origin: "https://evil.example", authorization: "Bearer abc" });
    expect(crossSiteReason(apiCall)).toBeNull();
    expect(crossSiteReason(apiCall, { alwaysCheck: true })).toMatch(/cross-site/);
  });

  it("passes a non-browser client that sends neither Origin nor Referer", () => {
    expect(crossSiteReason(request("POST", { cookie: "__session=x" }))).toBeNull();
  });

  it("honours X-Forwarded-Host/Proto and SITE_URL behind a proxy", () => {
    const proxied = request("POST", { cookie: "c=1", origin: "https://easymove.example", "x-forwarded-host": "easymove.example", "x-forwarded-proto": "https" }, "http://10.0.0.5:3000/signin");
    expect([...expectedOrigins(proxied)]).toContain("https://easymove.example");
    expect(crossSiteReason(proxied)).toBeNull();
    const viaSiteUrl = request("POST", { cookie: "c=1", origin: "https://www.easymove.example" }, "http://10.0.0.5:3000/signin");
    expect(crossSiteReason(viaSiteUrl)).toMatch(/cross-site/);
    expect(crossSiteReason(viaSiteUrl, { siteUrl: "https://www.easymove.example" })).toBeNull();
  });

  it("throws a 403 response, and a wrapped action never runs for a cross-site post", async () => {
    let thrown: unknown;
    try {
      assertSameOrigin(request("POST", { cookie: "c=1", origin: "https://evil.example" }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);

    let ran = 0;
    const action = withCsrfCheck(async () => {
      ran += 1;
      return "done";
    });
    await expect(action({ request: request("POST", { cookie: "c=1", origin: "https://evil.example" }) })).rejects.toBeInstanceOf(Response);
    expect(ran).toBe(0);
    await expect(action({ request: request("POST", { cookie: "c=1", origin: "http://127.0.0.1:3000" }) })).resolves.toBe("done");
    expect(ran).toBe(1);
  });
});
