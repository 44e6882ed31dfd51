// /account with JavaScript on and off: texts about moves turned off and on again; the signed-in
// browsers, this one marked, and "Sign out everywhere", which ends this browser's session and
// every other one of the account.
import { expect, test } from "./fixtures";
import { appDb, jsModes, open } from "./helpers";

for (const mode of jsModes) {
  test.describe(`your account ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("turns texts about moves off and on again, each said in a toast", async ({ page, newCustomer }) => {
      const email = await newCustomer({ prefix: "texts" });
      await open(page, "/account", mode.javaScriptEnabled);
      const box = page.getByLabel(/^Text me about my moves/);
      await expect(box).toBeChecked();
      await box.uncheck();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Texts turned off" })).toBeVisible();
      await expect(box).not.toBeChecked();
      await page.screenshot({
        path: `test-results/screens/account-texts-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });
      const db = await appDb();
      expect((await db.user.findUniqueOrThrow({ where: { email } })).textUpdates).toBe(false);
      await box.check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Texts turned on" })).toBeVisible();
      await expect(box).toBeChecked();
      expect((await db.user.findUniqueOrThrow({ where: { email } })).textUpdates).toBe(true);
    });

    test("lists where the customer is signed in, and signs out everywhere", async ({
      page,

      browser,
      signIn,
      newCustomer,
    }) => {
      const email = await newCustomer({ prefix: "account" });
      // The same account signed in on a second browser.
      const phone = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      await signIn(email, { context: phone });

      await open(page, "/", mode.javaScriptEnabled);
      await page.getByTestId("user-menu").locator("summary").click();
      await page.getByTestId("user-menu").getByRole("link", { name: "Your account" }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
      await expect(page.getByTestId("sessions").getByRole("listitem")).toHaveCount(2);
      await expect(page.getByText("This browser", { exact: true })).toHaveCount(1);

      await page.getByRole("button", { name: "Sign out everywhere" }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByText("Signed out everywhere").first()).toBeVisible();

      const phonePage = await phone.newPage();
      await phonePage.goto("/account");
      await expect(phonePage).toHaveURL(/\/signin\?redirectTo=%2Faccount$/);
      const db = await appDb();
      expect(await db.session.count({ where: { user: { email } } })).toBe(0);
      await phone.close();
    });
  });
}
