// /admin/bookings and the dashboard's lists in the browser, JavaScript on and off: a linkable
// search and status filter, a status changed from its dropdown (saved on change with a toast
// with JavaScript, a Save button without), "Failed to update booking status", an approved
// driver assigned, a booking's history, the tracking set by hand with a reason, and the
// dashboard's recent bookings and pending drivers.
// Each test makes its own bookings and drivers, so other specs' changes to the seed never matter.
import { createDriver } from "../support/factories";
import { auditPage } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { appDb, jsModes, open, randomIp, waitForHydration } from "./helpers";

const ADMIN_EMAIL = "admin@easymove.local";

const word = () => `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const reference = () =>
  `EM-${Array.from({ length: 6 }, () => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[Math.floor(Math.random() * 32)]).join("")}`;

async function makeBooking(
  name: string,
  { status = "pending", minutesAgo = 0 }: { status?: "pending" | "completed"; minutesAgo?: number } = {},
) {
  const db = await appDb();
  return db.booking.create({
    data: {
      reference: reference(),
      status,
      pickupAddress: "1 Grey Street, Newcastle upon Tyne NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle upon Tyne NE2 2AL",
      moveDate: new Date("2027-03-04"),
      vanSize: "medium",
      distanceTenths: 20,
      estimatedHours: 1,
      customerName: `Customer ${name}`,
      customerEmail: `${name}@example.com`,
      subTotal: 4000,
      platformFee: 1000,
      driverShare: 3000,
      vatAmount: 800,
      originalPrice: 4800,
      finalPrice: 4800,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    },
  });
}

async function makeDriver(name: string, approvalStatus: "pending" | "approved") {
  return createDriver({
    name,
    email: `${name.replace(/\W+/g, ".").toLowerCase()}@example.com`,
    phone: "07700900123",
    vanType: "large",
    location: "Leeds",
    approvalStatus,
  });
}

const rowOf = (page: Page, ref: string) =>
  page.getByTestId("booking-row").filter({ has: page.getByRole("rowheader", { name: ref }) });
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

/** With JavaScript, a marker on window shows the page was never reloaded. */
async function markWindow(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
}
async function expectSameWindow(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
}

for (const mode of jsModes) {
  test.describe(`admin bookings ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test.beforeEach(async ({ signIn }) => {
      await signIn(ADMIN_EMAIL);
    });

    test("the dashboard lists recent bookings and pending drivers and links to their screens", async ({ page }) => {
      const name = word();
      const booking = await makeBooking(name);
      const applicant = await makeDriver(`Applicant ${name}`, "pending");
      await makeDriver(`Approved ${name}`, "approved");

      await open(page, "/admin/dashboard", mode.javaScriptEnabled);
      const recent = page.getByRole("region", { name: "Recent Bookings" });
      await expect(recent.getByRole("link", { name: booking.reference })).toBeVisible();
      await expect(recent).toContainText(`Customer ${name}`);
      await expect(recent).toContainText("£48.00");
      const pending = page.getByRole("region", { name: "Pending Drivers" });
      await expect(pending).toContainText(applicant.name);
      await expect(pending).toContainText("Leeds");
      await expect(pending).not.toContainText(`Approved ${name}`);
      await expect(pending.getByRole("link", { name: "Review drivers" })).toHaveAttribute("href", "/admin/drivers");

      await recent.getByRole("link", { name: "View all bookings" }).click();
      await expect(page).toHaveURL(/\/admin\/bookings$/);
      await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();

      await open(page, "/admin/dashboard", mode.javaScriptEnabled);
      await page
        .getByRole("region", { name: "Recent Bookings" })
        .getByRole("link", { name: booking.reference })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booking.id}$`));
      await expect(page.getByRole("heading", { level: 2, name: `Booking ${booking.reference}` })).toBeVisible();
    });

    test("search and status filter: a GET form whose results are a linkable URL; the empty state", async ({ page }) => {
      const name = word();
      const older = await makeBooking(name, { minutesAgo: 5 });
      const newer = await makeBooking(name, { minutesAgo: 1 });
      const done = await makeBooking(name, { status: "completed", minutesAgo: 3 });

      await open(page, "/admin/bookings", mode.javaScriptEnabled);
      await page.getByLabel("Search", { exact: true }).fill(name);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`searchTerm=${name}`));
      // Newest first.
      await expect(page.getByTestId("booking-row").locator("th a")).toHaveText([
        newer.reference,
        done.reference,
        older.reference,
      ]);

      await page.getByLabel("Status", { exact: true }).selectOption("completed");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`searchTerm=${name}&status=completed`));
      await expect(page.getByTestId("booking-row").locator("th a")).toHaveText([done.reference]);
      const row = rowOf(page, done.reference);
      await expect(row).toContainText(`Customer ${name}`);
      await expect(row).toContainText("£48.00");
      await expect(row).toContainText("Medium Van");
      await expect(row).toContainText("4 Mar 2027");
      await expect(row).toContainText("Unpaid");

      // The URL alone gives the same page, its form filled in.
      await open(page, `/admin/bookings?searchTerm=${name}&status=pending`, mode.javaScriptEnabled);
      await expect(page.getByTestId("booking-row").locator("th a")).toHaveText([newer.reference, older.reference]);
      await expect(page.getByLabel("Search", { exact: true })).toHaveValue(name);
      await expect(page.getByLabel("Status", { exact: true })).toHaveValue("pending");

      await page.getByLabel("Search", { exact: true }).fill(`${name}-nothing`);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByRole("heading", { name: "No bookings found" })).toBeVisible();
      await page.getByRole("link", { name: "Clear filters" }).click();
      await expect(page).toHaveURL(/\/admin\/bookings$/);
      await expect(page.getByTestId("booking-row").first()).toBeVisible();
    });

    test("a status changed from its dropdown is saved, said in a toast and written to the history", async ({
      page,
    }) => {
      const booking = await makeBooking(word());
      await open(page, `/admin/bookings?searchTerm=${booking.reference}`, mode.javaScriptEnabled);
      await markWindow(page, mode.javaScriptEnabled);
      const row = rowOf(page, booking.reference);
      const select = row.getByLabel(`Status of ${booking.reference}`);
      await expect(select).toHaveValue("pending");

      await select.selectOption("completed");
      if (mode.javaScriptEnabled) {
        await expect(row.getByRole("button", { name: /^Save/ })).toHaveCount(0);
      } else {
        await row.getByRole("button", { name: `Save status of ${booking.reference}` }).click();
      }
      await expect(toast(page, "Booking status updated")).toContainText(`${booking.reference} is now Completed.`);
      await expect(page).toHaveURL(new RegExp(`searchTerm=${booking.reference}`));
      await expect(rowOf(page, booking.reference).getByLabel(`Status of ${booking.reference}`)).toHaveValue(
        "completed",
      );
      await expectSameWindow(page, mode.javaScriptEnabled);

      const db = await appDb();
      await expect
        .poll(async () => (await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status)
        .toBe("completed");
      const audit = await db.auditLog.findMany({ where: { targetType: "Booking", targetId: booking.id } });
      expect(audit.map((row) => [row.action, row.details])).toEqual([
        ["booking.status", { from: "pending", to: "completed" }],
      ]);

      await rowOf(page, booking.reference)
        .getByRole("link", { name: `${booking.reference} details` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booking.id}\\?searchTerm=${booking.reference}$`));
      const details = page.getByTestId("booking-details");
      await expect(details.getByTestId("booking-history")).toContainText("Status changed from Pending to Completed");
      await expect(details).toContainText("by EasyMove Admin");
    });

    test("a failed change says 'Failed to update booking status'", async ({ page }) => {
      const booking = await makeBooking(word());
      await open(page, `/admin/bookings?searchTerm=${booking.reference}`, mode.javaScriptEnabled);
      // Gone by the time the admin saves (another admin, a clean-up): the save fails.
      await (await appDb()).booking.delete({ where: { id: booking.id } });
      const row = rowOf(page, booking.reference);
      await row.getByLabel(`Status of ${booking.reference}`).selectOption("cancelled");
      if (!mode.javaScriptEnabled)
        await row.getByRole("button", { name: `Save status of ${booking.reference}` }).click();
      await expect(toast(page, "Failed to update booking status")).toContainText("Booking not found");
    });

    test("an approved driver is assigned from the booking's panel (pending → assigned); others are not offered", async ({
      page,
    }) => {
      const name = word();
      const booking = await makeBooking(name);
      const driver = await makeDriver(`Approved ${name}`, "approved");
      await makeDriver(`Applicant ${name}`, "pending");

      await open(page, `/admin/bookings?searchTerm=${booking.reference}`, mode.javaScriptEnabled);
      await markWindow(page, mode.javaScriptEnabled);
      const row = rowOf(page, booking.reference);
      await expect(row.getByTestId("booking-driver")).toHaveText("Unassigned");
      await row.getByRole("link", { name: `Assign driver to ${booking.reference}` }).click();
      const assign = page.getByTestId("assign-driver");
      await expect(assign.getByRole("heading", { name: "Assign a driver" })).toBeVisible();
      // With JavaScript the page moves focus to the form it opened at; without, the browser scrolls there.
      if (mode.javaScriptEnabled) await expect(assign.getByRole("heading", { name: "Assign a driver" })).toBeFocused();

      await assign.getByLabel("Find a driver by name").fill(name);
      await assign.getByRole("button", { name: "Find a driver" }).click();
      await expect(assign.getByRole("radio", { name: `Approved ${name}` })).toBeVisible();
      await expect(assign.getByRole("status")).toHaveText(`Approved drivers whose names hold “${name}”.`);
      await expect(assign.getByRole("radio", { name: `Applicant ${name}` })).toHaveCount(0);
      // A target of 24 by 24 px at least (WCAG 2.2, 2.5.8).
      await expect(assign.getByRole("radio", { name: `Approved ${name}` })).toHaveCSS("width", "24px");
      await expect(rowOf(page, booking.reference)).toBeVisible(); // the list's search is kept below

      await assign.getByRole("radio", { name: `Approved ${name}` }).check();
      await assign.getByRole("button", { name: `Assign driver to ${booking.reference}` }).click();
      await expect(toast(page, "Driver assigned")).toContainText(
        `Approved ${name} is now assigned to ${booking.reference}.`,
      );
      const after = rowOf(page, booking.reference);
      await expect(after.getByTestId("booking-driver")).toHaveText(`Approved ${name}`);
      await expect(after.getByLabel(`Status of ${booking.reference}`)).toHaveValue("assigned");
      await expect(page.getByTestId("assign-driver").getByRole("heading", { name: "Change the driver" })).toBeVisible();
      await expectSameWindow(page, mode.javaScriptEnabled);

      const saved = await (await appDb()).booking.findUniqueOrThrow({ where: { id: booking.id } });
      expect(saved).toMatchObject({ driverId: driver.id, status: "assigned", trackingStatus: "assigned" });

      await expect(page.getByTestId("booking-history")).toContainText(
        `Approved ${name} assigned (status Pending → Assigned)`,
      );
      await page.getByRole("link", { name: "Close details" }).click();
      await expect(page).toHaveURL(/\/admin\/bookings\?searchTerm=/);
      await expect(page.getByTestId("booking-details")).toHaveCount(0);
    });

    test("the tracking set by hand needs a reason, then moves the job and writes the history", async ({ page }) => {
      const name = word();
      const driver = await makeDriver(`Driver ${name}`, "approved");
      const booking = await makeBooking(name);
      const db = await appDb();
      await db.booking.update({
        where: { id: booking.id },
        data: { driverId: driver.id, status: "assigned", trackingStatus: "assigned" },
      });

      await open(page, `/admin/bookings/${booking.id}`, mode.javaScriptEnabled);
      // Every fact in words: the tracking's label, never its stored value.
      const trackingFact = page.getByTestId("booking-details").locator("dt", { hasText: /^Tracking$/ });
      await expect(trackingFact.locator("xpath=following-sibling::dd[1]")).toHaveText("Driver assigned");
      const form = page.getByRole("region", { name: "Change the tracking status" });
      await form.getByLabel("Tracking status").selectOption({ label: "Arrived" });
      await form.getByLabel("Reason").fill("no");
      await form.getByRole("button", { name: "Change tracking status" }).click();
      // The reason's own message, tied to the field; what was chosen and typed stays.
      const reason = form.getByLabel("Reason");
      await expect(reason).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByTestId("field-error")).toHaveText("Give a reason for the change (at least 5 characters)");
      await expect(reason).toHaveValue("no");
      await expect(form.getByLabel("Tracking status")).toHaveValue("arrived");

      await markWindow(page, mode.javaScriptEnabled);
      await reason.fill("The driver's phone died at the door");
      await form.getByRole("button", { name: "Change tracking status" }).click();
      await expect(toast(page, "Tracking status changed")).toBeVisible();
      const details = page.getByTestId("booking-details");
      await expect(details).toContainText("Arrived");
      await expect(page.getByTestId("booking-history")).toContainText(
        "Tracking set by hand from Driver assigned to Arrived: The driver's phone died at the door",
      );
      await expectSameWindow(page, mode.javaScriptEnabled);
    });

    test("the move put to another day needs a reason, then moves, keeps the price and tells the customer", async ({
      page,
    }) => {
      const name = word();
      const booking = await makeBooking(name);
      await open(page, `/admin/bookings/${booking.id}`, mode.javaScriptEnabled);
      const form = page.getByRole("region", { name: "Change the date or time" });
      await expect(form.getByLabel("Move date")).toHaveValue("2027-03-04");
      await form.getByLabel("Move date").fill("2027-03-11");
      await form.getByLabel("Start time").fill("13:15");
      await form.getByRole("button", { name: "Change the date" }).click();
      const reason = form.getByLabel("Reason for the change");
      await expect(reason).toHaveAttribute("aria-invalid", "true");
      await expect(reason).toHaveAccessibleDescription("Give a reason for the change (at least 5 characters)");
      await expect(form.getByLabel("Move date")).toHaveValue("2027-03-11");
      await expect(form.getByLabel("Start time")).toHaveValue("13:15");
      await form.screenshot({
        path: `test-results/screens/admin-reschedule-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
      });

      await markWindow(page, mode.javaScriptEnabled);
      await reason.fill("The customer's completion date moved");
      await form.getByRole("button", { name: "Change the date" }).click();
      await expect(toast(page, "Move date changed")).toBeVisible();
      await expect(page.getByTestId("booking-history")).toContainText(
        "Moved from Thursday 4 March 2027 at 09:00 to Thursday 11 March 2027 at 13:15: The customer's completion date moved",
      );
      await expectSameWindow(page, mode.javaScriptEnabled);
      const db = await appDb();
      const after = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
      expect([after.moveDate.toISOString().slice(0, 10), after.moveTime, after.finalPrice]).toEqual([
        "2027-03-11",
        "13:15",
        4800,
      ]);
      expect(await db.message.count({ where: { bookingId: booking.id, kind: "move-rescheduled" } })).toBe(1);
    });

    test("the driver taken off a job that has not started: it opens to drivers, said in the history", async ({
      page,
    }) => {
      const name = word();
      const driver = await makeDriver(`Driver ${name}`, "approved");
      const booking = await makeBooking(name);
      const db = await appDb();
      await db.booking.update({
        where: { id: booking.id },
        data: { driverId: driver.id, status: "assigned", trackingStatus: "assigned", paymentState: "paid" },
      });
      await open(page, `/admin/bookings/${booking.id}`, mode.javaScriptEnabled);
      await markWindow(page, mode.javaScriptEnabled);
      await page.getByRole("button", { name: "Take the driver off this job" }).click();
      await expect(toast(page, "Driver taken off the job")).toBeVisible();
      await expect(page.getByTestId("booking-history")).toContainText(
        `Driver ${name} taken off the job; open to drivers again`,
      );
      await expectSameWindow(page, mode.javaScriptEnabled);
      const after = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
      expect([after.driverId, after.status, after.openedAt instanceof Date]).toEqual([null, "pending", true]);
    });

    test("an unknown booking's details say 'Booking not found'", async ({ page }) => {
      const response = await page.goto("/admin/bookings/no-such-booking");
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("booking-details").getByRole("alert")).toContainText("Booking not found");
    });
  });
}

test.describe("admin bookings pages are accessible", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

  test("the list, a booking's details and the dashboard have no serious or critical axe violation", async ({
    signIn,
    page,
  }) => {
    await signIn(ADMIN_EMAIL);
    const booking = await makeBooking(word());
    await (
      await appDb()
    ).auditLog.create({
      data: {
        action: "booking.status",
        targetType: "Booking",
        targetId: booking.id,
        details: { from: "pending", to: "assigned" },
      },
    });
    for (const path of ["/admin/bookings", `/admin/bookings/${booking.id}`, "/admin/dashboard"]) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator("h1")).toHaveCount(1);
      const { serious } = await auditPage(page);
      expect(serious, path).toEqual([]);
    }
  });
});
