// Customer accounts in the browser, with JavaScript off and on: sign up, sign in, wrong
// password, sign out, password reset through the local outbox, drivers on the same page.
import fs from "node:fs/promises";
import path from "node:path";
import { expect, test } from "./fixtures";
import { jsModes, open, randomIp, uniqueEmail, waitForHydration, expectFormError } from "./helpers";

const OUTBOX = path.resolve(process.env.OUTBOX_DIR ?? ".data/outbox");

/** The newest reset link e-mailed to this address (the e2e server writes to the local outbox). */
async function resetLinkFor(email: string) {
  let link: string | undefined;
  await expect(async () => {
    const files = (await fs.readdir(OUTBOX).catch(() => [] as string[]))
      .filter((file) => file.endsWith(".json"))
      .sort();
    const mails = await Promise.all(
      files.map(async (file) => JSON.parse(await fs.readFile(path.join(OUTBOX, file), "utf8"))),
    );
    const mine = mails.filter((mail: { to: string }) => mail.to === email);
    link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mine.at(-1)?.text ?? "")?.[0];
    expect(link).toBeTruthy();
  }).toPass({ timeout: 5_000 });
  return link!;
}

for (const mode of jsModes) {
  test.describe(`customer accounts ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("sign up: the product's errors, then an account, back on the page the user came from", async ({ page }) => {
      await open(page, "/signup?redirectTo=%2Fterms-and-conditions", mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
      await expect(page).toHaveTitle(/Sign Up/);

      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByRole("alert")).toContainText("All fields are required.");

      const email = uniqueEmail("signup");
      await page.getByLabel("Full Name").fill("Sam Signup");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("long-enough-1");
      await page.getByLabel("Confirm Password").fill("long-enough-2");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expectFormError(page, "Passwords do not match.");
      await expect(page.getByLabel("Full Name")).toHaveValue("Sam Signup");
      await expect(page.getByLabel("Email")).toHaveValue(email);

      await page.getByLabel("Password", { exact: true }).fill("long-enough-1");
      await page.getByLabel("Confirm Password").fill("long-enough-1");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page).toHaveURL(/\/terms-and-conditions$/);
      await expect(page.getByTestId("user-menu")).toContainText("Sam Signup");
    });

    test("sign up with a taken e-mail says only 'Registration failed'", async ({ page }) => {
      await open(page, "/signup", mode.javaScriptEnabled);
      await page.getByLabel("Full Name").fill("Not Alice");
      await page.getByLabel("Email").fill("alice@example.com");
      await page.getByLabel("Password", { exact: true }).fill("long-enough-1");
      await page.getByLabel("Confirm Password").fill("long-enough-1");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByRole("alert")).toContainText("Registration failed");
      await expect(page).toHaveURL(/\/signup$/);
    });

    test("sign in: both fields needed, a wrong password fails, the right one goes back; then log out", async ({
      page,
    }) => {
      await open(page, "/signin?redirectTo=%2Fterms-and-conditions", mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
      await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
      await expect(page.getByRole("alert")).toContainText("Both email and password are required.");

      await page.getByLabel("Email").fill("alice@example.com");
      await page.getByLabel("Password").fill("wrong-password");
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert")).toContainText("Authentication failed");
      await expect(page.getByLabel("Email")).toHaveValue("alice@example.com");
      // The server never sends a password back (with JavaScript the field simply keeps what was typed).
      if (!mode.javaScriptEnabled) await expect(page.getByLabel("Password")).toHaveValue("");

      await page.getByLabel("Password").fill("demo-password-2026");
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/terms-and-conditions$/);
      const userMenu = page.getByTestId("user-menu");
      await expect(userMenu).toContainText("Alice Johnson");

      // Signed in, /signin sends the user on.
      await open(page, "/signin", mode.javaScriptEnabled);
      await expect(page).toHaveURL(/\/$/);

      await userMenu.locator("summary").click();
      await userMenu.getByRole("button", { name: "Log Out" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(page.getByTestId("user-menu")).toHaveCount(0);
    });

    test("the sign-in and sign-up pages link to each other, keeping redirectTo", async ({ page }) => {
      await open(page, "/signin?redirectTo=%2Fquote", mode.javaScriptEnabled);
      await page.getByRole("main").getByRole("link", { name: "Sign up" }).click();
      await expect(page).toHaveURL(/\/signup\?redirectTo=%2Fquote$/);
      await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fquote$/);
    });

    test("a driver account signs in on the same page and lands on its jobs", async ({ page }) => {
      await open(page, "/signin", mode.javaScriptEnabled);
      await page.getByLabel("Email").fill("mark.driver@example.com");
      await page.getByLabel("Password").fill("demo-password-2026");
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/driver$/);
      await expect(page.getByRole("heading", { level: 1, name: "My jobs" })).toBeVisible();
      // A driver is not asked to join as one.
      await expect(page.getByRole("banner").getByRole("link", { name: "Join as Driver" })).toHaveCount(0);
      await expect(page.getByTestId("user-menu")).toContainText("Mark Wilson");
      await expect(page.getByTestId("user-menu")).toContainText("driver");
    });

    test("a deactivated account cannot sign in", async ({ page }) => {
      await open(page, "/signin", mode.javaScriptEnabled);
      await page.getByLabel("Email").fill("frank@example.com");
      await page.getByLabel("Password").fill("demo-password-2026");
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert")).toContainText("Authentication failed");
    });

    test("password reset through the outbox: a link that works once", async ({ page, request }) => {
      const email = uniqueEmail("reset");
      const created = await request.post("/api/auth/signup", {
        data: { username: "Rita Reset", email, password: "old-password-1" },
        headers: { "X-Forwarded-For": randomIp() },
      });
      expect(created.status()).toBe(201);

      await open(page, "/signin", mode.javaScriptEnabled);
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expect(page.getByRole("status").filter({ hasText: "If an account exists for that email" })).toBeVisible();

      const link = await resetLinkFor(email);
      await open(page, link, mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
      await page.getByLabel("New Password").fill("new-password-1");
      await page.getByLabel("Confirm Password").fill("new-password-2");
      await page.getByRole("button", { name: "Set New Password" }).click();
      await expectFormError(page, "Passwords do not match.");
      await page.getByLabel("New Password").fill("new-password-1");
      await page.getByLabel("Confirm Password").fill("new-password-1");
      await page.getByRole("button", { name: "Set New Password" }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByText("Password updated")).toBeVisible();

      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("old-password-1");
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert")).toContainText("Authentication failed");
      await page.getByLabel("Password").fill("new-password-1");
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId("user-menu")).toContainText("Rita Reset");

      const reused = await page.goto(link);
      expect(reused?.status()).toBe(410);
      await expect(page.getByText("This password reset link is invalid or has expired.")).toBeVisible();
    });

    test("too many wrong passwords: 429 and a clear message", async ({ page, request }) => {
      const email = uniqueEmail("hammer");
      // Ten wrong passwords from this browser's address (the describe's X-Forwarded-For).
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await request.post("/signin", { form: { email, password: `guess-${attempt}` } });
        expect(response.status()).toBe(401);
      }
      await open(page, "/signin", mode.javaScriptEnabled);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("one-more-guess");
      const [response] = await Promise.all([
        page.waitForResponse(
          (candidate) =>
            candidate.request().method() === "POST" && new URL(candidate.url()).pathname.startsWith("/signin"),
        ),
        page.getByRole("main").getByRole("button", { name: "Sign In" }).click(),
      ]);
      expect(response.status()).toBe(429);
      await expect(page.getByRole("alert")).toContainText(
        "Too many attempts. Please wait a few minutes and try again.",
      );
    });
  });
}
