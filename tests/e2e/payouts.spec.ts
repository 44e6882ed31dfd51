// Money that reaches the drivers in a browser, JavaScript on and off. On the
// built-in sandbox server (no Stripe): a driver sees a completed job payable on /driver/earnings
// and gives their bank details (a bad sort code said beside its field); an admin exports the
// bank-transfer batch, downloads its CSV and marks it paid; the job shows paid; a late refund
// on the admin's booking page reverses the driver's share. On the Stripe server: a driver sets
// up payouts on Stripe's (stand-in's) onboarding page and comes back with payouts on.
import { createDriver } from "../support/factories";
import { expect, test } from "./fixtures";
import { appDb, jsModes, open, randomIp, uniqueEmail } from "./helpers";

const STRIPE_APP = process.env.E2E_STRIPE_APP_URL!;
const DAY = 86_400_000;

/** A driver (with an account) and a job they completed three days ago, paid by sandbox card: £60.00 theirs. */
async function completedJob() {
  const db = await appDb();
  const user = await db.user.create({
    data: { username: "Paula Payee", email: uniqueEmail("payee-driver"), role: "driver" },
  });
  const driver = await createDriver({
    name: `Paula Payee ${Math.random().toString(36).slice(2, 6)}`,
    email: user.email,
    phone: "07700 900999",
    vanType: "medium",
    location: "Newcastle upon Tyne",
    userId: user.id,
    completedJobs: 1,
  });
  const completedAt = new Date(Date.now() - 3 * DAY);
  const reference = `EM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const booking = await db.booking.create({
    data: {
      reference,
      driverId: driver.id,
      status: "completed",
      trackingStatus: "completed",
      paymentState: "paid",
      completedAt,
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
      moveDate: new Date(completedAt.getTime() - DAY),
      vanSize: "medium",
      distanceTenths: 25,
      estimatedHours: 2,
      customerName: "Casey Customer",
      customerEmail: uniqueEmail("payout-customer"),
      subTotal: 8000,
      platformFee: 2000,
      driverShare: 6000,
      vatAmount: 400,
      originalPrice: 8400,
      finalPrice: 8400,
    },
  });
  const paymentIntentId = `sbx_pi_payout_${booking.id}`;
  await db.sandboxCheckout.create({
    data: {
      id: `sbx_cs_payout_${booking.id}`,
      paymentIntentId,
      idempotencyKey: `payout-e2e-${booking.id}`,
      amountPence: 8400,
      bookingId: booking.id,
      customerEmail: booking.customerEmail,
      description: `Booking ${reference}`,
      status: "paid",
    },
  });
  await db.payment.create({
    data: {
      bookingId: booking.id,
      amountPence: 8400,
      status: "succeeded",
      provider: "sandbox",
      method: "card",
      providerPaymentId: paymentIntentId,
      customerName: "Casey Customer",
      customerEmail: booking.customerEmail!,
    },
  });
  // The earning the proof of delivery made (tests/integration/payouts.test.ts covers that write).
  await db.driverLedgerEntry.create({
    data: {
      key: `earning:${booking.id}`,
      driverId: driver.id,
      bookingId: booking.id,
      kind: "earning",
      amountPence: 6000,
      availableAt: new Date(completedAt.getTime() + 2 * DAY),
    },
  });
  return { user, driver, booking, reference };
}

for (const mode of jsModes) {
  test.describe(`payouts ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("bank details, a bank-transfer batch exported and marked paid, then a late refund reversed", async ({
      page,
      signIn,
      signedInPage,
    }) => {
      const { user, driver, booking, reference } = await completedJob();
      await signIn(user.email);
      await open(page, "/driver", mode.javaScriptEnabled);
      await page.getByRole("link", { name: "Earnings and payouts" }).click();
      await expect(page).toHaveURL(/\/driver\/earnings$/);
      await expect(page.getByTestId(`earning-${reference}`)).toContainText("Payable");
      await expect(page.getByTestId("earnings-totals")).toContainText("£60.00");
      if (mode.javaScriptEnabled) await open(page, page.url(), true);

      await page.getByLabel("Name on the account").fill("P Payee");
      await page.getByLabel("Sort code").fill("20-00");
      await page.getByLabel("Account number").fill("12345678");
      await page.getByRole("button", { name: "Save bank details" }).click();
      const sortCode = page.getByLabel("Sort code");
      await expect(sortCode).toHaveAttribute("aria-invalid", "true");
      await expect(sortCode).toHaveAccessibleDescription(/Enter a 6-digit sort code, like 20-00-01/);
      await expect(page.getByLabel("Name on the account")).toHaveValue("P Payee");
      await sortCode.fill("20-00-01");
      await page.getByLabel("Account number").fill("12345678");
      await page.getByRole("button", { name: "Save bank details" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Bank details saved" })).toBeVisible();
      await expect(page.getByTestId("bank-details-saved")).toContainText("P Payee, account ending 5678");
      expect(await page.content()).not.toContain("12345678");

      const admin = await signedInPage("admin@easymove.local", { javaScriptEnabled: mode.javaScriptEnabled });
      await open(admin, "/admin/payouts", mode.javaScriptEnabled);
      const row = admin.locator(`[data-driver-id="${driver.id}"]`);
      await expect(row).toContainText("£60.00");
      await expect(row).toContainText("Bank account ending 5678");
      await admin.getByRole("button", { name: "Export bank transfer batch" }).click();
      await expect(admin.getByRole("status").filter({ hasText: /Batch PAY-\d{8}-\w+ ready/ })).toBeVisible();
      const batch = admin.getByTestId("payout-batches").locator("li").first();
      await expect(batch).toContainText("not paid yet");
      const [download] = await Promise.all([
        admin.waitForEvent("download"),
        batch.getByRole("link", { name: /^Download CSV/ }).click(),
      ]);
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      const csv = Buffer.concat(chunks).toString("utf8");
      expect(csv).toContain("Name,Sort Code,Account Number,Amount (GBP),Reference");
      expect(csv).toMatch(/P Payee,20-00-01,12345678,60\.00,PAY-\d{8}-\w+/);
      await batch.getByRole("button", { name: /^Mark paid/ }).click();
      await expect(admin.getByRole("status").filter({ hasText: "Batch marked paid" })).toBeVisible();
      await expect(admin.getByTestId("payout-batches").locator("li").first()).toContainText("paid");

      await open(page, "/driver/earnings", mode.javaScriptEnabled);
      await expect(page.getByTestId(`earning-${reference}`)).toContainText("Paid");
      // The payout itself: the batch's transfer to this driver, sent in full (nothing was owed back).
      const payout = page.getByTestId("earnings-payouts").locator("li").first();
      await expect(payout).toContainText(/Bank transfer PAY-\d{8}-\w+: Sent/);
      await expect(payout).toContainText("£60.00 sent");
      await expect(payout).not.toContainText("kept");

      // A late refund (an upheld problem report): half back to the customer, the driver's part reversed.
      await open(admin, `/admin/bookings/${booking.id}`, mode.javaScriptEnabled);
      const refund = admin.getByRole("region", { name: "Refund" });
      await refund.getByLabel("Amount (£)").fill("100");
      await refund.getByLabel("Reason for the refund").fill("Upheld problem report: scratched table");
      await refund.getByRole("button", { name: "Refund" }).click();
      await expect(refund.getByTestId("error-summary")).toContainText(
        "At most £84.00 is left to refund on this booking.",
      );
      await expect(refund.getByLabel("Amount (£)")).toHaveValue("100");
      await refund.getByLabel("Amount (£)").fill("42");
      await refund.getByRole("button", { name: "Refund" }).click();
      await expect(admin.getByRole("status").filter({ hasText: "£42.00 refunded" })).toBeVisible();
      await expect(admin.getByTestId("booking-history")).toContainText(
        "Refunded £42.00: Upheld problem report: scratched table",
      );
      await expect(admin.getByTestId("booking-invoices")).toContainText(/Credit note CN-\d{6}/);

      await open(page, "/driver/earnings", mode.javaScriptEnabled);
      await expect(page.getByTestId(`earning-${reference}`)).toContainText("Reversed");
      await expect(page.getByTestId(`earning-${reference}`)).toContainText("£30.00");
    });
  });
}

