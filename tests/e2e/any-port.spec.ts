// The local demo on any port and any local host name. The e2e server runs as
// `PORT=3100 npm start` does: no SITE_URL and no HOST, so on its own it would call itself
// http://localhost:3100. A visitor on http://127.0.0.1:3100 must still stay there, signed in,
// through the payment provider's page and back, and their e-mails must link there too.
import { expect, test } from "./fixtures";
import { bookAMove, jsModes, open, randomIp } from "./helpers";

for (const mode of jsModes) {
  test.describe(`the demo on a port other than 3000 ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("books and pays as 127.0.0.1, and ends on the confirmation page signed in", async ({
      page,
      baseURL,
      newCustomer,
    }) => {
      const origin = new URL(baseURL!).origin;
      expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:(?!3000$)\d+$/);
      const email = await newCustomer({ username: "Porter Visitor", prefix: "any-port" });

      await bookAMove(page, mode.javaScriptEnabled);
      await page.getByRole("link", { name: /Pay by card on a secure payment page/ }).click();
      await expect(page).toHaveURL(/\/stripe-checkout\?booking=/);
      if (mode.javaScriptEnabled) await open(page, page.url(), true);
      await page.getByLabel("Phone number").fill("07400 900123");
      await page.getByRole("button", { name: /securely$/ }).click();

      await expect(page).toHaveURL(/\/sandbox-checkout\//);
      expect(new URL(page.url()).origin).toBe(origin);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/34");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: /^Pay £/ }).click();

      await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(origin);
      expect(new URL(page.url()).pathname).toBe("/booking-confirmation");
      await expect(page.getByTestId("user-menu")).toContainText("Porter Visitor");

      // The confirmation e-mail's receipt link is on the visitor's origin, not localhost.
      const { readOutbox } = await import("~/server/platform/email.server");
      await expect(async () => {
        const [mail] = await readOutbox(email);
        expect(mail?.text).toContain(`${origin}/booking-receipt?booking=`);
      }).toPass({ timeout: 5_000 });
    });
  });
}
