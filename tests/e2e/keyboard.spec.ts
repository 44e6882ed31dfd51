// The journeys with the keyboard alone, JavaScript on and off: a customer books and pays a
// move from the home page to the confirmation (Tab to each control, type, Enter or Space; the
// mouse is never used), and focus is where a keyboard user needs it at each step: the error
// summary after a failed submit, the quote's heading when the quote arrives, the dialog and
// then the payment choices it unlocks, and each new page's heading. A driver completes a job
// and an admin assigns one the same way.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { appDb, jsModes, randomIp, todaysMove, uniqueEmail, waitForHydration } from "./helpers";

const PASSWORD = "keyboard-password-1";

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  for (let press = 0; press < max; press++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target, `reached with ${back ? "Shift+" : ""}Tab`).toBeFocused();
}

async function load(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(url);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** After a page load or a client-side navigation: the page has arrived (JS: its h1 has focus). */
async function arrived(page: Page, url: RegExp, javaScriptEnabled: boolean) {
  await expect(page).toHaveURL(url);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** A date in two weeks, typed as Chromium's date field takes it in en-US: MMDDYYYY. */
function inTwoWeeksTyped() {
  const date = new Date(Date.now() + 14 * 86_400_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${date.getUTCFullYear()}`;
}

for (const mode of jsModes) {
  test.describe(`keyboard alone ${mode.name}`, () => {
    test.use({
      javaScriptEnabled: mode.javaScriptEnabled,
      locale: "en-US",
      extraHTTPHeaders: { "X-Forwarded-For": randomIp() },
    });

    test("a customer books and pays a move from the home page to the confirmation", async ({ page }) => {
      test.setTimeout(90_000);
      const [db, { hashPassword }] = await Promise.all([appDb(), import("~/server/auth/password.server")]);
      const email = uniqueEmail("keyboard");
      await db.user.create({ data: { username: "Kim Keys", email, passwordHash: await hashPassword(PASSWORD) } });

      await load(page, "/", mode.javaScriptEnabled);
      const form = page.locator("#home-quote-form");
      // A failed submit first: focus goes to the error summary, whose link leads to the field.
      await tabTo(page, form.getByRole("button", { name: "Calculate Quote" }));
      await page.keyboard.press("Enter");
      const summary = page.getByTestId("error-summary");
      await expect(summary).toBeFocused();
      await expect(page).toHaveTitle(/^Error: /);
      await tabTo(page, summary.getByRole("link", { name: "Please enter a valid pickup address" }));
      await page.keyboard.press("Enter");
      await expect(form.getByLabel("Pickup address")).toBeFocused();

      await page.keyboard.type("1 Grey Street, Newcastle NE1 6EE");
      await page.keyboard.press("Tab");
      await expect(form.getByLabel("Delivery address")).toBeFocused();
      await page.keyboard.type("40 Osborne Road, Newcastle NE2 2AL");
      await tabTo(page, form.getByLabel("Moving date"));
      await page.keyboard.type(inTwoWeeksTyped());
      await expect(form.getByLabel("Moving date")).toHaveValue(
        new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      );
      await tabTo(page, form.getByRole("button", { name: "Calculate Quote" }));
      await page.keyboard.press("Enter");

      const heading = page.getByRole("heading", { name: "Quote Ready" });
      await expect(heading).toBeVisible();
      if (mode.javaScriptEnabled) {
        await expect(heading).toBeFocused();
        await expect(page.getByTestId("announcer")).toContainText("Quote ready: £");
      }
      await tabTo(page, page.getByRole("button", { name: "Proceed to Checkout" }));
      await page.keyboard.press("Enter");
      await arrived(page, /\/checkout\?booking=/, mode.javaScriptEnabled);

      if (mode.javaScriptEnabled) {
        // The page opens with its sign-in dialog, which has the focus.
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        await tabTo(page, dialog.getByLabel("Email"));
        await page.keyboard.type(email);
        await tabTo(page, dialog.getByLabel("Password"));
        await page.keyboard.type(PASSWORD);
        await page.keyboard.press("Enter");
        // The dialog closes; the payment choices it unlocked have the focus.
        await expect(dialog).toBeHidden();
        await expect(page.getByRole("link", { name: /Pay by card on a secure payment page/ })).toBeFocused();
      } else {
        await tabTo(page, page.getByTestId("auth-prompt").getByRole("link", { name: "Sign In" }));
        await page.keyboard.press("Enter");
        await arrived(page, /\/signin/, false);
        await tabTo(page, page.getByLabel("Email"));
        await page.keyboard.type(email);
        await tabTo(page, page.getByLabel("Password"));
        await page.keyboard.type(PASSWORD);
        await page.keyboard.press("Enter");
        await arrived(page, /\/checkout\?booking=/, false);
        await tabTo(page, page.getByRole("link", { name: /Pay by card on a secure payment page/ }));
      }
      await page.keyboard.press("Enter");
      await arrived(page, /\/stripe-checkout\?booking=/, mode.javaScriptEnabled);
      if (mode.javaScriptEnabled) await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
      await tabTo(page, page.getByLabel("Phone number"));
      await page.keyboard.type("07400 900123");
      await tabTo(page, page.getByRole("button", { name: /securely$/ }));
      await page.keyboard.press("Enter");

      await arrived(page, /\/sandbox-checkout\//, mode.javaScriptEnabled);
      await tabTo(page, page.getByLabel("Card number"));
      await page.keyboard.type("4242 4242 4242 4242");
      await page.keyboard.press("Tab");
      await expect(page.getByLabel("Expiry (MM/YY)")).toBeFocused();
      await page.keyboard.type("12/34");
      await page.keyboard.press("Tab");
      await page.keyboard.type("123");
      await tabTo(page, page.getByRole("button", { name: /^Pay £/ }));
      await page.keyboard.press("Enter");

      await arrived(page, /\/booking-confirmation\?booking=/, mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
    });

    test("an admin assigns a driver, and the driver completes the job", async ({ page, signIn }) => {
      test.setTimeout(60_000);
      const db = await appDb();
      const driverUser = await db.user.findUniqueOrThrow({ where: { email: "mark.driver@example.com" } });
      const driver = await db.driver.findFirstOrThrow({ where: { userId: driverUser.id } });
      const reference = `EM-K${Date.now().toString(36).slice(-5).toUpperCase()}`;
      await db.booking.create({
        data: {
          reference,
          pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
          deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
          ...todaysMove(),
          vanSize: "medium",
          distanceTenths: 20,
          estimatedHours: 1,
          customerName: "Kim Keys",
          customerEmail: uniqueEmail("keyboard-job"),
          subTotal: 4000,
          platformFee: 1000,
          driverShare: 3000,
          vatAmount: 200,
          originalPrice: 4200,
          finalPrice: 4200,
        },
      });

      await signIn("admin@easymove.local");
      await load(page, `/admin/bookings?searchTerm=${reference}`, mode.javaScriptEnabled);
      const row = page.getByTestId("booking-row").filter({ hasText: reference });
      await tabTo(page, row.getByRole("link", { name: `Assign driver to ${reference}` }));
      await page.keyboard.press("Enter");
      // The booking's panel opens at its assign form: Tab goes on from there.
      const assign = page.getByTestId("assign-driver");
      await tabTo(page, assign.getByLabel("Find a driver by name"), { max: 5 });
      await page.keyboard.type(driver.name);
      await page.keyboard.press("Enter");
      // The list is the search's before going on (with JavaScript it is replaced in place).
      await expect(assign).toContainText(`whose names hold “${driver.name}”`);
      // A radio group is one Tab stop; the arrow keys move through it, choosing as they go.
      const choice = assign.locator(`input[type="radio"][value="${driver.id}"]`);
      await tabTo(page, assign.getByRole("radio").first());
      for (let press = 0; press < 10 && !(await choice.isChecked()); press++) await page.keyboard.press("ArrowDown");
      if (!(await choice.isChecked())) await page.keyboard.press("Space");
      await expect(choice).toBeChecked();
      await tabTo(page, assign.getByRole("button", { name: `Assign driver to ${reference}` }));
      await page.keyboard.press("Enter");
      await expect(row.getByTestId("booking-driver")).toHaveText(driver.name);

      await signIn("mark.driver@example.com");
      await load(page, "/driver", mode.javaScriptEnabled);
      const job = page.getByTestId(`job-${reference}`);
      await expect(job).toBeVisible();
      for (const [button, status] of [
        ["Start: on my way", "On the way"],
        ["I'm nearby", "Nearby"],
        ["I've arrived", "Arrived"],
      ]) {
        await tabTo(page, job.getByRole("button", { name: button }));
        await page.keyboard.press("Enter");
        await expect(job.getByTestId("job-status")).toContainText(status);
      }
      // The proof of delivery, from the keyboard: the typed signature is the pad's alternative.
      await tabTo(page, job.getByRole("link", { name: "Complete job: proof of delivery" }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: "Complete the job" })).toBeVisible();
      await page.getByLabel("Photos of the delivery").setInputFiles("tests/fixtures/van-photo.jpg");
      await tabTo(page, page.getByLabel("Recipient's name"));
      await page.keyboard.type("Kim Keys");
      await tabTo(page, page.getByLabel("recipient types their name"));
      await page.keyboard.type("Kim Keys");
      await tabTo(page, page.getByRole("button", { name: "Complete job" }));
      await page.keyboard.press("Enter");
      await expect
        .poll(async () => (await db.booking.findUniqueOrThrow({ where: { reference } })).trackingStatus)
        .toBe("completed");
    });
  });
}
