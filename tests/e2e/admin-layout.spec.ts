// The admin screens fit the window, on a laptop and on a phone: no table cuts its text. On a
// laptop each table fits its card; on a phone each row is a card of its own (its cells' names
// beside their values), so nothing is hidden past the edge of a sideways scroller. No cell
// clips what it holds.
import { createDriver } from "../support/factories";
import { expect, test } from "./fixtures";
import { appDb } from "./helpers";

const SCREENS = [
  "/admin/dashboard",
  "/admin/bookings",
  "/admin/claims",
  "/admin/drivers",
  "/admin/users",
  "/admin/payments",
  "/admin/payouts",
  "/admin/messages",
  "/admin/support",
];

/** Long values where they make tables widest: an applicant's address, a claim paid partly by bank. */
async function longRows() {
  const db = await appDb();
  const stamp = Date.now();
  await createDriver({
    name: "Maximilian Alexander Worthington-Smythe",
    email: `a.very.long.applicant.address.${stamp}@example-long-domain.co.uk`,
    phone: "07700900123",
    vanType: "large",
    location: "Newcastle upon Tyne",
    approvalStatus: "pending",
  });
  const customer = await db.user.create({
    data: {
      username: `long${stamp}`,
      email: `a.customer.with.a.long.address.${stamp}@example-long-domain.co.uk`,
      passwordHash: "x",
      role: "customer",
    },
  });
  const booking = await db.booking.create({
    data: {
      reference: `EM-L${String(stamp).slice(-5)}`,
      customerId: customer.id,
      status: "completed",
      paymentState: "paid",
      completedAt: new Date(),
      pickupAddress: "Flat 12, Worthington House, 118 Kensington Church Street, London W8 4BH",
      deliveryAddress: "The Old Rectory, 4 Great Chesterford Lane, Saffron Walden CB10 1PL",
      moveDate: new Date(),
      vanSize: "large",
      distanceTenths: 520,
      estimatedHours: 5,
      customerName: "Maximilian Alexander Worthington-Smythe",
      customerEmail: customer.email,
      subTotal: 40_000,
      platformFee: 10_000,
      driverShare: 30_000,
      vatAmount: 2_000,
      originalPrice: 42_000,
      finalPrice: 42_000,
      declaredValue: 8000,
    },
  });
  const charge = await db.payment.create({
    data: {
      bookingId: booking.id,
      provider: "sandbox",
      providerPaymentId: `sbx_pi_layout_${stamp}_with_a_long_identifier`,
      amountPence: 42_000,
      status: "succeeded",
      method: "card",
      customerName: booking.customerName!,
      customerEmail: customer.email,
    },
  });
  const ticket = await db.supportRequest.create({
    data: { bookingId: booking.id, userId: customer.id, kind: "claim", message: "Piano, leg snapped" },
  });
  const claim = await db.damageClaim.create({
    data: {
      bookingId: booking.id,
      customerId: customer.id,
      ticketId: ticket.id,
      state: "paid",
      declaredValue: 8000,
      claimedPence: 250_000,
      payablePence: 250_000,
      offeredPence: 250_000,
      refundPence: 42_000,
      bankPence: 208_000,
      paidAt: new Date(),
      bankAccountLast4: "4321",
    },
  });
  await db.payment.create({
    data: {
      bookingId: booking.id,
      provider: "sandbox",
      providerPaymentId: `sbx_re_layout_${stamp}_with_a_long_identifier`,
      amountPence: 42_000,
      status: "refunded",
      method: "compensation",
      refundOfId: charge.id,
      damageClaimId: claim.id,
      customerName: booking.customerName!,
      customerEmail: customer.email,
    },
  });
  return { charge };
}

test.describe("admin screens", () => {
  let openPayment = "";
  test.beforeAll(async () => {
    openPayment = `/admin/payments?payment=${(await longRows()).charge.id}`;
  });

  for (const width of [1280, 390]) {
    test(`no admin screen is wider than a ${width} px window, and no table cuts its text`, async ({
      browser,
      signIn,
    }) => {
      const db = await appDb();
      const admin = await db.user.findFirstOrThrow({ where: { role: "admin", isActive: true } });
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await signIn(admin.email, { context });
      const page = await context.newPage();
      // The payments list beside an open payment's details is the narrowest a table gets.
      for (const path of [...SCREENS, openPayment]) {
        await page.goto(path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll("main table")].flatMap((table) => {
            const name = table.closest("[aria-label]")?.getAttribute("aria-label") ?? table.getAttribute("data-testid");
            const box = table.parentElement!;
            const problems: string[] = [];
            if (table.scrollWidth > box.clientWidth + 1)
              problems.push(`${name}: ${table.scrollWidth} px wide in ${box.clientWidth} px`);
            for (const cell of table.querySelectorAll("td, th"))
              if (cell.scrollWidth > cell.clientWidth + 1)
                problems.push(`${name}: "${cell.textContent?.trim().slice(0, 40)}" is cut`);
            return problems;
          }),
        );
        expect(cut, path).toEqual([]);
      }
      await page.goto("/admin/payments?search=Worthington");
      await expect(page.getByText("Compensation, bank transfer")).toBeVisible();
      await expect(page.getByText("Compensation paid")).toBeVisible();
      await page.screenshot({ path: `test-results/screens/admin-payments-${width}.png`, fullPage: true });
      await page.goto("/admin/claims");
      await page.screenshot({ path: `test-results/screens/admin-claims-${width}.png`, fullPage: true });
      if (width === 1280) {
        // On a laptop the bookings table fits its card: no column (the driver's Assign) is off screen.
        await page.goto("/admin/bookings");
        await expect(page.getByRole("link", { name: /^Assign driver to/ }).first()).toBeInViewport();
      }
      await context.close();
    });
  }
});
