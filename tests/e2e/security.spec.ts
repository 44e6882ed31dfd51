import { expect, test } from "./fixtures";

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

test.describe("our own server, through a real socket", () => {
  test("static scripts and images carry the security headers too", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script =
      /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    for (const path of [script!, "/images/hero.svg", "/favicon.svg"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["content-security-policy"], path).toContain("default-src 'none'");
      expect(headers["x-frame-options"], path).toBe("DENY");
    }
  });

  test("a post another site's page makes without Origin or Referer is refused (Sec-Fetch-Site)", async ({
    request,
  }) => {
    const response = await request.post("/logout", { headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
    expect(await response.text()).toBe("Cross-site request refused.");
  });

  test("a body over the cap is a 413 before any route reads it, even on the Stripe webhook", async ({ request }) => {
    const response = await request.post("/api/webhooks/stripe", {
      data: "x".repeat(2 * 1024 * 1024),
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status()).toBe(413);
  });
});

test.describe("the pages' CSP allows no inline style, and nothing on them needs one", () => {
  test.use({ javaScriptEnabled: true });
  for (const path of ["/", "/calculator", "/quote", "/signup", "/driver-registration", "/distance-calculator"]) {
    test(`${path}: no CSP violation, and the honeypot stays hidden`, async ({ page }) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).not.toContain("'unsafe-inline'");
      await page.waitForFunction(
        () =>
          (window as unknown as { __remixRouter?: { state?: { initialized?: boolean } } }).__remixRouter?.state
            ?.initialized,
      );
      const honeypot = page.locator('[id$="__confirm_wrap"]');
      if ((await honeypot.count()) > 0) await expect(honeypot.first()).toBeHidden();
      expect(violations).toEqual([]);
    });
  }
});
