// Goods cover in a browser, JavaScript on and off (docs/PRICING.md v3): a declared value
// refused and then bought on the quote form, the quote's price and breakdown with the cover,
// the cover carried to checkout, changed and removed there, and the "What is covered" page
// reached from the quote and the footer.
import { expect, test } from "./fixtures";
import { jsModes, open, randomIp, uniqueEmail } from "./helpers";

const PASSWORD = "cover-password-1";
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

for (const mode of jsModes) {
  test.describe(`goods cover ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("buy extended cover at the quote, change it and remove it at checkout", async ({ page, context, baseURL }) => {
      // A signed-in customer (the checkout's cover form is theirs).
      const [{ appDb }, { hashPassword }] = await Promise.all([
        import("./helpers"),
        import("~/server/auth/password.server"),
      ]);
      const db = await appDb();
      const email = uniqueEmail("cover");
      const user = await db.user.create({
        data: { username: "Pia Piano", email, passwordHash: await hashPassword(PASSWORD) },
      });
      const { startUserSession } = await import("~/server/auth/auth.server");
      const [name, ...cookieValue] = (await startUserSession(new Request(baseURL!), user)).split(";")[0]!.split("=");
      await context.addCookies([{ name: name!, value: cookieValue.join("="), url: baseURL! }]);

      await open(page, "/calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
      await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await page.getByLabel("Moving date").fill(inTwoWeeks());
      const declared = page.getByLabel("Declared value for extended cover (£, optional)");
      await expect(declared).toHaveAccessibleDescription(/Standard cover is free: up to £100 an item/);
      await declared.fill("£8,000");
      await page.getByRole("button", { name: "Calculate Quote" }).click();
      // Refused on its field, with what was typed kept.
      await expect(page.getByTestId("error-summary")).toContainText("Please enter a declared value between £500");
      await expect(declared).toHaveAccessibleDescription(/Please enter a declared value between £500 and £50,000/);
      await expect(declared).toHaveValue("£8,000");
      await expect(page.getByLabel("Pickup address")).toHaveValue("1 Grey Street, Newcastle NE1 6EE");

      await declared.fill("8000");
      await page.getByRole("button", { name: "Calculate Quote" }).click();
      const card = page.getByTestId("quote-card");
      await expect(card).toBeVisible();
      await expect(card.getByTestId("cover-facts")).toContainText(
        "Extended cover (£8,000 declared): Up to £2,500 an item and £20,000 for the move.",
      );
      await card.getByText("Show price breakdown").click();
      await expect(card.getByTestId("quote-breakdown")).toContainText(
        "Extended cover (£8,000 declared), VAT included£144.00",
      );
      await page.screenshot({
        path: `test-results/screens/cover-quote-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });

      await card.getByRole("button", { name: "Proceed to Checkout" }).click();
      await page.waitForURL(/\/checkout\?booking=/);
      if (mode.javaScriptEnabled) await open(page, page.url(), true);
      const summary = page.getByTestId("checkout-summary");
      await expect(summary.getByTestId("cover-facts")).toContainText("Extended cover (£8,000 declared)");
      const totalWithCover = (await page.getByTestId("checkout-total").textContent())!;

      const choice = page.getByTestId("cover-choice");
      const value = choice.getByLabel("Declared value of your goods (£)");
      await expect(value).toHaveValue("8000");
      await value.fill("100");
      await choice.getByRole("button", { name: "Change cover" }).click();
      await expect(value).toHaveAccessibleDescription(/Please enter a declared value between £500 and £50,000/);
      await expect(value).toHaveValue("100");

      await value.fill("20000");
      await choice.getByRole("button", { name: "Change cover" }).click();
      await expect(summary.getByTestId("cover-facts")).toContainText("Extended cover (£20,000 declared)");
      await expect(page.getByTestId("checkout-breakdown")).toContainText(
        "Extended cover (£20,000 declared), VAT included£360.00",
      );
      await page.screenshot({
        path: `test-results/screens/cover-checkout-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });

      await choice.getByRole("button", { name: "Remove extended cover" }).click();
      await expect(summary.getByTestId("cover-facts")).toContainText("Standard cover (included)");
      await expect(page.getByTestId("checkout-breakdown")).not.toContainText("Extended cover");
      await expect(page.getByTestId("checkout-total")).not.toHaveText(totalWithCover);
      const bookingId = new URL(page.url()).searchParams.get("booking")!;
      expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({
        declaredValue: null,
        coverFee: 0,
      });
    });

    test("the What is covered page, from the footer", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled);
      await page.getByRole("contentinfo").getByRole("link", { name: "What Is Covered", exact: true }).click();
      await expect(page).toHaveURL(/\/cover$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("What is covered");
      await expect(page.getByRole("table", { name: "Cover limits" })).toContainText("up to £20,000");
      await expect(page.getByRole("heading", { name: "What is not covered" })).toBeVisible();
      await expect(page.getByText(/within 7 days of delivery/)).toBeVisible();
      await expect(page.getByTestId("liability")).toContainText("Every move includes cover for your goods");
    });
  });
}
