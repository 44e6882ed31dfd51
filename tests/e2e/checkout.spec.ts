// The whole purchase in a browser, JavaScript on and off, on the built-in sandbox provider:
// quote → booking → sign in → card payment (declined, then paid) → confirmation → e-mail;
// the discount code; the embedded card form.
import { expect, test, type Page } from "./fixtures";
import { appDb, bookAMove, jsModes, mailsTo, open, randomIp, uniqueEmail, expectFormError } from "./helpers";

const PASSWORD = "checkout-password-1";

async function newCustomer() {
  const [db, { hashPassword }] = await Promise.all([appDb(), import("~/server/auth/password.server")]);
  const email = uniqueEmail("buyer");
  await db.user.create({ data: { username: "Casey Buyer", email, passwordHash: await hashPassword(PASSWORD) } });
  return email;
}

async function signInFromCheckout(page: Page, email: string, javaScriptEnabled: boolean) {
  const prompt = page.getByTestId("auth-prompt");
  await expect(prompt).toContainText("Please sign in to pay");
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In" }).click();
  } else {
    await prompt.getByRole("link", { name: "Sign In" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
  }
  await expect(page).toHaveURL(/\/checkout\?booking=/);
  await expect(page.getByTestId("payment-choices")).toBeVisible();
}

async function payOnSandboxPage(page: Page, cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

for (const mode of jsModes) {
  test.describe(`checkout ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("quote → booking → sign in → hosted card payment (declined, then paid) → confirmation → e-mail", async ({
      page,
    }) => {
      const email = await newCustomer();
      const bookingId = await bookAMove(page, mode.javaScriptEnabled);
      if (mode.javaScriptEnabled) await open(page, page.url(), true);
      const total = (await page.getByTestId("checkout-total").textContent())!;
      await signInFromCheckout(page, email, mode.javaScriptEnabled);
      await page.screenshot({
        path: `test-results/screens/checkout-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });

      await page.getByRole("link", { name: /Pay by card on a secure payment page/ }).click();
      await expect(page).toHaveURL(/\/stripe-checkout\?booking=/);
      if (mode.javaScriptEnabled) await open(page, page.url(), true);
      await expect(page.getByLabel("Email")).toHaveValue(email);
      await expect(page.getByLabel("Full name")).toHaveValue("Casey Buyer");
      await page.getByRole("button", { name: `Pay ${total} securely` }).click();
      await expectFormError(page, "Please fill in all required fields (email, name, and phone number).");
      await expect(page.getByLabel("Email")).toHaveValue(email);
      // Texts are ticked by default, so a landline is refused on its field.
      const texts = page.getByLabel(/^Text me about my move/);
      await expect(texts).toBeChecked();
      await page.getByLabel("Phone number").fill("020 7946 0018");
      await page.getByRole("button", { name: `Pay ${total} securely` }).click();
      await expectFormError(page, "This number cannot receive texts (it is a landline).", { exact: false });
      await expect(page.getByLabel("Phone number")).toHaveAccessibleDescription(/cannot receive texts/);
      await expect(page.getByLabel("Phone number")).toHaveValue("020 7946 0018");
      await expect(texts).toBeChecked();
      await page.screenshot({
        path: `test-results/screens/stripe-checkout-landline-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });
      await page.getByLabel("Phone number").fill("07400 900123");
      await page.getByLabel("Special requirements (optional)").fill("Piano on the first floor");
      await page.getByRole("button", { name: `Pay ${total} securely` }).click();

      await expect(page).toHaveURL(/\/sandbox-checkout\//);
      await expect(page.getByTestId("test-mode")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay ${total}`);
      await page.screenshot({
        path: `test-results/screens/sandbox-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });
      // Going back never waits on the card fields (with JavaScript it once showed their errors).
      const sandboxUrl = page.url();
      await open(page, sandboxUrl, mode.javaScriptEnabled);
      await page.getByRole("link", { name: "Cancel and go back" }).click();
      await expect(page).toHaveURL(/\/checkout\?booking=.*&cancelled=1/);
      await expect(page.getByTestId("payment-choices")).toBeVisible();
      await open(page, sandboxUrl, mode.javaScriptEnabled);
      await payOnSandboxPage(page, "4000 0000 0000 0002");
      await expect(page.getByRole("alert")).toContainText("Your card was declined.");
      await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
      await payOnSandboxPage(page, "4242 4242 4242 4242");

      await expect(page).toHaveURL(/\/booking-confirmation\?booking=/);
      await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
      const reference = (await page.getByTestId("booking-reference").textContent())!;
      expect(reference).toMatch(/^EM-[0-9A-Z]{6}$/);
      await expect(page.getByTestId("receipt-total")).toHaveText(total);
      await expect(page.getByRole("heading", { name: "What's Next" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Track your move" })).toHaveAttribute(
        "href",
        /^\/booking-tracker\?booking=/,
      );
      await page.screenshot({
        path: `test-results/screens/confirmation-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });

      const db = await appDb();
      const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { payments: true } });
      expect(booking).toMatchObject({
        paymentState: "paid",
        status: "pending",
        customerPhone: "+447400900123",
        textUpdates: true,
        specialRequirements: "Piano on the first floor",
      });
      // One payment at the provider (declined once, then paid), so one Payment row, as with Stripe.
      expect(booking.payments.map((payment) => [payment.provider, payment.status, payment.amountPence])).toEqual([
        ["sandbox", "succeeded", booking.finalPrice],
      ]);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Booking confirmed: ${reference}`);
      expect(mails[0]!.text).toContain(`Paid: ${total}`);

      // Print Receipt: the browser's print with JavaScript, a printable page without.
      if (!mode.javaScriptEnabled) {
        await page.getByRole("link", { name: "Print Receipt" }).click();
        await expect(page.getByTestId("receipt-total")).toHaveText(total);
      } else {
        await expect(page.getByRole("button", { name: "Print Receipt" })).toBeVisible();
      }
    });

    test("a discount code takes its percentage off, and the card form on the site pays the discounted price", async ({
      page,
    }) => {
      const email = await newCustomer();
      const bookingId = await bookAMove(page, mode.javaScriptEnabled);
      if (mode.javaScriptEnabled) await open(page, page.url(), true);
      await signInFromCheckout(page, email, mode.javaScriptEnabled);
      const before = (await page.getByTestId("checkout-total").textContent())!;
      await expect(page.getByTestId("discount-offer")).toContainText("WELCOME5");

      await page.getByLabel("Discount code").fill("LOYAL15");
      await page.getByRole("button", { name: "Apply" }).click();
      await expectFormError(page, "This discount code is not available on your account.");
      await expect(page.getByLabel("Discount code")).toHaveValue("LOYAL15");
      await page.getByLabel("Discount code").fill("welcome5");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByTestId("applied-discount")).toHaveText("WELCOME5: 5% off");
      await expect(page.getByTestId("original-total")).toHaveText(before);
      const after = (await page.getByTestId("checkout-total").textContent())!;
      expect(after).not.toBe(before);

      await page.getByRole("link", { name: /Pay by card here/ }).click();
      await expect(page).toHaveURL(/\/embedded-checkout\?booking=/);
      if (mode.javaScriptEnabled) await open(page, page.url(), true);
      await payOnSandboxPage(page, "4000 0000 0000 9995");
      await expect(page.getByRole("alert")).toContainText("Your card has insufficient funds.");
      await payOnSandboxPage(page, "4242424242424242");
      await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
      await expect(page.getByTestId("receipt-total")).toHaveText(after);

      const db = await appDb();
      const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { discountCode: true } });
      expect(booking.paymentState).toBe("paid");
      expect(booking.discountCode).toMatchObject({ code: "WELCOME5", percent: 5 });
      expect(booking.discountCode!.usedAt).not.toBeNull();
    });
  });
}
