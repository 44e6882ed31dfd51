// The accessibility statement (/accessibility): linked from every page's footer, in the model
// statement's structure, and its report form reaches the support inbox and sends the reporter
// a copy, with JavaScript on and off.
import { expect, test } from "./fixtures";
import { expectFormError, jsModes, open, randomIp, uniqueEmail } from "./helpers";

for (const mode of jsModes) {
  test.describe(`the accessibility statement ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("is linked from the footer, states the standard, and takes a report", async ({ page }) => {
      await open(page, "/london-services", mode.javaScriptEnabled);
      await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" }).click();
      await expect(page).toHaveURL(/\/accessibility$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessibility statement for EasyMove");
      for (const section of [
        "How accessible this website is",
        "Feedback and contact information",
        "Enforcement procedure",
        "Technical information about this website's accessibility",
        "How we tested this website",
        "Preparation of this accessibility statement",
      ])
        await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
      await expect(page.getByText(/WCAG\) version 2\.2 AA standard/)).toBeVisible();
      await expect(page.getByTestId("known-issues").getByRole("listitem").first()).toContainText("To be fixed by:");
      await expect(page.getByText(/last reviewed on/)).toBeVisible();

      // An empty report: the summary names both required fields.
      await page.getByRole("button", { name: "Send report" }).click();
      await expectFormError(page, "Enter your email address, so we can reply");
      await expectFormError(page, "Tell us what the problem is");
      await expect(page).toHaveTitle(/^Error: /);

      const email = uniqueEmail("a11y-report");
      await page.getByLabel("Your email address").fill(email);
      await page.getByLabel("The page with the problem (optional)").fill("/checkout");
      await page.getByLabel("What is the problem?").fill("The card form's error is not read out.");
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(page.getByRole("status").filter({ hasText: "We have your report" }).first()).toBeVisible();

      const { readOutbox } = await import("~/server/platform/email.server");
      await expect.poll(async () => (await readOutbox(email)).length).toBe(1);
      // The report to support is a message of its own on the queue: it may arrive after the copy.
      await expect
        .poll(async () =>
          (await readOutbox("support@easymove.example")).some(
            (mail) => mail.text.includes(email) && mail.text.includes("not read out"),
          ),
        )
        .toBe(true);
    });
  });
}