test("with Stripe, a driver sets up payouts on Stripe's onboarding page and comes back with payouts on", async ({
  browser,
  signIn,
}) => {
  const db = await appDb();
  const user = await db.user.create({
    data: { username: "Sam Stripe", email: uniqueEmail("stripe-driver"), role: "driver" },
  });
  await createDriver({
    name: "Sam Stripe",
    email: user.email,
    phone: "07700 900888",
    vanType: "medium",
    location: "Newcastle upon Tyne",
    userId: user.id,
  });
  const context = await browser.newContext({
    baseURL: STRIPE_APP,
    extraHTTPHeaders: { "X-Forwarded-For": randomIp() },
  });
  await signIn(user.email, { context, origin: STRIPE_APP });
  const page = await context.newPage();
  await open(page, "/driver/earnings", false);
  await expect(page.getByTestId("stripe-payouts")).toContainText("We pay you through Stripe");
  await page.getByRole("button", { name: "Set up payouts with Stripe" }).click();
  // Stripe's (stand-in's) onboarding finishes at once and returns to our return route.
  await expect(page).toHaveURL(`${STRIPE_APP}/driver/earnings`);
  await expect(page.getByRole("status").filter({ hasText: "Payouts are set up" })).toBeVisible();
  await expect(page.getByTestId("stripe-payouts")).toContainText("Payouts are on");
  const driver = await db.driver.findFirstOrThrow({ where: { userId: user.id } });
  expect(driver.stripeAccountId).toMatch(/^acct_/);
  expect(driver.stripePayoutsEnabled).toBe(true);
  await context.close();

  // The admins' page on the Stripe server runs the Stripe payouts (each job's transfer is
  // covered by tests/integration/payouts.test.ts).
  const adminContext = await browser.newContext({
    baseURL: STRIPE_APP,
    extraHTTPHeaders: { "X-Forwarded-For": randomIp() },
  });
  await signIn("admin@easymove.local", { context: adminContext, origin: STRIPE_APP });
  const admin = await adminContext.newPage();
  await open(admin, "/admin/payouts", false);
  await expect(admin.getByText("Drivers are paid by Stripe transfer to their Stripe account.")).toBeVisible();
  await admin.getByRole("button", { name: "Pay drivers now" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Payout run done" })).toBeVisible();
  await adminContext.close();
});
