// /paypal-checkout in a browser, JavaScript on and off. The e2e server has no PayPal keys, so
// the page says so and takes a test payment on the sandbox's hosted page: quote → booking →
// "Pay with PayPal" → "Continue to test payment" → 4242… → "Booking Confirmed". Also the
// admins' /payment-test, which answers in place with JavaScript and by a page load without.
import { expect, test, type Page } from "./fixtures";
import { appDb, bookAMove, jsModes, open, randomIp, uniqueEmail, expectFormError } from "./helpers";

const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

const PAYPAL_CUSTOMER = { username: "Pat PayPal", prefix: "paypal" };
const bookASmallMove = (page: Page, javaScriptEnabled: boolean) =>
  bookAMove(page, javaScriptEnabled, { vanSize: "small" });

for (const mode of jsModes) {
  test.describe(`PayPal checkout ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("without PayPal keys: a test payment on the sandbox's page, then 'Booking Confirmed'", async ({
      newCustomer,
      page,
    }) => {
      const email = await newCustomer(PAYPAL_CUSTOMER);
      const bookingId = await bookASmallMove(page, mode.javaScriptEnabled);
      await page.getByRole("link", { name: /Pay with PayPal/ }).click();
      await expect(page).toHaveURL(`/paypal-checkout?booking=${bookingId}`);
      if (mode.javaScriptEnabled) await open(page, page.url(), true);

      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay with PayPal");
      const total = (await page.getByTestId("booking-total").textContent())!;
      expect(total).toMatch(/^£\d+\.\d\d$/);
      await expect(page.getByTestId("paypal-not-configured")).toContainText("PayPal is not set up");
      await expect(page.getByTestId("test-mode")).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await page.getByRole("button", { name: "Continue to test payment" }).click();

      await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_cs_/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay ${total}`);
      if (mode.javaScriptEnabled) await open(page, page.url(), true);
      await page.locator('input[name="cardNumber"]').fill("4242 4242 4242 4242");
      await page.locator('input[name="expiry"]').fill("12/34");
      await page.locator('input[name="cvc"]').fill("123");
      await page.getByRole("button", { name: /^Pay/ }).click();

      await expect(page).toHaveURL(new RegExp(`/booking-confirmation\\?booking=${bookingId}`));
      await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
      const db = await appDb();
      const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { payments: true } });
      expect(booking.paymentState).toBe("paid");
      expect(booking.customerEmail).toBe(email);
      expect(booking.payments.map((payment) => [payment.provider, payment.status, payment.amountPence])).toEqual([
        ["sandbox", "succeeded", booking.finalPrice],
      ]);

      // Back on the PayPal page, the paid booking goes to its confirmation.
      await page.goto(`/paypal-checkout-new?booking=${bookingId}`);
      await expect(page).toHaveURL(new RegExp(`/booking-confirmation\\?booking=${bookingId}`));
    });

    test("a signed-out visitor signs in first; someone else's booking is the error card", async ({
      page,

      newCustomer,
    }) => {
      const db = await appDb();
      const owner = await db.user.create({ data: { username: "Owner", email: uniqueEmail("owner") } });
      const booking = await db.booking.create({
        data: {
          reference: `EM-${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, "0")}`,
          customerId: owner.id,
          pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
          deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
          moveDate: new Date(`${inTwoWeeks}T00:00:00Z`),
          vanSize: "small",
          distanceTenths: 20,
          estimatedHours: 1,
          subTotal: 2800,
          platformFee: 700,
          driverShare: 2100,
          vatAmount: 700,
          originalPrice: 4200,
          finalPrice: 4200,
        },
      });
      await open(page, `/paypal-checkout?booking=${booking.id}`, false);
      await expect(page).toHaveURL(
        `/signin?redirectTo=${encodeURIComponent(`/paypal-checkout?booking=${booking.id}`)}`,
      );

      await newCustomer(PAYPAL_CUSTOMER);
      await open(page, `/paypal-checkout?booking=${booking.id}`, mode.javaScriptEnabled);
      await expect(page.getByTestId("checkout-error")).toContainText("No quote found");
      await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    });
  });

  test.describe(`payment test page ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an admin checks the card provider's keys: the amount's messages, then the provider's answer", async ({
      signIn,
      page,
    }) => {
      await signIn("admin@easymove.local", { context: page.context() });
      await open(page, "/payment-test", mode.javaScriptEnabled);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.getByLabel("Amount (£)")).toHaveValue("24.99");
      await expect(page.getByLabel("Card — sandbox (Stripe is not configured)")).toBeChecked();
      await expect(page.getByLabel("PayPal (not configured)")).toBeDisabled();
      // Marks the document: a page load (without JavaScript) forgets it, an in-place answer keeps it.
      await page.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true)).catch(() => {});

      await page.getByLabel("Amount (£)").fill("abc");
      await page.getByRole("button", { name: "Create test payment" }).click();
      await expectFormError(page, "Please enter a valid amount greater than 0");
      await expect(page.getByLabel("Amount (£)")).toHaveValue("abc");
      await page.getByLabel("Amount (£)").fill("0.25");
      await page.getByRole("button", { name: "Create test payment" }).click();
      await expectFormError(page, "The quote price is invalid. Please go back and try again.");

      await page.getByLabel("Amount (£)").fill("24.99");
      await page.getByRole("button", { name: "Create test payment" }).click();
      const result = page.getByTestId("payment-test-result");
      await expect(result.getByTestId("result-provider")).toHaveText("Sandbox (test mode)");
      await expect(result.getByTestId("result-amount")).toHaveText("£24.99");
      await expect(result.getByTestId("result-id")).toHaveText(/^sbx_pi_[0-9a-f]+$/);
      await expect(result.getByTestId("result-status")).toHaveText("Created, waiting for payment");
      await expect(page.getByLabel("Amount (£)")).toHaveValue("24.99");
      if (mode.javaScriptEnabled)
        expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    });
  });
}
