// Cover and claims walked end to end as a customer, a driver and an admin would, JavaScript on
// and off: a quote with £8,000 declared, the sandbox payment, the driver's proof, a claim with a
// photo, the admin finding it and making an offer, the customer accepting and giving bank
// details, and the payment split between the card and a bank transfer. Each screen says only
// what is true at that step (the limits, what is left of them, the window's end, what happens
// next), and the screens are photographed at 1280 and 390 px.
import { createDriver } from "../support/factories";
import { expect, test, type Page } from "./fixtures";
import { appDb, drawSignature, jsModes, mailsTo, open, randomIp, sessionCookieFor, uniqueEmail } from "./helpers";

const PHOTO = "tests/fixtures/van-photo.jpg";
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

/** The page at a laptop's and a phone's width, for a person to look at. */
async function photograph(page: Page, name: string, javaScriptEnabled: boolean) {
  const size = page.viewportSize()!;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `test-results/screens/walk-${name}-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(size);
}

for (const mode of jsModes) {
  test.describe(`cover and claims walked ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("from a quote with £8,000 declared to a claim paid by card and bank transfer", async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      const db = await appDb();
      const email = uniqueEmail("walk");
      await db.user.create({ data: { username: "Wren Walker", email } });
      await context.addCookies([await sessionCookieFor(email, baseURL!)]);

      // 1. The quote, with £8,000 declared: buying cover never lowers the move's limit.
      await open(page, "/calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
      await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await page.getByLabel("Moving date").fill(inTwoWeeks());
      await page.getByLabel("Declared value for extended cover (£, optional)").fill("8000");
      await page.getByRole("button", { name: "Calculate Quote" }).click();
      const card = page.getByTestId("quote-card");
      await expect(card.getByTestId("cover-facts")).toContainText("Up to £2,500 an item and £20,000 for the move.");
      await card.getByRole("button", { name: "Proceed to Checkout" }).click();
      await page.waitForURL(/\/checkout\?booking=/);
      const bookingId = new URL(page.url()).searchParams.get("booking")!;
      if (mode.javaScriptEnabled) await open(page, page.url(), true);

      // 2. Checkout: the cover on one line with its VAT, the driver's part "of which"; then the sandbox.
      const breakdown = page.getByTestId("checkout-breakdown");
      await expect(breakdown).toContainText("Extended cover (£8,000 declared), VAT included£144.00");
      await expect(breakdown).toContainText("of which: your driver");
      await photograph(page, "checkout", mode.javaScriptEnabled);
      const total = (await page.getByTestId("checkout-total").textContent())!;
      await page.getByRole("link", { name: /Pay by card on a secure payment page/ }).click();
      await expect(page).toHaveURL(/\/stripe-checkout\?booking=/);
      if (mode.javaScriptEnabled) await open(page, page.url(), true);
      await page.getByLabel("Full name").fill("Wren Walker");
      await page.getByLabel("Phone number").fill("07400 900124");
      await page.getByRole("button", { name: `Pay ${total} securely` }).click();
      await expect(page).toHaveURL(/\/sandbox-checkout\//);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/34");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: /^Pay £/ }).click();
      await expect(page).toHaveURL(/\/booking-confirmation\?booking=/);
      // What happens next is how drivers are found now: the move is offered at once.
      await expect(page.getByText("We are offering your move now to approved drivers near your pickup")).toBeVisible();
      await expect(page.getByText(/typically 24 hours/)).toHaveCount(0);
      await photograph(page, "confirmation", mode.javaScriptEnabled);
      const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
      expect(booking).toMatchObject({ paymentState: "paid", declaredValue: 8000 });

      // 3. The move day: a driver has the job and has arrived (taking it is walked in
      // dispatch.spec.ts); they hand over with a proof of delivery.
      const driverEmail = uniqueEmail("walk-driver");
      const driverUser = await db.user.create({
        data: { username: "Drew Driver", email: driverEmail, role: "driver" },
      });
      const driver = await createDriver({
        name: "Drew Driver",
        email: driverEmail,
        phone: "07700 900771",
        vanType: "medium",
        location: "Newcastle upon Tyne",
        userId: driverUser.id,
      });
      await db.booking.update({
        where: { id: bookingId },
        data: { driverId: driver.id, status: "in_progress", trackingStatus: "arrived", moveDate: new Date() },
      });
      const driverContext = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      await driverContext.addCookies([await sessionCookieFor(driverEmail, baseURL!)]);
      const driverPage = await driverContext.newPage();
      await open(driverPage, `/driver/jobs/${bookingId}/complete`, mode.javaScriptEnabled);
      await driverPage.getByLabel("Photos of the delivery").setInputFiles(PHOTO);
      await driverPage.getByLabel("Recipient's name").fill("Wren Walker");
      if (mode.javaScriptEnabled) await drawSignature(driverPage);
      else await driverPage.getByLabel("The recipient types their name as their signature").fill("Wren Walker");
      await driverPage.getByRole("button", { name: "Complete job" }).click();
      await expect(driverPage).toHaveURL(/\/driver$/);
      await driverContext.close();

      // 4. The tracker gives the claim window's end as a date; the claim page says the same.
      await open(page, `/booking-tracker?booking=${bookingId}`, mode.javaScriptEnabled);
      const claims = page.getByTestId("claims-card");
      await expect(claims).toContainText(
        /Claims for this move close at the end of \d+ \w+ \d{4} \(7 days from delivery/,
      );
      const lastDay = (await claims.textContent())!.match(/close at the end of (\d+ \w+ \d{4})/)![1]!;
      await claims.getByRole("link", { name: "Make a claim" }).click();
      await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}/claim$`));
      if (mode.javaScriptEnabled) await open(page, page.url(), true);
      await expect(page.getByTestId("claim-limit-left")).toContainText(`close at the end of ${lastDay}`);
      await expect(page.getByTestId("claim-limit-left")).toContainText("Left of your move's limit: £20,000.00");
      await expect(page.getByLabel("Item 1: amount (£)")).toHaveAccessibleDescription(
        /You can claim up to £2,500.00 for this item \(extended cover\)/,
      );
      await page.getByLabel("Item 1: what it is and the damage").fill("Piano, leg snapped");
      await page.getByLabel("Item 1: amount (£)").fill("2400");
      await page.getByLabel("Photos of the damage").setInputFiles(PHOTO);
      await page.getByRole("button", { name: "Send claim" }).click();
      await expect(page).toHaveURL(/\/booking-tracker/);
      await expect(page.getByTestId("claims-card").getByTestId("claim-state")).toHaveText("Submitted");
      // No "15% off your next move" beside a claim, nor right after it is sent.
      if (mode.javaScriptEnabled) await page.waitForTimeout(1_500); // the pop-up's delay, had it been due
      await expect(page.getByTestId("discount-popup")).toHaveCount(0);
      await expect(page.getByTestId("discount-banner")).toHaveCount(0);
      await photograph(page, "tracker-claim", mode.javaScriptEnabled);

      // 5. The admin finds it from the menu, filters the list and makes an offer.
      const claim = await db.damageClaim.findFirstOrThrow({ where: { bookingId } });
      const adminContext = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      await adminContext.addCookies([await sessionCookieFor("admin@easymove.local", baseURL!)]);
      const adminPage = await adminContext.newPage();
      await open(adminPage, "/admin/dashboard", mode.javaScriptEnabled);
      const menu = adminPage.getByRole("navigation", { name: "Admin sections" });
      await expect(menu.getByRole("link", { name: /^Claims\W+\d+ claims? waiting for a decision$/ })).toBeVisible();
      await menu.getByRole("link", { name: /^Claims/ }).click();
      await expect(adminPage).toHaveURL(/\/admin\/claims$/);
      await adminPage.getByLabel("State").selectOption("waiting");
      await adminPage.getByLabel("Booking").fill(booking.reference);
      await adminPage.getByRole("button", { name: "Filter" }).click();
      await expect(adminPage).toHaveURL(/state=waiting/);
      const row = adminPage.getByTestId("claim-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("£2,400.00");
      await expect(row).toContainText("None yet");
      await photograph(adminPage, "admin-claims", mode.javaScriptEnabled);
      await row.getByRole("link", { name: `Open the claim on ${booking.reference}` }).click();
      await expect(adminPage).toHaveURL(new RegExp(`/admin/claims/${claim.id}$`));
      // The offer is more than is left of the payment, so part of it goes by bank transfer.
      const offerPence = booking.finalPrice + 8_400;
      const offer = `£${(offerPence / 100).toFixed(2)}`;
      await adminPage.getByLabel("Amount to offer (£)").fill((offerPence / 100).toFixed(2));
      await adminPage.getByRole("button", { name: "Send offer" }).click();
      await expect(adminPage.getByTestId("claim-state")).toHaveText("Offer made");
      // The e-mail's subject says what it is about.
      await expect
        .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 10_000 })
        .toContain(`Our offer for your claim on ${booking.reference}: ${offer}`);

      // 6. The customer: an offer not yet accepted uses none of the limit; the form for another
      // claim waits behind its button; accepting, then the bank account for the rest.
      await open(page, `/bookings/${bookingId}/claim`, mode.javaScriptEnabled);
      await expect(page.getByTestId("offer-answer")).toContainText(`We offer ${offer} for this claim.`);
      await expect(page.getByTestId("claim-limit-left")).toContainText("Left of your move's limit: £20,000.00");
      const another = page.getByTestId("another-claim");
      await expect(another.getByText("Claim for another item")).toBeVisible();
      await expect(page.getByRole("button", { name: "Send claim" })).toBeHidden();
      await photograph(page, "claim-offer", mode.javaScriptEnabled);
      await page
        .getByTestId("offer-answer")
        .getByRole("button", { name: `Accept ${offer}` })
        .click();
      await expect(page.getByTestId("claim-state")).toHaveText("Accepted");
      const left = `£${((2_000_000 - offerPence) / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
      await expect(page.getByTestId("claim-limit-left")).toContainText(`Left of your move's limit: ${left}`);
      await expect(page.getByRole("heading", { name: "Where we pay £84.00" })).toBeVisible();
      await page.getByLabel("Name on the account").fill("Wren Walker");
      await page.getByLabel("Sort code").fill("40-11-22");
      await page.getByLabel("Account number").fill("87654321");
      await page.getByRole("button", { name: "Save bank details" }).click();
      await expect(page.getByTestId("bank-details-saved")).toContainText("your account ending 4321");
      // Opening the form for another item shows it whole.
      await another.getByText("Claim for another item").click();
      await expect(page.getByRole("button", { name: "Send claim" })).toBeVisible();

      // 7. The admin pays: the card part and the bank part, each a row of the payments.
      await open(adminPage, `/admin/claims/${claim.id}`, mode.javaScriptEnabled);
      await adminPage.getByRole("button", { name: `Pay ${offer}` }).click();
      await expect(adminPage.getByTestId("claim-state")).toHaveText("Paid");
      await open(adminPage, `/admin/bookings/${bookingId}`, mode.javaScriptEnabled);
      await expect(adminPage.getByTestId("booking-claims")).toContainText("Paid");
      await adminPage.getByTestId("booking-claims").getByRole("link").click();
      await expect(adminPage).toHaveURL(new RegExp(`/admin/claims/${claim.id}$`));
      await open(adminPage, `/admin/payments?search=${booking.reference}`, mode.javaScriptEnabled);
      const payments = adminPage.getByTestId("payment-row");
      await expect(payments).toHaveCount(3);
      await expect(payments.filter({ hasText: "Compensation paid" })).toContainText(
        `£${(booking.finalPrice / 100).toFixed(2)}`,
      );
      const bank = payments.filter({ hasText: "Compensation, bank transfer" });
      await expect(bank).toContainText("£84.00");
      await expect(bank).toContainText("Next batch");
      await expect(bank.getByTestId("payment-status")).toHaveText("Pending");
      await photograph(adminPage, "admin-payments", mode.javaScriptEnabled);
      await adminContext.close();

      await open(page, `/bookings/${bookingId}/claim`, mode.javaScriptEnabled);
      await expect(page.getByTestId("claim-paid")).toContainText(
        "and £84.00 by bank transfer to your account ending 4321",
      );
    });
  });
}
