import { expect, test } from "@playwright/test";
import { jsModes, sessionCookieFor, waitForHydration } from "./helpers";

for (const mode of jsModes) {
  test.describe(`shared chrome ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("home page shows the header, the footer and figures from the database", async ({ page }) => {
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "EasyMove home" })).toBeVisible();
      await expect(header.getByRole("link", { name: "Get Instant Quote" })).toHaveAttribute("href", "/#quote");
      await expect(header.getByRole("link", { name: "Join as Driver" })).toBeVisible();
      await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(page.getByTestId("network-stats")).toContainText(/\d+ vetted drivers · \d+ completed moves/);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Payment Settings" })).toHaveAttribute("href", "/stripe-config");
      await expect(footer).toContainText("Newcastle upon Tyne");
      await expect(footer.getByTestId("liability")).toContainText("not responsible for any loss or damage");
    });

    test("Features menu opens and lists its six anchors", async ({ page }) => {
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("navigation", { name: "Main" }).getByText("Features").click();
      const menu = page.getByRole("navigation", { name: "Main" }).getByRole("list");
      for (const name of ["How It Works", "Van Size Guide", "Areas We Cover", "About Us", "FAQ", "Distance Calculator"]) {
        await expect(menu.getByRole("link", { name })).toBeVisible();
      }
    });

    test("mobile slide-out menu opens and closes", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav).toBeHidden();
      await page.getByLabel("Open menu").click();
      await expect(mobileNav).toBeVisible();
      await expect(mobileNav.getByRole("link", { name: "Join as Driver" })).toBeVisible();
      await expect(mobileNav.getByRole("link", { name: "Get Instant Quote" })).toBeVisible();
      await expect(mobileNav.getByRole("link", { name: "Sign In" })).toBeVisible();
      // Tapping the dimmed page beside the panel closes it, with or without JavaScript.
      await page.mouse.click(20, 500);
      await expect(mobileNav).toBeHidden();
      if (mode.javaScriptEnabled) {
        await page.getByLabel("Open menu").click();
        await page.getByRole("button", { name: "Close menu" }).click();
        await expect(mobileNav).toBeHidden();
      } else {
        await expect(page.getByRole("button", { name: "Close menu" })).toHaveCount(0);
      }
    });

    test("a signed-in user sees their menu and can log out", async ({ page, context, baseURL }) => {
      await context.addCookies([await sessionCookieFor("alice@example.com", baseURL!)]);
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const userMenu = page.getByTestId("user-menu");
      await expect(userMenu).toContainText("Alice Johnson");
      await userMenu.locator("summary").click();
      await userMenu.getByRole("button", { name: "Log Out" }).click();
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });

    test("unknown paths show the 404 page, not indexed", async ({ page }) => {
      const response = await page.goto("/no-such-page/here");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
      await expect(page.getByTestId("developer-hint")).toContainText("Did you forget to add the page to the router?");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await page.getByRole("link", { name: "Return to Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
}

test("flashed toasts render without JavaScript and disappear after their duration", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await context.addCookies([await sessionCookieFor("alice@example.com", baseURL!)]);
  await page.goto("/");
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("user-menu").getByRole("button", { name: "Log Out" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Signed out");
  await expect(toast).toBeHidden({ timeout: 8000 });
  await context.close();
});
