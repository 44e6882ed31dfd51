import { expect, test } from "@playwright/test";

test.describe("security headers", () => {
  for (const path of ["/", "/healthz", "/no-such-page"]) {
    test(`${path} carries them`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["strict-transport-security"]).toContain("max-age=");
    });
  }

  test("the page's scripts carry the per-request CSP nonce", async ({ request }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    const nonce = nonceOf(first.headers()["content-security-policy"]!);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers()["content-security-policy"]!)).not.toBe(nonce);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    // The home page asks for Google Maps, but with no browser key nothing loads from Google.
    expect(first.headers()["content-security-policy"]).not.toContain("maps.googleapis.com");
  });

  test("/healthz reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });
});
