// /bookings and /bookings/:id/cancel in the browser, JavaScript on and off: the friendly empty
// state, a customer's paid booking with its tracker and cancel links, the confirmation step
// that states the refund first, "Keep my booking", and "Yes, cancel this booking" that refunds
// through the built-in sandbox and comes back to the list with a toast.
import { randomBytes } from "node:crypto";
import { ukDateTime } from "~/domain/uk-calendar";
import { auditPage } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { appDb, jsModes, open, randomIp } from "./helpers";

const reference = () =>
  `EM-${Array.from({ length: 6 }, () => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[Math.floor(Math.random() * 32)]).join("")}`;
const hex = () => randomBytes(12).toString("hex");

/** A booking of this customer's, paid £123.45 through the sandbox, moving in `daysAhead` days. */
async function paidBooking(email: string, { daysAhead = 5 } = {}) {
  const db = await appDb();
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const moveDate = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const booking = await db.booking.create({
    data: {
      reference: reference(),
      customerId: user.id,
      paymentState: "paid",
      pickupAddress: "1 Grey Street, Newcastle upon Tyne NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle upon Tyne NE2 2AL",
      moveDate: new Date(`${moveDate}T00:00:00Z`),
      moveTime: "10:00",
      vanSize: "medium",
      distanceTenths: 20,
      estimatedHours: 2,
      customerName: user.username,
      customerEmail: email,
      subTotal: 10_345,
      platformFee: 1000,
      driverShare: 3000,
      vatAmount: 1000,
      originalPrice: 12_345,
      finalPrice: 12_345,
    },
  });
  const paymentIntentId = `sbx_pi_${hex()}`;
  await db.sandboxCheckout.create({
    data: {
      id: `sbx_cs_${hex()}`,
      paymentIntentId,
      idempotencyKey: `e2e-${hex()}`,
      amountPence: 12_345,
      status: "paid",
      bookingId: booking.id,
      customerEmail: email,
      description: `Booking ${booking.reference}`,
    },
  });
  await db.payment.create({
    data: {
      bookingId: booking.id,
      provider: "sandbox",
      providerPaymentId: paymentIntentId,
      amountPence: 12_345,
      status: "succeeded",
      method: "card",
      customerName: user.username,
      customerEmail: email,
    },
  });
  return booking;
}

const cardOf = (page: Page, ref: string) =>
  page.getByTestId("booking-card").filter({ has: page.getByRole("heading", { name: ref }) });
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

