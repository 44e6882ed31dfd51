// Anonymous visitors of the home page are served a render shared for a few seconds
// (server/platform/shared-render.server.ts). Nothing of one visitor may reach another through
// it: not the session (a signed-in name), not a toast, not the CSP nonce nor the honeypot's
// signed time, which are fresh in every response. A browser's own copy is revalidated (304).
import { expect, test, type APIResponse } from "./fixtures";
import { jsModes, open, randomIp, sessionCookieFor, waitForHydration } from "./helpers";

const nonceInCsp = (response: APIResponse) =>
  /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
const noncesInBody = (html: string) => [...new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]))];
const honeypotTime = (html: string) => /name="from__confirm"[^>]*value="([^"]+)"/.exec(html)?.[1];

test.describe("the shared render of the home page", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

  test("every anonymous response has its own nonce and honeypot time, matching its CSP", async ({
    playwright,
    baseURL,
  }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const [first, second] = [await anonymous.get("/"), await anonymous.get("/")];
    for (const response of [first, second]) {
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toBe("private, max-age=0, stale-while-revalidate=60");
      expect(response.headers()["vary"]).toContain("Cookie");
      expect(response.headers()["set-cookie"]).toBeUndefined();
      // The page's scripts carry exactly the nonce its own CSP allows.
      expect(noncesInBody(await response.text())).toEqual([nonceInCsp(response)]);
      expect(response.headers()["etag"]).toContain(nonceInCsp(response));
    }
    expect(nonceInCsp(first)).not.toBe(nonceInCsp(second));
    expect(honeypotTime(await first.text())).toBeTruthy();
    expect(honeypotTime(await first.text())).not.toBe(honeypotTime(await second.text()));
    expect(await first.text()).not.toMatch(/shared(Nonce|Time)[0-9a-f]{24}/);
    await anonymous.dispose();
  });

  test("a browser's own copy is revalidated: 304 with the nonce that copy was sent", async ({
    playwright,
    baseURL,
  }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const first = await anonymous.get("/");
    const etag = first.headers()["etag"]!;
    const again = await anonymous.get("/", { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    expect(nonceInCsp(again)).toBe(nonceInCsp(first));
    // Another copy's tag (a forged or stale hash) gets the whole page.
    const other = await anonymous.get("/", { headers: { "If-None-Match": 'W/"0000000000000000.abc"' } });
    expect(other.status()).toBe(200);
    await anonymous.dispose();
  });

  test("a signed-in visitor gets their own page, and their name never reaches an anonymous one", async ({
    playwright,
    baseURL,
  }) => {
    const cookie = await sessionCookieFor("alice@example.com", baseURL!);
    const signedIn = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Cookie: `${cookie.name}=${cookie.value}` },
    });
    const own = await signedIn.get("/");
    expect(own.headers()["cache-control"] ?? "").not.toContain("stale-while-revalidate");
    expect(await own.text()).toContain("Log Out");

    const anonymous = await playwright.request.newContext({ baseURL });
    const shared = await (await anonymous.get("/")).text();
    expect(shared).not.toContain("Log Out");
    expect(shared).not.toContain("alice@example.com");
    expect(shared).not.toContain("Alice Johnson");
    expect(shared).toContain("Sign In");
    await Promise.all([signedIn.dispose(), anonymous.dispose()]);
  });

  test("a query string (a quote shown, an FAQ filter) is rendered for the visitor", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const filtered = await anonymous.get("/?faq=pricing");
    expect(filtered.status()).toBe(200);
    expect(filtered.headers()["etag"]).toBeUndefined();
    await anonymous.dispose();
  });
});

for (const mode of jsModes) {
  test.describe(`a toast through the shared home page ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("a quote from the shared page is accepted, and its toast is shown to that visitor only", async ({
      page,
      playwright,
      baseURL,
    }) => {
      await open(page, "/", mode.javaScriptEnabled);
      const form = page.locator("#home-quote-form");
      await form.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
      await form.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await form.getByLabel("Moving date").fill(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));
      await form.getByRole("button", { name: "Calculate Quote" }).click();
      // The honeypot's time from the shared page passed: a real quote, not a bot's silent answer.
      await expect(page.getByTestId("quote-card")).toBeVisible();
      await expect(page.getByTestId("toast").filter({ hasText: "Quote calculated" })).toHaveCount(1);

      const anonymous = await playwright.request.newContext({ baseURL });
      expect(await (await anonymous.get("/")).text()).not.toContain("Quote calculated");
      await anonymous.dispose();

      // And the visitor's own next visit of / no longer shows it.
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByTestId("toast")).toHaveCount(0);
    });
  });
}
