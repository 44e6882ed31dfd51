// One way to toast (server/platform/toast.server.ts answerWithToast): the action flashes the
// toast into the session, the root loader takes it and the toaster shows it, once, with
// JavaScript on and off, for a page form (a quote) and for a fetcher (an admin's row form).
import { expect, test, type Page } from "./fixtures";
import { appDb, jsModes, open, randomIp, waitForHydration } from "./helpers";

const toasts = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

/** Shown once: there now, and not again when the page is loaded afresh. */
async function expectShownOnce(page: Page, title: string, javaScriptEnabled: boolean) {
  await expect(toasts(page, title)).toHaveCount(1);
  await page.reload();
  if (javaScriptEnabled) await waitForHydration(page);
  await expect(page.getByTestId("toast")).toHaveCount(0);
}

for (const mode of jsModes) {
  test.describe(`toasts ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("a page form's toast (a quote) shows once", async ({ page }) => {
      await open(page, "/calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
      await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await page.getByLabel("Moving date").fill(inTwoWeeks());
      await page.getByRole("button", { name: "Calculate Quote" }).click();
      await expect(page.getByTestId("quote-card")).toBeVisible();
      await expectShownOnce(page, "Quote calculated", mode.javaScriptEnabled);
    });

    test("a fetcher's toast (an admin's status change) shows once, a refusal's too", async ({ page, signIn }) => {
      await signIn("admin@easymove.local");
      const db = await appDb();
      const reference = `EM-T${Date.now().toString(36).slice(-5).toUpperCase()}`;
      const booking = await db.booking.create({
        data: {
          reference,
          pickupAddress: "1 Grey Street, Newcastle upon Tyne NE1 6EE",
          deliveryAddress: "40 Osborne Road, Newcastle upon Tyne NE2 2AL",
          moveDate: new Date("2027-03-04"),
          vanSize: "medium",
          distanceTenths: 20,
          estimatedHours: 1,
          subTotal: 4000,
          platformFee: 1000,
          driverShare: 3000,
          vatAmount: 800,
          originalPrice: 4800,
          finalPrice: 4800,
        },
      });
      const changeStatus = async (status: string) => {
        const row = page.getByTestId("booking-row").filter({ hasText: reference });
        await row.getByLabel(`Status of ${reference}`).selectOption(status);
        if (!mode.javaScriptEnabled) await row.getByRole("button", { name: `Save status of ${reference}` }).click();
      };

      await open(page, `/admin/bookings?searchTerm=${reference}`, mode.javaScriptEnabled);
      await changeStatus("completed");
      await expect(toasts(page, "Booking status updated")).toContainText(`${reference} is now Completed.`);
      await expectShownOnce(page, "Booking status updated", mode.javaScriptEnabled);

      // A refused post (404): with JavaScript the root loader still runs again for its toast.
      await db.booking.delete({ where: { id: booking.id } });
      await changeStatus("cancelled");
      await expect(toasts(page, "Failed to update booking status")).toContainText("Booking not found");
      await expectShownOnce(page, "Failed to update booking status", mode.javaScriptEnabled);
    });
  });
}
