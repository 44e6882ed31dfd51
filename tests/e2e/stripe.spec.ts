// Stripe configured (the second e2e server, whose Stripe is a local stand-in of its API with a
// hosted page): the hosted checkout in a browser with JavaScript on and off, back to a
// confirmation that Stripe's answer confirmed; and the embedded card form, which loads
// Stripe.js only on its page (served here by a fake, since js.stripe.com is out of reach).
import { expect, test, type NewCustomer, type Page } from "./fixtures";
import { appDb, bookAMove, jsModes, open, randomIp, expectFormError } from "./helpers";

const STRIPE_APP = process.env.E2E_STRIPE_APP_URL!;

const FAKE_STRIPE_JS = `
window.Stripe = function () {
  return {
    elements: function () {
      return { create: function () { return { mount: function (el) { el.textContent = "Fake Stripe card element"; } }; } };
    },
    confirmPayment: function () { return Promise.resolve({ error: { type: "card_error", message: "Your card was declined." } }); },
  };
};
window.Stripe.version = 3;`;

async function signedInBooking(page: Page, newCustomer: NewCustomer, javaScriptEnabled: boolean) {
  const email = await newCustomer({ username: "Robin Stripe", prefix: "stripe-buyer", origin: STRIPE_APP });
  const bookingId = await bookAMove(page, javaScriptEnabled, { origin: STRIPE_APP });
  await expect(page.getByTestId("test-mode")).toHaveCount(0); // real provider: no test-mode banner
  return { email, bookingId };
}

for (const mode of jsModes) {
  test.describe(`Stripe ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("hosted checkout: Stripe's page, paid, back to a confirmed booking", async ({ page, newCustomer }) => {
      const { bookingId } = await signedInBooking(page, newCustomer, mode.javaScriptEnabled);
      const total = (await page.getByTestId("checkout-total").textContent())!;
      await open(page, `${STRIPE_APP}/stripe-checkout?booking=${bookingId}`, mode.javaScriptEnabled);
      await page.getByLabel("Phone number").fill("07400 900456");
      await page.getByRole("button", { name: `Pay ${total} securely` }).click();
      // With JavaScript the page says it is on its way to Stripe: seen, unless Stripe's page came first.
      if (mode.javaScriptEnabled)
        await expect(page.getByTestId("redirecting").or(page.getByRole("button", { name: "Pay" }))).toBeVisible();

      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/pay\/cs_/);
      await page.getByRole("button", { name: "Pay" }).click();

      await expect(page).toHaveURL(/\/booking-confirmation\?booking=.*session_id=cs_/);
      await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
      await expect(page.getByTestId("receipt-total")).toHaveText(total);
      const db = await appDb();
      const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { payments: true } });
      expect(booking.paymentState).toBe("paid");
      expect(
        booking.payments.map((payment) => [
          payment.provider,
          payment.status,
          payment.amountPence,
          payment.providerPaymentId.slice(0, 3),
        ]),
      ).toEqual([["stripe", "succeeded", booking.finalPrice, "pi_"]]);
    });

    test("embedded card form: Stripe.js on that page only; without JavaScript the hosted page instead", async ({
      newCustomer,
      page,
    }) => {
      const scripts: string[] = [];
      await page.route("https://js.stripe.com/**", (route) => {
        scripts.push(route.request().url());
        return route.fulfill({ contentType: "application/javascript", body: FAKE_STRIPE_JS });
      });
      const { bookingId } = await signedInBooking(page, newCustomer, mode.javaScriptEnabled);
      expect(scripts).toEqual([]); // not on the checkout
      await open(page, `${STRIPE_APP}/embedded-checkout?booking=${bookingId}`, mode.javaScriptEnabled);
      if (!mode.javaScriptEnabled) {
        await expect(page.getByTestId("hosted-instead")).toContainText("Pay on our secure payment page instead");
        expect(scripts).toEqual([]);
        return;
      }
      await expect(page.getByText("Fake Stripe card element")).toBeVisible();
      expect(scripts.length).toBeGreaterThan(0);
      await page.getByLabel("Email (for the receipt)").fill("");
      await page.getByRole("button", { name: /^Pay £/ }).click();
      await expectFormError(page, "Please enter your email address for the receipt");
      await page.getByLabel("Email (for the receipt)").fill("robin@example.com");
      await page.getByRole("button", { name: /^Pay £/ }).click();
      await expect(page.getByTestId("payment-message")).toHaveText("Your card was declined.");
    });
  });
}
