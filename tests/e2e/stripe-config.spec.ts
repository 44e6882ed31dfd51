// /stripe-config in the browser, with JavaScript off and on: admins only, Save's enabled
// state (JS), the product's messages for wrong prefixes, saving, and the secret's last four,
// with the secret never in the page.
import { expect, test, type Page } from "./fixtures";
import { appDb, jsModes, open, randomIp } from "./helpers";

const ADMIN_EMAIL = "admin@easymove.local"; // prisma/seed.ts
const ENCRYPTION_KEY = "e2e-encryption-key"; // playwright.config.ts
const SECRET = "sk_test_51E2eSecretValue7788";
const PUBLISHABLE = "pk_test_51E2ePublishableValue";

// Saved keys would switch every later spec's payments to Stripe: leave none behind.
test.afterEach(async () => {
  await (await appDb()).paymentSetting.deleteMany({ where: { provider: { in: ["stripe", "paypal"] } } });
});

const publishable = (page: Page) => page.getByLabel("Publishable Key");
const secret = (page: Page) => page.getByLabel("Secret Key");
const save = (page: Page) => page.getByRole("button", { name: /^(Save|Saving…|Saved)$/ });

async function expectSecretNowhere(page: Page) {
  expect(await page.content()).not.toContain(SECRET);
  const raw = await (await page.request.get("/stripe-config")).text();
  expect(raw).toContain("Stripe Configuration");
  expect(raw).not.toContain(SECRET);
}

async function expectStoredEncrypted() {
  const row = await (await appDb()).paymentSetting.findUniqueOrThrow({ where: { provider: "stripe" } });
  expect(row.secretKeyEncrypted).not.toContain(SECRET);
  const { decryptSecret } = await import("~/server/platform/encryption.server");
  expect(decryptSecret(row.secretKeyEncrypted!, ENCRYPTION_KEY)).toBe(SECRET);
}

