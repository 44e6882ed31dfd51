// The honeypot, as a bot meets it: people never see the field; a form posted with it filled
// looks accepted but creates nothing.
import { expect, test } from "./fixtures";
import { appDb, jsModes, open } from "./helpers";

for (const mode of jsModes) {
  test.describe(`honeypot ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("sign-up: the trap is hidden from people; filled, it signs no one up", async ({ page }) => {
      await open(page, "/signup", mode.javaScriptEnabled);
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
      expect(await (await appDb()).user.count({ where: { email } })).toBe(0);
    });

    test("/calculator: filled, the trap gives the form back and prices nothing", async ({ page }) => {
      await open(page, "/calculator", mode.javaScriptEnabled);
      const pickupAddress = `${Date.now()} Grey Street, Newcastle NE1 6EE`;
      await page.getByLabel("Pickup address").fill(pickupAddress);
      await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await page.getByLabel("Moving date").fill(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
      await page
        .locator('input[name="name__confirm"]')
        .evaluate((input: HTMLInputElement) => (input.value = "https://spam.example"));
      const posted = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/calculator"),
      );
      await page.getByRole("button", { name: "Calculate Quote" }).click();
      expect((await posted).status()).toBeLessThan(400);
      await expect(page).toHaveURL(/\/calculator$/);
      await expect(page.getByTestId("quote-card")).toHaveCount(0);
      expect(await (await appDb()).quote.count({ where: { pickupAddress } })).toBe(0);
    });
  });
}
