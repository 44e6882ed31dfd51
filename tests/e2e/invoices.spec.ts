// The VAT invoice in a browser, JavaScript on and off: from the customer's
// bookings to the invoice page, a too-long company name refused with its message beside the
// field (what was typed kept), then the invoice issued with the company and billing address
// and downloaded as a PDF; the receipt page links to it.
import { expect, test } from "./fixtures";
import { appDb, jsModes, open, randomIp } from "./helpers";

async function paidMove(email: string) {
  const db = await appDb();
  const customer = await db.user.findUniqueOrThrow({ where: { email } });
  const booking = await db.booking.create({
    data: {
      reference: `EM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      customerId: customer.id,
      paymentState: "paid",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
      moveDate: new Date(Date.now() + 14 * 86_400_000),
      vanSize: "medium",
      distanceTenths: 25,
      estimatedHours: 2,
      customerName: "Ivy Invoice",
      customerEmail: email,
      subTotal: 8000,
      platformFee: 2000,
      driverShare: 6000,
      vatAmount: 400,
      originalPrice: 8400,
      finalPrice: 8400,
    },
  });
  await db.payment.create({
    data: {
      bookingId: booking.id,
      amountPence: 8400,
      status: "succeeded",
      provider: "sandbox",
      method: "card",
      providerPaymentId: `sbx_pi_invoice_${booking.id}`,
      customerName: "Ivy Invoice",
      customerEmail: email,
    },
  });
  return booking;
}

for (const mode of jsModes) {
  test.describe(`VAT invoice ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("asked for from the bookings list, with a company and billing address, then downloaded", async ({
      page,
      newCustomer,
    }) => {
      const email = await newCustomer({ prefix: "invoice" });
      const booking = await paidMove(email);
      await open(page, "/bookings", mode.javaScriptEnabled);
      await page.getByRole("link", { name: `VAT invoice for ${booking.reference}` }).click();
      await expect(page).toHaveURL(`/bookings/${booking.id}/invoice`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`VAT invoice for booking ${booking.reference}`);
      if (mode.javaScriptEnabled) await open(page, page.url(), true);

      const company = page.getByLabel("Company name (optional)");
      const address = page.getByLabel("Billing address (optional)");
      await company.fill("C".repeat(121));
      await address.fill("Unit 4, Quayside, Newcastle NE1 3DX");
      await page.getByRole("button", { name: "Issue my VAT invoice" }).click();
      await expect(company).toHaveAttribute("aria-invalid", "true");
      await expect(company).toHaveAccessibleDescription(/The company name can be at most 120 characters/);
      await expect(address).toHaveValue("Unit 4, Quayside, Newcastle NE1 3DX");

      await company.fill("Acme Buyer Ltd");
      await page.getByRole("button", { name: "Issue my VAT invoice" }).click();
      const link = page.getByTestId("download-invoice");
      await expect(link).toHaveText(/^Download VAT invoice INV-\d{6} \(PDF\)$/);
      await expect(page.getByRole("button", { name: "Issue my VAT invoice" })).toHaveCount(0);
      const number = (await link.textContent())!.match(/INV-\d{6}/)![0];

      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe(`${number}.pdf`);
      const pdf = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of pdf) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");

      const db = await appDb();
      expect(await db.invoice.findFirstOrThrow({ where: { bookingId: booking.id } })).toMatchObject({
        companyName: "Acme Buyer Ltd",
        billingAddress: "Unit 4, Quayside, Newcastle NE1 3DX",
      });

      await open(page, `/booking-receipt?booking=${booking.id}`, mode.javaScriptEnabled);
      await expect(page.getByRole("link", { name: "VAT invoice (PDF)" })).toHaveAttribute(
        "href",
        `/bookings/${booking.id}/invoice`,
      );
    });
  });
}