for (const mode of jsModes) {
  test.describe(`/stripe-config ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("is for admins: a visitor goes to /admin/login, a customer to /", async ({
      page,

      signIn,
    }) => {
      await page.goto("/stripe-config");
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fstripe-config$/);
      await signIn("ben@example.com");
      await page.goto("/stripe-config");
      await expect(page).toHaveURL(/\/$/);
    });

    test("an admin sees where the keys come from, the test keys link, and a noindex page", async ({ signIn, page }) => {
      await signIn(ADMIN_EMAIL);
      await open(page, "/stripe-config", mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Stripe Configuration" })).toBeVisible();
      await expect(page.getByTestId("stripe-source")).toContainText("built-in test payments are used");
      const link = page.getByRole("link", { name: "Use Stripe test keys" });
      await expect(link).toHaveAttribute("href", "https://dashboard.stripe.com/test/apikeys");
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noreferrer/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(secret(page)).toHaveAttribute("type", "password");
      await expect(secret(page)).toHaveValue("");
    });

    test("wrong prefixes get the product's messages; good keys are saved and only the last four shown", async ({
      signIn,
      page,
    }) => {
      await signIn(ADMIN_EMAIL);
      await open(page, "/stripe-config", mode.javaScriptEnabled);
      // Each field's own message (after a submit, the error summary repeats it as a link).
      const fieldErrors = page.getByTestId("field-error");
      const publicError = fieldErrors.getByText("Invalid Public Key: Stripe publishable key must start with 'pk_'");
      const secretError = fieldErrors.getByText("Invalid Secret Key: Stripe secret key must start with 'sk_'");

      if (mode.javaScriptEnabled) {
        // Save waits for something valid to save.
        await expect(save(page)).toBeDisabled();
        await publishable(page).fill("abc_123");
        await expect(save(page)).toBeDisabled();
        await secret(page).focus(); // leaving the field shows why
        await expect(publicError).toBeVisible();
        await publishable(page).fill(PUBLISHABLE);
        await expect(publicError).toBeHidden();
        await expect(save(page)).toBeEnabled();
        await secret(page).fill("pk_wrong");
        await publishable(page).focus();
        await expect(secretError).toBeVisible();
        await expect(save(page)).toBeDisabled();
        await secret(page).fill("");
        await publishable(page).fill("");
        await expect(save(page)).toBeDisabled();
      } else {
        // Without JavaScript, Save always posts and the server says what is wrong.
        await expect(save(page)).toBeEnabled();
        await save(page).click();
        await expect(page.getByText("Nothing to Save: Enter a publishable key or a secret key")).toBeVisible();
        await publishable(page).fill("abc_123");
        await secret(page).fill(`x${SECRET}`);
        await save(page).click();
        await expect(publicError).toBeVisible();
        await expect(secretError).toBeVisible();
        // The publishable key comes back as typed; the secret never does.
        await expect(publishable(page)).toHaveValue("abc_123");
        await expect(secret(page)).toHaveValue("");
        expect(await page.content()).not.toContain(SECRET);
      }

      await publishable(page).fill(PUBLISHABLE);
      await secret(page).fill(SECRET);
      if (mode.javaScriptEnabled) {
        // Hold the post a moment so "Saving…" can be seen.
        await page.route(/\/stripe-config(\.data)?(\?.*)?$/, async (route) => {
          if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 600));
          await route.continue();
        });
        await save(page).click();
        await expect(save(page)).toHaveText("Saving…");
        await expect(save(page)).toHaveText("Saved");
        await expect(page.getByRole("status").filter({ hasText: "Your Stripe keys were saved." })).toBeVisible();
        // The form is emptied, and 1500 ms later the page's data reloads and Save is idle again.
        await expect(secret(page)).toHaveValue("");
        await expect(save(page)).toHaveText("Save", { timeout: 5_000 });
        await expect(save(page)).toBeDisabled();
      } else {
        await save(page).click();
        await expect(page.getByText("Your Stripe keys were saved.")).toBeVisible();
        await expect(save(page)).toHaveText("Saved");
      }

      await expect(page.getByTestId("stripe-source")).toContainText("saved on this page");
      await expect(page.getByTestId("stripe-publishable-key")).toContainText(PUBLISHABLE);
      await expect(page.getByTestId("stripe-secret-key")).toHaveText("Saved secret key ending in 7788");
      await expect(secret(page)).toHaveValue("");
      await expectSecretNowhere(page);
      await expectStoredEncrypted();

      // A fresh visit shows the same, and an empty secret keeps the saved one.
      await open(page, "/stripe-config", mode.javaScriptEnabled);
      await expect(page.getByText("Saved secret key ending in 7788. Leave empty to keep it.")).toBeVisible();
      await publishable(page).fill("pk_test_Another");
      await save(page).click();
      await expect(page.getByTestId("stripe-publishable-key")).toContainText("pk_test_Another");
      await expect(page.getByTestId("stripe-secret-key")).toHaveText("Saved secret key ending in 7788");
      await expectSecretNowhere(page);
    });

    test("a key Stripe refuses is not saved; Test connection and Remove saved keys; PayPal the same", async ({
      signIn,
      page,
    }) => {
      await signIn(ADMIN_EMAIL);
      await open(page, "/stripe-config", mode.javaScriptEnabled);
      // Stripe's own reason, tied to the secret key's field; nothing saved, the form as typed.
      await publishable(page).fill(PUBLISHABLE);
      await secret(page).fill("sk_test_51revokedByStripe4444");
      await save(page).click();
      await expect(secret(page)).toHaveAttribute("aria-invalid", "true");
      await expect(secret(page)).toHaveAccessibleDescription(
        /Stripe refused the secret key, so nothing was saved: Invalid API Key provided: sk_test_\*+4444/,
      );
      await expect(publishable(page)).toHaveValue(PUBLISHABLE);
      // The server never sends the secret back (with JavaScript the box keeps what was typed in it).
      if (!mode.javaScriptEnabled) await expect(secret(page)).toHaveValue("");
      expect(await (await appDb()).paymentSetting.findUnique({ where: { provider: "stripe" } })).toBeNull();

      const stripeInUse = page.getByTestId("stripe-in-use");
      await stripeInUse.getByRole("button", { name: "Test connection to Stripe" }).click();
      await expect(page.getByTestId("stripe-notice")).toHaveText(
        "No Stripe keys are set: built-in test payments are used, with nothing to connect to.",
      );
      await expect(stripeInUse.getByRole("button", { name: /Remove saved keys/ })).toHaveCount(0);

      await secret(page).fill(SECRET);
      await save(page).click();
      await expect(page.getByTestId("stripe-secret-key")).toHaveText("Saved secret key ending in 7788");
      if (mode.javaScriptEnabled) await expect(save(page)).toHaveText("Save", { timeout: 5_000 });
      await stripeInUse.getByRole("button", { name: "Test connection to Stripe" }).click();
      await expect(page.getByTestId("stripe-notice")).toHaveText("Connected to Stripe (test mode).");
      await stripeInUse.getByRole("button", { name: "Remove saved keys of Stripe" }).click();
      await expect(page.getByTestId("stripe-notice")).toHaveText(
        "The saved Stripe keys were removed: built-in test payments are used now.",
      );
      await expect(page.getByTestId("stripe-source")).toHaveText(
        "No Stripe keys are set: built-in test payments are used.",
      );
      const db = await appDb();
      expect(await db.paymentSetting.findUnique({ where: { provider: "stripe" } })).toBeNull();
      expect(
        await db.auditLog.findFirst({ where: { action: "payment_settings.remove" }, orderBy: { createdAt: "desc" } }),
      ).toMatchObject({ details: { provider: "stripe" } });

      // PayPal: refused credentials say PayPal's reason; the stand-in's own are saved, tested, removed.
      const clientId = page.getByLabel("PayPal client id");
      const paypalSecret = page.getByLabel("PayPal secret");
      const savePayPal = page.getByRole("button", { name: /^(Save PayPal credentials|Saving…|Saved)$/ });
      await clientId.fill("stand-in-client-id");
      await paypalSecret.fill("not-the-secret-at-all");
      await savePayPal.click();
      await expect(page.getByText("PayPal refused these credentials: Client Authentication failed")).toBeVisible();
      await expect(clientId).toHaveValue("stand-in-client-id");
      await paypalSecret.fill("stand-in-client-secret");
      await savePayPal.click();
      await expect(page.getByTestId("paypal-secret-key")).toHaveText("Saved secret ending in cret");
      const paypalInUse = page.getByTestId("paypal-in-use");
      await paypalInUse.getByRole("button", { name: "Test connection to PayPal" }).click();
      await expect(page.getByTestId("paypal-notice")).toHaveText("Connected to PayPal.");
      await paypalInUse.getByRole("button", { name: "Remove saved keys of PayPal" }).click();
      await expect(page.getByTestId("paypal-notice")).toHaveText(
        "The saved PayPal credentials were removed: PayPal is off.",
      );
      expect(await db.paymentSetting.findUnique({ where: { provider: "paypal" } })).toBeNull();
      expect(await page.content()).not.toContain("stand-in-client-secret");
    });
  });
}
