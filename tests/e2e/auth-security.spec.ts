// CSRF: a page on another origin that posts a form to this site with the visitor's cookie
// is refused with 403. The attacker's page is served from another port of the same host,
// which browsers treat as the same *site*, so the SameSite=Lax cookie does ride along:
// only the Origin check stops it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";

let attacker: http.Server;
let attackerOrigin = "";
let target = "";

test.beforeAll(async ({}, testInfo) => {
  target = testInfo.project.use.baseURL!;
  attacker = http.createServer((request, response) => {
    const action = new URL(request.url ?? "/", "http://x").searchParams.get("action") ?? "/logout";
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><title>Win a prize</title>
      <form method="post" action="${target}${action}">
        <input type="hidden" name="email" value="attacker@example.com">
        <input type="hidden" name="password" value="attacker-password">
        <button type="submit">Claim your prize</button>
      </form>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

test.describe("cross-site form posts", () => {
  test("a forged Log Out from another origin is refused with 403 and the visitor stays signed in", async ({
    signIn,
    page,
  }) => {
    await signIn("grace@example.com");
    await page.goto(`${attackerOrigin}/?action=/logout`);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().startsWith(`${target}/logout`)),
      page.getByRole("button", { name: "Claim your prize" }).click(),
    ]);
    expect(response.status()).toBe(403);
    // The browser did send the session cookie: SameSite=Lax alone would have let this through.
    expect((await response.request().allHeaders())["cookie"]).toContain("__session=");
    await page.goto(`${target}/`);
    await expect(page.getByTestId("user-menu")).toContainText("Grace Evans");
  });

  test("a forged sign-in (login CSRF) from another origin is refused with 403", async ({ page }) => {
    await page.goto(`${attackerOrigin}/?action=/signin`);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().startsWith(`${target}/signin`)),
      page.getByRole("button", { name: "Claim your prize" }).click(),
    ]);
    expect(response.status()).toBe(403);
  });

  test("the same post from the site's own origin is accepted", async ({ page, baseURL, signIn }) => {
    await signIn("grace@example.com");
    const response = await page.request.post("/logout", { headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const forged = await page.request.post("/logout", { headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
  });
});
