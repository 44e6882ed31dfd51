// EasyMove for Business with JavaScript on and off, as an office manager walks it: the offer,
// opening an account (the form's errors first, tied to their fields, the typed address kept),
// inviting a colleague, and the colleague joining with the e-mail's link; axe on each page.
import type { Page } from "@playwright/test";
import { auditPage } from "./axe";
import { expect, test } from "./fixtures";
import { appDb, jsModes, mailsTo, open, uniqueEmail } from "./helpers";

for (const mode of jsModes) {
  /**
   * axe runs in the page, so only where scripts run: without JavaScript the same server HTML is
   * audited by a11y-routes.spec.ts, with the app's scripts blocked.
   */
  const expectNoSeriousViolation = async (page: Page) => {
    if (mode.javaScriptEnabled) expect((await auditPage(page)).serious).toEqual([]);
  };

  test.describe(`business accounts ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("opens an account, invites a colleague, and the colleague joins with the link", async ({
      page,
      newCustomer,
      signedInPage,
    }) => {
      const ownerEmail = await newCustomer({ prefix: "business-owner", username: "Olive Owner" });
      await open(page, "/business", mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: /for Business$/ })).toBeVisible();
      await page.getByRole("link", { name: "Open a business account" }).click();
      await expect(page).toHaveURL(/\/business\/signup$/);

      // A form with a missing company and no postcode: each error on its field, the address kept.
      await page.getByLabel("Billing address").fill("12 Market Street");
      await page.getByRole("button", { name: "Open business account" }).click();
      const company = page.getByLabel("Company name");
      await expect(company).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Enter your company's name").first()).toBeVisible();
      await expect(page.getByLabel("Billing address")).toHaveValue("12 Market Street");
      await expect(page.getByLabel("Billing address")).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousViolation(page);

      const companyName = `Hadley Test ${Date.now().toString(36)}`;
      await company.fill(companyName);
      await page.getByLabel("Billing address").fill("12 Market Street\nNewcastle NE1 6EE");
      await page.getByRole("button", { name: "Open business account" }).click();
      await expect(page).toHaveURL(/\/business$/);
      await expect(page.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
      await expect(page.getByText("Business account opened").first()).toBeVisible();

      await page.getByRole("link", { name: "Users" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Users of ${companyName}` })).toBeVisible();
      const colleagueEmail = uniqueEmail("business-colleague");
      await page.getByLabel("Their e-mail address").fill(colleagueEmail);
      await page.getByLabel("Role").selectOption("booker");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByTestId("business-invitation").filter({ hasText: colleagueEmail })).toBeVisible();
      await expectNoSeriousViolation(page);
      await page.screenshot({
        path: `test-results/screens/business-users-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });

      const [mail] = await mailsTo(colleagueEmail);
      const link = /https?:\/\/[^\s]+\/business\/join\/[\w-]+/.exec(mail!.text)![0];
      await (await appDb()).user.create({ data: { username: "Colin Colleague", email: colleagueEmail } });
      const colleague = await signedInPage(colleagueEmail, { javaScriptEnabled: mode.javaScriptEnabled });
      await open(colleague, new URL(link).pathname, mode.javaScriptEnabled);
      await expect(colleague.getByRole("heading", { level: 1, name: `Join ${companyName}` })).toBeVisible();
      await expectNoSeriousViolation(colleague);
      await colleague.getByRole("button", { name: `Join ${companyName}` }).click();
      await expect(colleague).toHaveURL(/\/business$/);
      await expect(colleague.getByText(/You are the Booker of this account/)).toBeVisible();
      await expect(colleague.getByRole("link", { name: "Users" })).toHaveCount(0);
      await expectNoSeriousViolation(colleague);

      const db = await appDb();
      const owner = await db.user.findUniqueOrThrow({ where: { email: ownerEmail }, select: { businessMember: true } });
      expect(owner.businessMember?.role).toBe("owner");
    });
  });
}
