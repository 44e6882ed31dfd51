// Accessibility of the account pages: one h1, labelled fields, and no serious or critical
// axe violation (WCAG 2.1 A and AA), before and after a failed submission.
import { auditPage } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { waitForHydration } from "./helpers";

const PAGES = [
  { path: "/signin", h1: "Sign In" },
  { path: "/signup", h1: "Create an Account" },
  { path: "/forgot-password", h1: "Forgot your password?" },
  { path: "/reset-password/not-a-real-token", h1: "Choose a new password", status: 410 },
  { path: "/admin/login", h1: "Admin Login" },
  { path: "/admin/signup", h1: "Admin Sign Up" },
];

const seriousViolations = async (page: Page) => (await auditPage(page, { bestPractice: true })).serious;

test.describe("account pages are accessible", () => {
  test.use({
    extraHTTPHeaders: { "X-Forwarded-For": `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}` },
  });

  for (const { path, h1, status = 200 } of PAGES) {
    test(`${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await waitForHydration(page);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      expect(await seriousViolations(page)).toEqual([]);

      // With the errors showing, too.
      const submit = page.getByRole("main").getByRole("button").last();
      if (await submit.count()) {
        await submit.click();
        await expect(page.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      }
    });
  }
});
