// The admin screens fit the window, on a laptop and on a phone: wide tables scroll inside
// their card and never widen the page.
import { expect, test } from "./fixtures";
import { appDb } from "./helpers";

const SCREENS = ["/admin/dashboard", "/admin/bookings", "/admin/drivers", "/admin/users", "/admin/payments"];

for (const width of [1280, 390]) {
  test(`no admin screen is wider than a ${width} px window`, async ({ browser, signIn }) => {
    const db = await appDb();
    const admin = await db.user.findFirstOrThrow({ where: { role: "admin", isActive: true } });
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await signIn(admin.email, { context });
    const page = await context.newPage();
    // A long e-mail address must wrap, not widen the page.
    await db.driver.create({
      data: {
        name: "Maximilian Alexander Worthington-Smythe",
        email: `a.very.long.applicant.address.${Date.now()}@example-long-domain.co.uk`,
        phone: "07700900123",
        experience: "3-5",
        vanType: "large",
        location: "Newcastle upon Tyne",
        approvalStatus: "pending",
        agreementAcceptedAt: new Date(),
      },
    });
    for (const path of SCREENS) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    if (width === 1280) {
      // On a laptop the bookings table fits its card: no column (the driver's Assign) is off screen.
      await page.goto("/admin/bookings");
      const table = page.getByRole("table");
      const [tableWidth, cardWidth] = await table.evaluate((node) => [
        node.scrollWidth,
        node.parentElement!.clientWidth,
      ]);
      expect(tableWidth).toBeLessThanOrEqual(cardWidth);
      await expect(page.getByRole("button", { name: /^Assign driver to/ }).first()).toBeInViewport();
    }
    await context.close();
  });
}