for (const mode of jsModes) {
  test.describe(`my bookings ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("a customer with no bookings sees a friendly empty state with a way to a quote", async ({
      page,

      newCustomer,
    }) => {
      await newCustomer();
      await open(page, "/bookings", mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "My bookings" })).toBeVisible();
      await expect(page.getByTestId("bookings-empty")).toContainText("No bookings yet");
      await expect(page.getByTestId("bookings-empty").getByRole("link", { name: "Get a quote" })).toHaveAttribute(
        "href",
        "/#quote",
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    });

    test("a booking not paid yet offers Pay now, which goes back to its checkout", async ({
      page,

      newCustomer,
    }) => {
      const email = await newCustomer();
      const booking = await paidBooking(email);
      const db = await appDb();
      await db.payment.deleteMany({ where: { bookingId: booking.id } });
      await db.booking.update({ where: { id: booking.id }, data: { paymentState: "unpaid" } });

      await open(page, "/bookings", mode.javaScriptEnabled);
      const card = cardOf(page, booking.reference);
      await expect(card).toContainText("Unpaid");
      await card.getByRole("link", { name: `Pay for ${booking.reference}` }).click();
      await expect(page).toHaveURL(`/checkout?booking=${booking.id}`);
      await expect(page.getByText(booking.reference).first()).toBeVisible();
    });

    test("lists the booking, keeps it on 'Keep my booking', cancels it with a full refund", async ({
      newCustomer,
      page,
    }) => {
      const email = await newCustomer();
      const booking = await paidBooking(email);

      await open(page, "/bookings", mode.javaScriptEnabled);
      const card = cardOf(page, booking.reference);
      await expect(card).toContainText("£123.45");
      await expect(card).toContainText("1 Grey Street, Newcastle upon Tyne NE1 6EE");
      await expect(card).toContainText("40 Osborne Road, Newcastle upon Tyne NE2 2AL");
      await expect(card).toContainText("Medium");
      await expect(card).toContainText("Pending");
      await expect(card).toContainText("Paid");
      await expect(card.getByRole("link", { name: `Track ${booking.reference}` })).toHaveAttribute(
        "href",
        `/booking-tracker?booking=${booking.id}`,
      );
      await expect(card.getByRole("link", { name: `Pay for ${booking.reference}` })).toHaveCount(0); // paid already

      await card.getByRole("link", { name: `Cancel ${booking.reference}` }).click();
      await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/cancel$`));
      // The refund is the first thing said.
      await expect(page.getByTestId("refund-offer")).toHaveText(
        /^You will get £123\.45 back: a full refund, because your move is more than 24 hours away\./,
      );
      await page.getByRole("link", { name: "Keep my booking" }).click();
      await expect(page).toHaveURL(/\/bookings$/);
      await expect(cardOf(page, booking.reference)).toContainText("Pending");

      await cardOf(page, booking.reference)
        .getByRole("link", { name: `Cancel ${booking.reference}` })
        .click();
      await page.getByRole("button", { name: "Yes, cancel this booking" }).click();
      await expect(page).toHaveURL(/\/bookings$/);
      await expect(toast(page, `Booking ${booking.reference} cancelled`)).toBeVisible();
      await expect(toast(page, `Booking ${booking.reference} cancelled`)).toContainText(
        "We have refunded £123.45 in full",
      );
      const cancelled = cardOf(page, booking.reference);
      await expect(cancelled).toContainText("Cancelled");
      await expect(cancelled).toContainText("Refunded");
      await expect(cancelled).toContainText("£123.45 refunded");
      await expect(cancelled.getByRole("link", { name: `Cancel ${booking.reference}` })).toHaveCount(0);

      const db = await appDb();
      const refunds = await db.payment.findMany({ where: { bookingId: booking.id, refundOfId: { not: null } } });
      expect(refunds.map((refund) => [refund.provider, refund.amountPence, refund.method])).toEqual([
        ["sandbox", 12_345, "refund"],
      ]);

      // Coming back to the step (an old tab, the back button) says it is done.
      await open(page, `/bookings/${booking.id}/cancel`, mode.javaScriptEnabled);
      await expect(page.getByTestId("cancel-state")).toHaveText("This booking is already cancelled.");
      await expect(page.getByRole("button", { name: "Yes, cancel this booking" })).toHaveCount(0);
    });

    test("a second cancel from a stale page says the booking is already cancelled", async ({
      newCustomer,
      page,
      browser,
    }) => {
      const email = await newCustomer();
      const booking = await paidBooking(email, { daysAhead: 3 });
      await open(page, `/bookings/${booking.id}/cancel`, mode.javaScriptEnabled);
      await expect(page.getByTestId("refund-offer")).toContainText("a full refund");

      // Cancelled meanwhile from another tab.
      const other = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      await other.addCookies(await page.context().cookies());
      const otherPage = await other.newPage();
      await otherPage.goto(`/bookings/${booking.id}/cancel`);
      await otherPage.getByRole("button", { name: "Yes, cancel this booking" }).click();
      await expect(otherPage).toHaveURL(/\/bookings$/);
      await other.close();

      await page.getByRole("button", { name: "Yes, cancel this booking" }).click();
      await expect(page.getByTestId("cancel-error")).toHaveText("This booking is already cancelled.");
      await expect(page.getByRole("button", { name: "Yes, cancel this booking" })).toHaveCount(0);
      const db = await appDb();
      expect(await db.payment.count({ where: { bookingId: booking.id, refundOfId: { not: null } } })).toBe(1);
    });

    test("a refund that changed while the step was open is stated again before anything happens", async ({
      newCustomer,
      page,
    }) => {
      const email = await newCustomer();
      const booking = await paidBooking(email);
      await open(page, `/bookings/${booking.id}/cancel`, mode.javaScriptEnabled);
      await expect(page.getByTestId("refund-offer")).toContainText("You will get £123.45 back: a full refund");

      // Meanwhile the move comes within 24 hours (here: it moves to five hours from now).
      const soon = ukDateTime(new Date(Date.now() + 5 * 3_600_000));
      const db = await appDb();
      await db.booking.update({
        where: { id: booking.id },
        data: { moveDate: new Date(`${soon.date}T00:00:00Z`), moveTime: soon.time },
      });

      await page.getByRole("button", { name: "Yes, cancel this booking" }).click();
      await expect(page.getByTestId("cancel-error")).toContainText(
        "Your refund has changed since you opened this page",
      );
      await expect(page.getByTestId("refund-offer")).toContainText(
        "You will get £61.72 back: half of the £123.45 you paid",
      );
      expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
        status: "pending",
        paymentState: "paid",
      });

      await page.getByRole("button", { name: "Yes, cancel this booking" }).click();
      await expect(page).toHaveURL(/\/bookings$/);
      await expect(toast(page, `Booking ${booking.reference} cancelled`)).toContainText(
        "We have refunded £61.72, half of the £123.45 you paid",
      );
      await expect(cardOf(page, booking.reference)).toContainText("Partly refunded");
    });

    test("someone else's booking is a 404", async ({ page, newCustomer }) => {
      const ownerEmail = await newCustomer({ prefix: "owner" });
      const booking = await paidBooking(ownerEmail);
      await page.context().clearCookies();
      await newCustomer({ prefix: "stranger" });
      const response = await page.goto(`/bookings/${booking.id}/cancel`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
      await open(page, "/bookings", mode.javaScriptEnabled);
      await expect(cardOf(page, booking.reference)).toHaveCount(0);
    });
  });
}

test("the list and the cancel step have no serious accessibility problems, at phone and desktop widths", async ({
  newCustomer,
  page,
}) => {
  const email = await newCustomer();
  const booking = await paidBooking(email);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/bookings", `/bookings/${booking.id}/cancel`]) {
      await open(page, path, true);
      const { serious } = await auditPage(page);
      expect(serious, `${path} at ${width}px`).toEqual([]);
      // Nothing wider than the screen.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${path} at ${width}px`,
      ).toBeLessThanOrEqual(width);
    }
  }
});
