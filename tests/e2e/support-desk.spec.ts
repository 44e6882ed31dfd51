// The support desk in the browser, with JavaScript on and off: a customer writes to support
// from the tracker, an admin answers on /admin/support, the customer reads the answer on the
// tracker and replies; a visitor's "Live chat" from the FAQ is a contact form.
import { expect, test } from "./fixtures";
import { appDb, jsModes, open, todaysMove, uniqueEmail, expectFormError, randomIp } from "./helpers";

async function customerBooking() {
  const db = await appDb();
  const customer = await db.user.create({ data: { username: "Sol Support", email: uniqueEmail("support-customer") } });
  const reference = `EM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const booking = await db.booking.create({
    data: {
      reference,
      customerId: customer.id,
      status: "pending",
      paymentState: "paid",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
      ...todaysMove(),
      vanSize: "small",
      distanceTenths: 25,
      estimatedHours: 2,
      customerName: "Sol Support",
      customerEmail: customer.email,
      subTotal: 8000,
      platformFee: 2000,
      driverShare: 6000,
      vatAmount: 1600,
      originalPrice: 9600,
      finalPrice: 9600,
    },
  });
  return { customer, booking, reference };
}

for (const { name, javaScriptEnabled } of jsModes) {
  test.describe(`support desk ${name}`, () => {
    test("a customer asks from the tracker, an admin answers on the desk, the customer reads it and replies", async ({
      signedInPage,
    }) => {
      test.slow();
      const { customer, booking, reference } = await customerBooking();
      const customerPage = await signedInPage(customer.email, { javaScriptEnabled });
      await open(customerPage, `/booking-tracker?booking=${booking.id}`, javaScriptEnabled);
      const help = customerPage.getByTestId("help-support");
      await help.locator("summary").click();
      await help.getByLabel("How can we help?").fill("Can the driver call me first?");
      await help.getByRole("button", { name: "Contact support" }).click();
      // Sent (wait for it: leaving the page at once could cancel the script's post), the
      // tracker lists it under the customer's messages with support.
      const db = await appDb();
      await expect.poll(() => db.supportRequest.count({ where: { bookingId: booking.id } })).toBe(1);
      await open(customerPage, `/booking-tracker?booking=${booking.id}`, javaScriptEnabled);
      await expect(customerPage.locator("#support")).toContainText("Can the driver call me first?");

      const adminPage = await signedInPage("admin@easymove.local", { javaScriptEnabled });
      await open(adminPage, "/admin/support", javaScriptEnabled);
      const ticket = adminPage.getByTestId("ticket").filter({ hasText: reference });
      await expect(ticket.getByTestId("ticket-thread")).toContainText("Can the driver call me first?");
      await ticket.getByLabel("Reply to the customer").fill("Yes, about 30 minutes before.");
      await ticket.getByRole("button", { name: "Send reply" }).click();
      await expect(adminPage.getByTestId("toast").filter({ hasText: "Reply sent" }).first()).toBeVisible();
      // Answered, it waits on the customer (and leaves the open list).
      await open(adminPage, "/admin/support?status=waiting_on_customer", javaScriptEnabled);
      await expect(adminPage.getByTestId("ticket").filter({ hasText: reference })).toContainText("Waiting on customer");

      await open(customerPage, `/booking-tracker?booking=${booking.id}`, javaScriptEnabled);
      const thread = customerPage.locator("#support").getByTestId("ticket");
      await expect(thread.getByTestId("ticket-thread")).toContainText("Yes, about 30 minutes before.");
      await expect(thread.getByTestId("ticket-status")).toHaveText("Waiting on customer");
      await thread.getByLabel("Reply to support").fill("Perfect, thank you.");
      await thread.getByRole("button", { name: "Send reply" }).click();
      await expect(thread.getByTestId("ticket-thread")).toContainText("Perfect, thank you.");
      await expect(thread.getByTestId("ticket-status")).toHaveText("Open");

      // The admin resolves it.
      await open(adminPage, "/admin/support", javaScriptEnabled);
      const again = adminPage.getByTestId("ticket").filter({ hasText: reference });
      await again.getByLabel("Status").selectOption("resolved");
      await again.getByRole("button", { name: "Set status" }).click();
      await expect(adminPage.getByTestId("toast").filter({ hasText: "Status changed" }).first()).toBeVisible();
    });

    test("a visitor's live chat is a contact form: refused with the reason and the text kept, then sent", async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        baseURL,
        extraHTTPHeaders: { "X-Forwarded-For": randomIp() },
      });
      const page = await context.newPage();
      await open(page, "/#faq", javaScriptEnabled);
      await page.getByRole("link", { name: "Live chat" }).click();
      await expect(page).toHaveURL(/\/support$/);
      await expect(page.getByRole("heading", { name: "Contact support", level: 1 })).toBeVisible();
      await page.getByLabel("Your name").fill("Vic Visitor");
      await page.getByLabel("Your email address").fill("vic@");
      await page.getByLabel("How can we help?").fill("Do you move pianos?");
      await page.getByRole("button", { name: "Send message" }).click();
      await expectFormError(page, "Enter a valid e-mail address, like name@example.com.");
      await expect(page.getByLabel("How can we help?")).toHaveValue("Do you move pianos?");
      await page.getByLabel("Your email address").fill(uniqueEmail("vic"));
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("status").filter({ hasText: "usually within the hour" }).first()).toBeVisible();
      await context.close();
    });
  });
}
