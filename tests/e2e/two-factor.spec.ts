// Admin two-factor sign-in in the browser, with JavaScript on and off: set it up (the key the
// page shows gives the app's codes), keep the recovery codes, then sign in with the password
// and a code, and again with a recovery code.
import * as OTPAuth from "otpauth";
import { expect, test, type Page } from "./fixtures";
import { appDb, jsModes, open, randomIp, uniqueEmail, waitForHydration, expectFormError } from "./helpers";

const PASSWORD = "two-factor-pass-2026";
const codeFor = (manualKey: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(manualKey.replace(/\s/g, "")),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function signInWithPassword(page: Page, email: string, javaScriptEnabled: boolean) {
  await open(page, "/admin/login", javaScriptEnabled);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/login\/code$/);
  if (javaScriptEnabled) await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Enter your sign-in code" })).toBeVisible();
}

for (const mode of jsModes) {
  test.describe(`two-factor sign-in ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("an admin turns it on, then signs in with a code from the app and with a recovery code", async ({
      signIn,
      page,
    }) => {
      const db = await appDb();
      const { hashPassword } = await import("~/server/auth/password.server");
      const email = uniqueEmail("two-factor-admin");
      await db.user.create({
        data: { username: "Tess Factor", email, role: "admin", passwordHash: await hashPassword(PASSWORD) },
      });
      await signIn(email, { context: page.context() });

      await open(page, "/admin/two-factor", mode.javaScriptEnabled);
      await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
      const manualKey = (await page.getByTestId("manual-key").textContent())!.trim();
      expect(manualKey.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);

      // A wrong code is tied to the field, then the right one turns it on.
      await page.getByLabel("Code").fill("000000");
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expectFormError(page, "That code is not right (or was used already).");
      await expect(page.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");
      await page.getByLabel("Code").fill(codeFor(manualKey));
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      const codes = page.getByTestId("recovery-codes").getByRole("listitem");
      await expect(codes).toHaveCount(10);
      const recoveryCode = (await codes.first().textContent())!.trim();

      // Signed out: the password alone is not enough any more.
      await page.context().clearCookies();
      await signInWithPassword(page, email, mode.javaScriptEnabled);
      await page.getByLabel("Code").fill(codeFor(manualKey, 1));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

      // Lost phone: a recovery code instead, once.
      await page.context().clearCookies();
      await signInWithPassword(page, email, mode.javaScriptEnabled);
      await page.getByLabel("Code").fill(recoveryCode);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    });
  });
}
