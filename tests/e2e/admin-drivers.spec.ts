// /admin/drivers (Driver Management) in the browser, with JavaScript off and on, on the seeded
// drivers: the cards and their details, the documents opening in a new tab through the
// authenticated route, the disabled button of the current status, approving (account and
// set-password e-mail) and declining, the failure toast, the empty state.
import { createDriver } from "../support/factories";
import { expectAccessible } from "./axe";
import { expect, request, test, type Locator, type Page } from "./fixtures";
import { appDb, jsModes, mailsTo, open, randomIp } from "./helpers";

const ADMIN_EMAIL = "admin@easymove.local"; // prisma/seed.ts

const card = (page: Page, name: string) =>
  page.getByTestId("driver-card").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
const detail = (driverCard: Locator, name: string) => driverCard.getByTestId(`driver-${name}`);
const approve = (driverCard: Locator) => driverCard.getByRole("button", { name: /^(Approve|Approving…)$/ });
const decline = (driverCard: Locator) => driverCard.getByRole("button", { name: /^(Decline|Declining…)$/ });

let counter = 0;

/** A fresh application, "applied" just now so it heads the list. */
async function newApplicant(label: string) {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return createDriver({
    approvalStatus: "pending",
    name: `${label} ${id}`,
    email: `${label.toLowerCase().replace(/\W+/g, "-")}-${id}@example.com`,
    phone: "07700 900999",
    experience: "1-3",
    vanType: "small",
    location: "Durham",
    createdAt: new Date(Date.now() + 60_000),
  });
}

