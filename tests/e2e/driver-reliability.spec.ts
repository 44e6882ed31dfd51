// A driver gives an assigned job back, JavaScript on and off: "I can't do this
// job" on /driver opens without JavaScript too; the job leaves the driver's list, goes back to
// the admins' unassigned list with the reason in its history, and the driver's record shows
// the drop on the admins' drivers page.
import { createDriver } from "../support/factories";
import { expect, test } from "./fixtures";
import { appDb, jsModes, open, randomIp, uniqueEmail } from "./helpers";

async function assignedJob() {
  const db = await appDb();
  const driverUser = await db.user.create({
    data: { username: "Robin Reliable", email: uniqueEmail("reliable-driver"), role: "driver" },
  });
  const driver = await createDriver({
    name: `Robin Reliable ${Math.random().toString(36).slice(2, 6)}`,
    email: driverUser.email,
    phone: "07700 900321",
    vanType: "medium",
    location: "Newcastle upon Tyne",
    userId: driverUser.id,
    completedJobs: 156,
  });
  const reference = `EM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const booking = await db.booking.create({
    data: {
      reference,
      driverId: driver.id,
      status: "assigned",
      paymentState: "paid",
      trackingStatus: "assigned",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
      moveDate: new Date(Date.now() + 10 * 86_400_000),
      moveTime: "09:00",
      vanSize: "medium",
      distanceTenths: 25,
      estimatedHours: 2,
      customerName: "Casey Customer",
      customerEmail: uniqueEmail("dropped-customer"),
      subTotal: 8000,
      platformFee: 2000,
      driverShare: 6000,
      vatAmount: 400,
      originalPrice: 8400,
      finalPrice: 8400,
    },
  });
  return { driverUser, driver, booking, reference };
}

for (const mode of jsModes) {
  test.describe(`dropping a job ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("the job goes back to the admins, with the reason, and on the driver's record", async ({
      page,
      signIn,
      signedInPage,
    }) => {
      const { driverUser, driver, booking, reference } = await assignedJob();
      await signIn(driverUser.email);
      await open(page, "/driver", mode.javaScriptEnabled);
      const card = page.getByTestId(`job-${reference}`);
      await card.getByText("I can't do this job").click();
      await card.getByLabel("Reason (optional)").fill("My van failed its MOT");
      await card.getByRole("button", { name: `Drop job ${reference}` }).click();
      await expect(page.getByRole("status").filter({ hasText: "Job dropped" })).toBeVisible();
      await expect(page.getByTestId(`job-${reference}`)).toHaveCount(0);

      const admin = await signedInPage("admin@easymove.local", { javaScriptEnabled: mode.javaScriptEnabled });
      await open(admin, `/admin/bookings/${booking.id}`, mode.javaScriptEnabled);
      await expect(admin.getByTestId("booking-history")).toContainText(
        `${driver.name} dropped the job: My van failed its MOT`,
      );
      await open(admin, `/admin/bookings?searchTerm=${reference}`, mode.javaScriptEnabled);
      await expect(admin.getByTestId("booking-row").getByTestId("booking-driver")).toHaveText("Unassigned");
      await expect(admin.getByRole("link", { name: `Assign driver to ${reference}` })).toBeVisible();

      const db = await appDb();
      // The drivers page lists 25 a page, newest first.
      const position = await db.driver.count({ where: { createdAt: { gt: driver.createdAt } } });
      await open(admin, `/admin/drivers?page=${Math.floor(position / 25) + 1}`, mode.javaScriptEnabled);
      const driverCard = admin.locator(`[data-driver-id="${driver.id}"]`);
      await expect(driverCard.getByTestId("driver-completed-jobs")).toHaveText("156");
      await expect(driverCard.getByTestId("driver-dropped-jobs")).toHaveText("1");
      await expect(driverCard.getByTestId("driver-on-time")).toHaveText("No arrivals yet");
    });
  });
}
