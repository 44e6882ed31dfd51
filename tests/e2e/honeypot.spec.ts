// The honeypot, as a bot meets it: people never see the field; a form posted with it filled
// looks accepted but creates nothing.
import { expect, test } from "@playwright/test";
import { jsModes, waitForHydration, withDb } from "./helpers";

for (const mode of jsModes) {
  test.describe(`honeypot ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("sign-up: the trap is hidden from people; filled, it signs no one up", async ({ page }) => {
      await page.goto("/signup");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const trap = page.locator('input[name="name__confirm"]');
      await expect(trap).toHaveCount(1);
      await expect(trap).toBeHidden();

      const email = `bot-${Date.now()}-${mode.javaScriptEnabled ? "js" : "nojs"}@example.com`;
      await page.getByLabel("Full Name").fill("Bot Account");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("long-enough-1");
      await page.getByLabel("Confirm Password").fill("long-enough-1");
      await trap.evaluate((input: HTMLInputElement) => (input.value = "https://spam.example"));
      await page.getByRole("main").getByRole("button", { name: "Sign Up" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
      const accounts = await withDb((client) => client.query(`select 1 from "User" where email = $1`, [email]));
      expect(accounts.rowCount).toBe(0);
    });
  });
}
