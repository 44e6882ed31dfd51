// A damage claim in a browser, JavaScript on and off: from /bookings to the claim
// form, a refused amount on its field with what was typed kept, then the claim with photos and
// a proof of value, followed on the tracker; an admin's offer, accepted, the customer's bank
// details for the part beyond their payment, and the claim paid; the driver at fault charged an
// excess (a wrong amount refused on its field), shown on their earnings page; after 7 days the
// form is gone and the page says why.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createDriver } from "../support/factories";
import { expectAccessible } from "./axe";
import { expect, test, type BrowserContext } from "./fixtures";
import { appDb, jsModes, open, randomIp, sessionCookieFor, uniqueEmail } from "./helpers";

const PHOTO = "tests/fixtures/van-photo.jpg";

/**
 * Three photos as a phone takes them: JPEGs of about 5 MB each (2,600 × 2,000 pixels of noise,
 * which JPEG cannot shrink), made once per run.
 */
async function phonePhotos() {
  const folder = path.resolve("test-results/phone-photos");
  fs.mkdirSync(folder, { recursive: true });
  const files = [1, 2, 3].map((index) => path.join(folder, `IMG_000${index}.jpg`));
  for (const [index, file] of files.entries()) {
    if (fs.existsSync(file)) continue;
    const pixels = randomBytes(2600 * 2000 * 3);
    pixels[0] = index; // three different photos
    await sharp(pixels, { raw: { width: 2600, height: 2000, channels: 3 } })
      .jpeg({ quality: 95 })
      .toFile(file);
  }
  for (const file of files) expect(fs.statSync(file).size).toBeGreaterThan(4.8 * 1024 * 1024);
  return files;
}

/** An approved driver with an account, to be charged an excess. */
async function driverWithAccount() {
  const db = await appDb();
  const user = await db.user.create({
    data: { username: "Dan Driver", email: uniqueEmail("excess-driver"), role: "driver" },
  });
  return createDriver({
    name: `Dan Driver ${Math.random().toString(36).slice(2, 6)}`,
    email: user.email,
    phone: "07700 900998",
    vanType: "medium",
    location: "Newcastle upon Tyne",
    userId: user.id,
    completedJobs: 1,
  });
}

/** A signed-in customer with a move delivered `daysAgo` days ago (its proof noting damage), by `driverId` if given. */
async function deliveredMove(context: BrowserContext, baseURL: string, daysAgo = 1, driverId: string | null = null) {
  const db = await appDb();
  const email = uniqueEmail("claimant");
  const user = await db.user.create({ data: { username: "Clara Claim", email } });
  const completedAt = new Date(Date.now() - daysAgo * 86_400_000);
  const stamp = Date.now().toString(36).slice(-6).toUpperCase();
  const booking = await db.booking.create({
    data: {
      reference: `EM-${stamp.padStart(6, "0")}`,
      customerId: user.id,
      driverId,
      status: "completed",
      trackingStatus: "completed",
      paymentState: "paid",
      completedAt,
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
      moveDate: completedAt,
      vanSize: "medium",
      distanceTenths: 25,
      estimatedHours: 2,
      customerName: "Clara Claim",
      customerEmail: email,
      subTotal: 8000,
      platformFee: 2000,
      driverShare: 6000,
      vatAmount: 400,
      originalPrice: 8400,
      finalPrice: 8400,
      deliveryProofs: { create: { recipientName: "Clara", damageNotes: "Mirror corner chipped" } },
    },
  });
  // Paid through the sandbox, so a claim's compensation can be refunded to it.
  const { sandboxGateway, payWithSandboxCard } = await import("~/server/payments/sandbox.server");
  const { recordProviderPayment } = await import("~/server/bookings/checkout.server");
  const intent = await sandboxGateway.createPaymentIntent({
    bookingId: booking.id,
    reference: booking.reference,
    description: `Booking ${booking.reference}`,
    amountPence: booking.finalPrice,
    customerEmail: email,
    idempotencyKey: `claim-e2e-${booking.id}`,
  });
  await recordProviderPayment((await payWithSandboxCard(intent.id, "4242 4242 4242 4242"))!.payment!);
  const { startUserSession } = await import("~/server/auth/auth.server");
  const [name, ...value] = (await startUserSession(new Request(baseURL), user)).split(";")[0]!.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: baseURL }]);
  return booking;
}