for (const mode of jsModes) {
  test.describe(`/admin/drivers ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test.beforeEach(async ({ signIn }) => {
      await signIn(ADMIN_EMAIL);
    });

    test("shows one card per seeded application, with the current status's button disabled", async ({ page }) => {
      await open(page, "/admin/drivers", mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Driver Management" })).toBeVisible();
      await expect(page).toHaveTitle(/Driver Management/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin/dashboard");

      const mark = card(page, "Mark Wilson");
      await expect(mark.getByTestId("driver-status")).toHaveText("approved");
      await expect(mark).toContainText(/Applied on \d{1,2} [A-Z][a-z]+ \d{4}/);
      await expect(detail(mark, "email")).toHaveText("mark.driver@example.com");
      await expect(detail(mark, "phone")).toHaveText("07400 900101");
      await expect(detail(mark, "experience")).toHaveText("5+ years");
      await expect(detail(mark, "van-type")).toHaveText("Luton Van");
      await expect(detail(mark, "location")).toHaveText("Newcastle upon Tyne");
      await expect(detail(mark, "rating")).toHaveText("5.0"); // the average of his one seeded rating
      await expect(detail(mark, "completed-jobs")).toHaveText("212");
      await expect(approve(mark)).toBeDisabled();
      await expect(decline(mark)).toBeEnabled();
      await expect(mark).not.toContainText("Driver application declined");

      const sarah = card(page, "Sarah Ahmed");
      await expect(sarah.getByTestId("driver-status")).toHaveText("pending");
      await expect(detail(sarah, "rating")).toHaveText("N/A");
      await expect(detail(sarah, "completed-jobs")).toHaveText("0");
      await expect(approve(sarah)).toBeEnabled();
      await expect(decline(sarah)).toBeEnabled();

      const kevin = card(page, "Kevin Moore");
      await expect(kevin.getByTestId("driver-status")).toHaveText("declined");
      await expect(kevin).toContainText("Driver application declined");
      await expect(decline(kevin)).toBeDisabled();
      await expect(approve(kevin)).toBeEnabled();

      // Newest application first (the seed spaces them five days apart).
      const names = await page.getByTestId("driver-card").getByRole("heading", { level: 2 }).allTextContents();
      expect(names.indexOf("Kevin Moore")).toBeLessThan(names.indexOf("Mark Wilson"));

      // No serious or critical accessibility problem (axe, WCAG 2.1 A and AA; it runs as a
      // script, so once, on the same server-rendered cards).
      if (!mode.javaScriptEnabled) return;
      await expectAccessible(page);
    });

    test("document links open in a new tab through the authenticated route", async ({ page, context, baseURL }) => {
      await open(page, "/admin/drivers", mode.javaScriptEnabled);
      const links = card(page, "Mark Wilson").getByTestId("driver-documents").getByRole("link");
      await expect(links).toHaveText([
        /Driver's licence/,
        /Insurance certificate/,
        /Public liability insurance/,
        /Vehicle photo/,
      ]);
      const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
      // Stored as an application stores them: "uploads/<64 hex>.<type>".
      expect(hrefs).toEqual([
        expect.stringMatching(/^\/uploads\/[a-f0-9]{64}\.pdf$/),
        expect.stringMatching(/^\/uploads\/[a-f0-9]{64}\.pdf$/),
        expect.stringMatching(/^\/uploads\/[a-f0-9]{64}\.pdf$/),
        expect.stringMatching(/^\/uploads\/[a-f0-9]{64}\.png$/),
      ]);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /noopener/);
      }

      const [popup] = await Promise.all([context.waitForEvent("page"), links.last().click()]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe(hrefs[3]);
      await popup.close();
      const pdf = await page.request.get(hrefs[0]!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      // Private: the same link without the admin's session is refused.
      const stranger = await request.newContext({ baseURL });
      expect((await stranger.get(hrefs[0]!)).status()).toBe(401);
      await stranger.dispose();

      await newApplicant("No Docs");
      await open(page, "/admin/drivers", mode.javaScriptEnabled);
      await expect(page.getByTestId("driver-card").first()).toContainText("No documents attached");
    });

    test("Approve makes the driver's account and e-mails a set-password link; Decline disables it", async ({
      page,
    }) => {
      const applicant = await newApplicant(mode.javaScriptEnabled ? "Approve Js" : "Approve NoJs");
      await open(page, "/admin/drivers", mode.javaScriptEnabled);
      await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 1)).catch(() => {});
      const applicantCard = card(page, applicant.name);
      await expect(applicantCard.getByTestId("driver-status")).toHaveText("pending");

      await approve(applicantCard).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Driver approved" })).toBeVisible();
      await expect(applicantCard.getByTestId("driver-status")).toHaveText("approved");
      await expect(approve(applicantCard)).toBeDisabled();
      await expect(decline(applicantCard)).toBeEnabled();
      if (mode.javaScriptEnabled) {
        // A fetcher: the page was not loaded again.
        expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      } else {
        await expect(page).toHaveURL(/\/admin\/drivers$/);
      }

      const db = await appDb();
      const row = await db.driver.findUniqueOrThrow({ where: { id: applicant.id }, include: { user: true } });
      expect(row.user).toMatchObject({ email: applicant.email, role: "driver", passwordHash: null, isActive: true });
      const mails = await mailsTo(applicant.email);
      expect(mails).toHaveLength(1);
      const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mails[0]!.text)?.[0];
      expect(link).toBeTruthy();
      expect(
        await db.auditLog.count({ where: { targetType: "Driver", targetId: applicant.id, action: "driver.approve" } }),
      ).toBe(1);

      await decline(applicantCard).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Driver declined" })).toBeVisible();
      await expect(applicantCard.getByTestId("driver-status")).toHaveText("declined");
      await expect(applicantCard).toContainText("Driver application declined");
      await expect(decline(applicantCard)).toBeDisabled();
      await expect(approve(applicantCard)).toBeEnabled();
      expect((await db.user.findUniqueOrThrow({ where: { id: row.userId! } })).isActive).toBe(false);
      expect(
        await db.auditLog.count({ where: { targetType: "Driver", targetId: applicant.id, action: "driver.decline" } }),
      ).toBe(1);
      // The set-password link, then the decline.
      expect((await mailsTo(applicant.email, 2)).map((mail) => mail.subject)).toEqual([
        "Your EasyMove driver application is approved: set your password",
        "Your EasyMove driver application",
      ]);
    });

    test("the set-password link from the approval e-mail lets the new driver in", async ({ page, context }) => {
      const applicant = await newApplicant(mode.javaScriptEnabled ? "Password Js" : "Password NoJs");
      await open(page, "/admin/drivers", mode.javaScriptEnabled);
      await approve(card(page, applicant.name)).click();
      await expect(card(page, applicant.name).getByTestId("driver-status")).toHaveText("approved");
      const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec((await mailsTo(applicant.email))[0]!.text)![0];

      await context.clearCookies();
      await open(page, new URL(link).pathname, mode.javaScriptEnabled);
      await page.getByLabel("New Password", { exact: true }).fill("driver-password-1");
      await page.getByLabel("Confirm Password").fill("driver-password-1");
      await page.getByRole("button", { name: "Set New Password" }).click();
      await expect(page).toHaveURL(/\/signin/);
      const db = await appDb();
      expect((await db.user.findUniqueOrThrow({ where: { email: applicant.email } })).passwordHash).toBeTruthy();
    });

    test("a failed update says 'Failed to update driver status to approved'", async ({ page }) => {
      const applicant = await newApplicant(mode.javaScriptEnabled ? "Gone Js" : "Gone NoJs");
      await open(page, "/admin/drivers", mode.javaScriptEnabled);
      await expect(card(page, applicant.name)).toBeVisible();
      // Withdrawn while the page was open: the update finds no driver.
      await (await appDb()).driver.delete({ where: { id: applicant.id } });
      await approve(card(page, applicant.name)).click();
      await expect(
        page.getByTestId("toast").filter({ hasText: "Failed to update driver status to approved" }),
      ).toBeVisible();
    });

    test("a page past the end shows the empty state", async ({ page }) => {
      await open(page, "/admin/drivers?page=999", mode.javaScriptEnabled);
      await expect(page.getByText("No drivers found")).toBeVisible();
      await expect(page.getByText("No driver applications have been submitted yet.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
    });
  });
}

test("/admin/drivers is for admins: a visitor goes to /admin/login, a customer to /", async ({ signIn, page }) => {
  await page.goto("/admin/drivers");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdrivers$/);
  await signIn("ben@example.com");
  await page.goto("/admin/drivers");
  await expect(page).toHaveURL(/\/$/);
});
