// The tracker's sections after the move, with JavaScript off and on: rating the driver of a completed
// move, the help actions (a support request, a shared location, a refused empty request) and
// the customer's discount (a banner without JavaScript; a popup once per code with it).
import { createDriver } from "../support/factories";
import { expect, test, type BrowserContextOptions, type Page } from "./fixtures";
import { appDb, jsModes, open, uniqueEmail, expectFormError } from "./helpers";

/** A customer with one paid, completed move, driven by a driver with an account. */
async function completedMove() {
  const db = await appDb();
  const customer = await db.user.create({ data: { username: "Robin Rater", email: uniqueEmail("sections-customer") } });
  const driver = await createDriver({
    name: "Sam Stars",
    email: uniqueEmail("sections-driver"),
    phone: "07700 900888",
    vanType: "medium",
    location: "Newcastle upon Tyne",
    completedJobs: 3,
  });
  const booking = await db.booking.create({
    data: {
      reference: `EM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      customerId: customer.id,
      driverId: driver.id,
      status: "completed",
      paymentState: "paid",
      trackingStatus: "completed",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
      moveDate: new Date(Date.now() - 2 * 86_400_000),
      vanSize: "medium",
      distanceTenths: 25,
      estimatedHours: 2,
      customerName: "Robin Rater",
      customerEmail: customer.email,
      subTotal: 8000,
      platformFee: 2000,
      driverShare: 6000,
      vatAmount: 1600,
      originalPrice: 9600,
      finalPrice: 9600,
    },
  });
  return { db, customer, driver, booking };
}

async function customerPage(
  signedInPage: (email: string, options?: BrowserContextOptions) => Promise<Page>,
  email: string,
  options: BrowserContextOptions,
  { popupSeen = true } = {},
) {
  const page = await signedInPage(email, options);
  // The discount popup has its own test; elsewhere this browser has seen every code already.
  if (popupSeen)
    await page
      .context()
      .addInitScript(() =>
        window.localStorage.setItem(
          "easymove:discount-popup-seen",
          JSON.stringify(["WELCOME5", "RETURN10", "LOYAL15"]),
        ),
      );
  return page;
}

const trackerUrl = (bookingId: string) => `/booking-tracker?booking=${bookingId}`;

async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

for (const { name, javaScriptEnabled } of jsModes) {
  test.describe(`tracker sections ${name}`, () => {
    test("the customer rates the driver once, and the driver's rating becomes the average", async ({
      signedInPage,
    }) => {
      const { db, customer, driver, booking } = await completedMove();
      const page = await customerPage(signedInPage, customer.email, { javaScriptEnabled });
      await open(page, trackerUrl(booking.id), javaScriptEnabled);
      if (javaScriptEnabled) await markWindow(page);

      const rating = page.getByTestId("rate-driver");
      await expect(rating.getByRole("heading", { name: "Rate your driver" })).toBeVisible();
      // Submitting without stars is refused with the message (by the browser's script or by the server).
      await rating.getByRole("button", { name: "Submit rating" }).click();
      if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/rate$`));
      await expectFormError(page, "Choose a rating from 1 to 5 stars");
      if (!javaScriptEnabled) {
        // The standalone page has the same form.
        await expect(page.getByRole("heading", { name: "Rate your driver" })).toBeVisible();
      }

      const form = page.locator("form[action$='/rate']");
      await form.locator("label", { hasText: "4 stars" }).click();
      await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
      await form.getByLabel("Comment (optional)").fill("Friendly and quick");
      await form.getByRole("button", { name: "Submit rating" }).click();

      await expect(page.getByTestId("toast").filter({ hasText: "Thanks for rating your driver" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/booking-tracker\\?booking=${booking.id}$`));
      const given = page.getByTestId("rate-driver");
      await expect(given.getByRole("heading", { name: "Your rating" })).toBeVisible();
      await expect(given.getByRole("img", { name: "Rated 4 out of 5 stars" })).toBeVisible();
      await expect(given).toContainText("Friendly and quick");
      if (javaScriptEnabled) await expectNoReload(page);

      await expect
        .poll(async () =>
          db.driver.findUnique({ where: { id: driver.id }, select: { ratingTenths: true, ratingCount: true } }),
        )
        .toEqual({ ratingTenths: 40, ratingCount: 1 });
      await expect(page.getByTestId("driver-card")).toContainText("4.0");

      // The rating page now shows the rating, not a second form.
      await open(page, `/bookings/${booking.id}/rate`, javaScriptEnabled);
      await expect(page.getByRole("img", { name: "Rated 4 out of 5 stars" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Submit rating" })).toHaveCount(0);
      await page.context().close();
    });

    test("help actions: a support request is stored and confirmed; an empty one is refused with the message", async ({
      signedInPage,
    }) => {
      const { db, customer, booking } = await completedMove();
      const page = await customerPage(signedInPage, customer.email, { javaScriptEnabled });
      await open(page, trackerUrl(booking.id), javaScriptEnabled);

      const help = page.getByTestId("help-actions");
      await expect(help.getByRole("link", { name: /Call your driver/ })).toHaveAttribute("href", "tel:07700900888");

      const support = help.getByTestId("help-support");
      await support.locator("summary").click();
      await support.getByRole("button", { name: "Contact support" }).click();
      if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/help$`));
      await expectFormError(page, "Tell us how we can help");
      expect(await db.supportRequest.count({ where: { bookingId: booking.id } })).toBe(0);
      if (!javaScriptEnabled) await open(page, trackerUrl(booking.id), false);

      const form = page.getByTestId("help-actions").getByTestId("help-support");
      if (!(await form.getByLabel("How can we help?").isVisible())) await form.locator("summary").click();
      await form.getByLabel("How can we help?").fill("The wardrobe door came off");
      await form.getByRole("button", { name: "Contact support" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Support request sent" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/booking-tracker\\?booking=${booking.id}$`));
      await expect
        .poll(async () =>
          db.supportRequest.findMany({
            where: { bookingId: booking.id },
            select: { kind: true, status: true, message: true, userId: true },
          }),
        )
        .toEqual([{ kind: "support", status: "open", message: "The wardrobe door came off", userId: customer.id }]);
      await page.context().close();
    });

    test("sharing the location: the browser's position with JavaScript, typed words without", async ({
      signedInPage,
    }) => {
      const { db, customer, booking } = await completedMove();
      const page = await customerPage(signedInPage, customer.email, {
        javaScriptEnabled,
        ...(javaScriptEnabled
          ? { geolocation: { latitude: 54.9783, longitude: -1.6178 }, permissions: ["geolocation"] }
          : {}),
      });
      await open(page, trackerUrl(booking.id), javaScriptEnabled);
      const share = page.getByTestId("help-location_share");
      await share.locator("summary").click();
      if (javaScriptEnabled) {
        await share.getByRole("button", { name: "Share my current location" }).click();
      } else {
        await expect(share.getByRole("button", { name: "Share my current location" })).toHaveCount(0);
        await share.getByLabel("Where are you?").fill("By the blue door on Grey Street");
        await share.getByRole("button", { name: "Send my location" }).click();
      }
      await expect(page.getByTestId("toast").filter({ hasText: "Location shared" })).toBeVisible();
      await expect
        .poll(async () =>
          db.supportRequest.findMany({
            where: { bookingId: booking.id },
            select: { kind: true, message: true, latitude: true, longitude: true },
          }),
        )
        .toEqual([
          javaScriptEnabled
            ? { kind: "location_share", message: "Shared my location", latitude: 54.9783, longitude: -1.6178 }
            : { kind: "location_share", message: "By the blue door on Grey Street", latitude: null, longitude: null },
        ]);
      await page.context().close();
    });

    test(
      javaScriptEnabled ? "the discount pops up once per code, then stays as a banner" : "the discount is a banner",
      async ({ signedInPage }) => {
        const { customer, booking } = await completedMove();
        const page = await customerPage(signedInPage, customer.email, { javaScriptEnabled }, { popupSeen: false });
        await open(page, trackerUrl(booking.id), javaScriptEnabled);
        // One paid booking before: RETURN10.
        if (!javaScriptEnabled) {
          const banner = page.getByTestId("discount-banner");
          await expect(banner).toContainText("10% off your next move");
          await expect(banner).toContainText("RETURN10");
          await expect(banner).toContainText(/Valid until \d{1,2} [A-Z][a-z]+ \d{4}/);
          await expect(page.getByRole("dialog")).toHaveCount(0);
        } else {
          const popup = page.getByRole("dialog", { name: "10% off your next move" });
          await expect(popup).toBeVisible();
          await expect(popup).toContainText("RETURN10");
          await expect(page.getByTestId("discount-banner")).toHaveCount(0);
          await popup.getByRole("button", { name: "Got it" }).click();
          await expect(popup).toHaveCount(0);
          await expect(page.getByTestId("discount-banner")).toContainText("RETURN10");

          // Seen once: the next visit shows the banner and no popup.
          await page.reload();
          await open(page, trackerUrl(booking.id), true);
          await expect(page.getByTestId("discount-banner")).toContainText("RETURN10");
          await page.waitForTimeout(1500);
          await expect(page.getByRole("dialog")).toHaveCount(0);
        }
        await page.context().close();
      },
    );
  });
}