for (const mode of jsModes) {
  test.describe(`damage claims ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("claim with photos from /bookings, a bad amount refused on its field, followed on the tracker", async ({
      page,
      context,
      baseURL,
    }) => {
      const booking = await deliveredMove(context, baseURL!);
      await open(page, "/bookings", mode.javaScriptEnabled);
      await page.getByRole("link", { name: `Make a claim for ${booking.reference}` }).click();
      await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/claim$`));
      if (mode.javaScriptEnabled) await open(page, page.url(), true);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Claim for damage");
      await expect(page.getByText("Damage noted: Mirror corner chipped")).toBeVisible();

      const amount = page.getByLabel("Item 1: amount (£)");
      await expect(amount).toHaveAccessibleDescription(/You can claim up to £100.00 for this item \(standard cover\)/);
      await page.getByLabel("Item 1: what it is and the damage").fill("Mirror, corner chipped");
      await amount.fill("a lot");
      await page.getByLabel("What happened (optional)").fill("Knocked on the stairs.");
      await page.getByRole("button", { name: "Send claim" }).click();
      await expect(page.getByTestId("error-summary")).toContainText("Enter the amount in pounds");
      await expect(amount).toHaveAccessibleDescription(/Enter the amount in pounds/);
      await expect(amount).toHaveValue("a lot");
      await expect(page.getByLabel("Item 1: what it is and the damage")).toHaveValue("Mirror, corner chipped");
      await expect(page.getByLabel("What happened (optional)")).toHaveValue("Knocked on the stairs.");

      await amount.fill("85.50");
      if (mode.javaScriptEnabled) {
        await page.getByRole("button", { name: "Add another item" }).click();
        await expect(page.getByLabel("Item 4: what it is and the damage")).toBeFocused();
      }
      await page.getByLabel("Item 2: what it is and the damage").fill("Lamp, shade torn");
      await page.getByLabel("Item 2: amount (£)").fill("250");
      await page.getByLabel("Photos of the damage").setInputFiles([PHOTO, PHOTO]);
      await page.getByLabel("Proof of value (optional)").setInputFiles(PHOTO);
      await page.screenshot({
        path: `test-results/screens/claim-form-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });
      await page.getByRole("button", { name: "Send claim" }).click();

      await expect(page).toHaveURL(/\/booking-tracker/);
      const card = page.getByTestId("claims-card");
      await expect(card.getByTestId("claim-state")).toHaveText("Submitted");
      // The lamp's £250 is limited to standard cover's £100 an item.
      await expect(card).toContainText("Claimed £335.50; up to £185.50 under your cover.");
      const db = await appDb();
      const claim = await db.damageClaim.findFirstOrThrow({
        where: { bookingId: booking.id },
        include: { files: true },
      });
      expect(claim.files).toHaveLength(3);
    });

    test("a claim with three 5 MB photos from a phone is taken", async ({ page, context, baseURL }) => {
      const photos = await phonePhotos();
      const booking = await deliveredMove(context, baseURL!);
      await open(page, `/bookings/${booking.id}/claim`, mode.javaScriptEnabled);
      await page.getByLabel("Item 1: what it is and the damage").fill("Wardrobe door split");
      await page.getByLabel("Item 1: amount (£)").fill("90");
      await page.getByLabel("Photos of the damage").setInputFiles(photos);
      const sent = page.waitForRequest(
        (request) => request.method() === "POST" && request.url().includes(`/bookings/${booking.id}/claim`),
      );
      await page.getByRole("button", { name: "Send claim" }).click();
      const request = await sent;
      const bytesSent = Number((await request.allHeaders())["content-length"] ?? request.postDataBuffer()?.length ?? 0);
      await expect(page).toHaveURL(/\/booking-tracker/);
      await expect(page.getByTestId("claims-card").getByTestId("claim-state")).toHaveText("Submitted");
      const db = await appDb();
      const claim = await db.damageClaim.findFirstOrThrow({
        where: { bookingId: booking.id },
        include: { files: true },
      });
      expect(claim.files).toHaveLength(3);
      // With JavaScript the phone made them smaller first; without it, all 15 MB went and were taken.
      if (mode.javaScriptEnabled) expect(bytesSent).toBeLessThan(3 * 1024 * 1024);
      else expect(bytesSent).toBeGreaterThan(14 * 1024 * 1024);
    });

    test("an admin offers within the limit, the customer accepts and gives bank details, the claim is paid", async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      const driver = await driverWithAccount();
      const booking = await deliveredMove(context, baseURL!, 1, driver.id);
      const db = await appDb();
      const ticket = await db.supportRequest.create({
        data: { bookingId: booking.id, userId: booking.customerId, kind: "claim", message: "Damage claim: 1. Lamp" },
      });
      const claim = await db.damageClaim.create({
        data: {
          bookingId: booking.id,
          customerId: booking.customerId,
          ticketId: ticket.id,
          claimedPence: 15_000,
          payablePence: 10_000,
          items: {
            create: { position: 0, description: "Lamp, shade torn", amountPence: 15_000, payablePence: 10_000 },
          },
        },
      });

      // The admin, in a browser of their own.
      const adminContext = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      await adminContext.addCookies([await sessionCookieFor("admin@easymove.local", baseURL!)]);
      const adminPage = await adminContext.newPage();
      await open(adminPage, `/admin/claims/${claim.id}`, mode.javaScriptEnabled);
      const amount = adminPage.getByLabel("Amount to offer (£)");
      await expect(amount).toHaveAccessibleDescription(/Up to £100.00/);
      await amount.fill("120");
      await adminPage.getByRole("button", { name: "Send offer" }).click();
      await expect(amount).toHaveAccessibleDescription(/You can offer up to £100.00 on this claim/);
      await expect(amount).toHaveValue("120");
      await amount.fill("95");
      await adminPage.getByRole("button", { name: "Send offer" }).click();
      await expect(adminPage.getByTestId("claim-state")).toHaveText("Offer made");

      await open(page, `/bookings/${booking.id}/claim`, mode.javaScriptEnabled);
      const offer = page.getByTestId("offer-answer");
      await expect(offer).toContainText("We offer £95.00 for this claim.");
      await offer.getByRole("button", { name: "Accept £95.00" }).click();
      await expect(page.getByTestId("claim-state")).toHaveText("Accepted");
      await expect(page.getByTestId("offer-answer")).toHaveCount(0);

      // £84.00 was paid: £11.00 goes by bank transfer, so the page asks where to.
      await expect(page.getByRole("heading", { name: "Where we pay £11.00" })).toBeVisible();
      const sortCode = page.getByLabel("Sort code");
      await page.getByLabel("Name on the account").fill("Clara Claim");
      await sortCode.fill("40-11");
      await page.getByLabel("Account number").fill("87654321");
      await page.getByRole("button", { name: "Save bank details" }).click();
      await expect(sortCode).toHaveAccessibleDescription(/Enter a 6-digit sort code/);
      await expect(page.getByLabel("Name on the account")).toHaveValue("Clara Claim");
      if (mode.javaScriptEnabled) await expectAccessible(page); // axe runs in the page: it needs JavaScript
      await sortCode.fill("40-11-22");
      await page.getByLabel("Account number").fill("87654321");
      await page.getByRole("button", { name: "Save bank details" }).click();
      await expect(page.getByTestId("bank-details-saved")).toContainText("your account ending 4321");
      await page.screenshot({
        path: `test-results/screens/claim-bank-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });

      await open(adminPage, `/admin/claims/${claim.id}`, mode.javaScriptEnabled);
      await expect(adminPage.getByTestId("claim-payment")).toContainText("£84.00 back to the customer");
      await expect(adminPage.getByTestId("claim-payment")).toContainText("£11.00 by bank transfer");
      await adminPage.getByRole("button", { name: "Pay £95.00" }).click();
      await expect(adminPage.getByTestId("claim-state")).toHaveText("Paid");
      await expect(adminPage.getByRole("button", { name: "Pay £95.00" })).toHaveCount(0);

      // The driver was at fault: an excess over £100 is refused on its field with what was typed kept.
      const excess = adminPage.getByLabel("Excess (£)");
      const why = adminPage.getByLabel("Why the driver was at fault");
      await excess.fill("150");
      await why.fill("The lamp was not wrapped.");
      await adminPage.getByRole("button", { name: "Charge excess" }).click();
      await expect(excess).toHaveAccessibleDescription(/Enter the excess in pounds, from £0.01 to £100.00/);
      await expect(excess).toHaveValue("150");
      await expect(why).toHaveValue("The lamp was not wrapped.");
      await expect(adminPage.getByTestId("error-summary")).toBeFocused();
      await excess.fill("40");
      await adminPage.getByRole("button", { name: "Charge excess" }).click();
      await expect(adminPage.getByTestId("claim-excess")).toContainText("£40.00: The lamp was not wrapped.");
      await expect(adminPage.getByRole("button", { name: "Charge excess" })).toHaveCount(0);
      if (mode.javaScriptEnabled) await expectAccessible(adminPage);
      await adminPage.screenshot({
        path: `test-results/screens/admin-claim-${mode.javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });
      await adminContext.close();

      await open(page, `/bookings/${booking.id}/claim`, mode.javaScriptEnabled);
      await expect(page.getByTestId("claim-state")).toHaveText("Paid");
      await expect(page.getByTestId("claim-paid")).toContainText(
        "£84.00 back to the card or PayPal account you paid with, and £11.00 by bank transfer to your account ending 4321",
      );
      const compensation = await db.payment.findMany({ where: { damageClaimId: claim.id } });
      expect(compensation.map((row) => [row.method, row.amountPence])).toEqual([["compensation", 8_400]]);

      // The driver sees the excess under "Charges" on their earnings page, with the reason.
      const driverContext = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      await driverContext.addCookies([await sessionCookieFor(driver.email, baseURL!)]);
      const driverPage = await driverContext.newPage();
      await open(driverPage, "/driver/earnings", mode.javaScriptEnabled);
      await expect(driverPage.getByRole("heading", { name: "Charges" })).toBeVisible();
      await expect(driverPage.getByTestId("earnings-charges")).toContainText("−£40.00");
      await expect(driverPage.getByTestId("earnings-charges")).toContainText(
        `Excess towards the damage claim on ${booking.reference}: The lamp was not wrapped.`,
      );
      await driverContext.close();
    });

    test("after 7 days the form is gone, and the page says why", async ({ page, context, baseURL }) => {
      const booking = await deliveredMove(context, baseURL!, 9);
      await open(page, `/bookings/${booking.id}/claim`, mode.javaScriptEnabled);
      await expect(page.getByTestId("claims-closed")).toContainText("Claims for this move closed at the end of");
      await expect(page.getByRole("button", { name: "Send claim" })).toHaveCount(0);
    });
  });
}
