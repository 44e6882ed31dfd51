// User Management and Payment Tracking in the browser, with JavaScript on and off, on the
// seeded data: deactivate and activate a user, delete one after its confirmation (a dialog
// with JavaScript, a step of the page without), an admin's own row locked; filter payments,
// open a payment's details at a linkable URL, and download the CSV and read it back.
import fs from "node:fs";
import { parseCsv } from "../support/parse-csv";
import { expectAccessible } from "./axe";
import { expect, test, type SignIn } from "./fixtures";
import { appDb, jsModes, open, randomIp, uniqueEmail } from "./helpers";

const CONFIRM_TEXT = "Are you sure you want to delete this user? This action cannot be undone.";

async function newUser(role: "customer" | "admin" = "customer") {
  const db = await appDb();
  const email = uniqueEmail(role);
  return db.user.create({ data: { username: `E2E ${role} ${email.split("@")[0]!.slice(-8)}`, email, role } });
}

async function signInAsNewAdmin(signIn: SignIn) {
  // A fresh admin is the newest user, so its own row is on the list's first page.
  const admin = await newUser("admin");
  await signIn(admin.email);
  return admin;
}

for (const mode of jsModes) {
  test.describe(`admin users and payments ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("User Management: deactivate, activate, delete after confirming; the admin's own row is locked", async ({
      signIn,
      page,
    }) => {
      const admin = await signInAsNewAdmin(signIn);
      const user = await newUser();
      await open(page, "/admin/users", mode.javaScriptEnabled);
      // With JavaScript every change happens in place: this mark would not survive a page load.
      if (mode.javaScriptEnabled)
        await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
      for (const column of ["Username", "Email", "Role", "Active", "Created", "Actions"]) {
        await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
      }

      const own = page.locator(`[data-testid="user-row"][data-email="${admin.email}"]`);
      await expect(own.getByRole("button", { name: `Deactivate ${admin.username}` })).toBeDisabled();
      await expect(own.getByRole("button", { name: `Delete ${admin.username}` })).toBeDisabled();

      const row = page.locator(`[data-testid="user-row"][data-email="${user.email}"]`);
      await expect(row.getByTestId("user-active")).toHaveText("Yes");
      await row.getByRole("button", { name: `Deactivate ${user.username}` }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "User deactivated" })).toBeVisible();
      await expect(row.getByTestId("user-active")).toHaveText("No");
      const db = await appDb();
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isActive).toBe(false);

      await row.getByRole("button", { name: `Activate ${user.username}` }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "User activated" })).toBeVisible();
      await expect(row.getByTestId("user-active")).toHaveText("Yes");

      // Delete asks first; Cancel keeps the user.
      const deleteButton = row.getByRole(mode.javaScriptEnabled ? "button" : "link", {
        name: `Delete ${user.username}`,
      });
      await deleteButton.click();
      const question = mode.javaScriptEnabled
        ? page.getByTestId("confirm-dialog")
        : page.getByTestId("delete-confirmation");
      await expect(question).toBeVisible();
      await expect(question).toContainText(CONFIRM_TEXT);
      await expect(question).toContainText(user.email);
      if (!mode.javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`confirmDelete=${user.id}`));
      await question.getByRole(mode.javaScriptEnabled ? "button" : "link", { name: "Cancel" }).click();
      await expect(question).toBeHidden();
      await expect(row).toBeVisible();

      await deleteButton.click();
      await expect(question).toBeVisible();
      await question.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "User deleted" })).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(page).not.toHaveURL(/confirmDelete/);
      expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
      const audit = await db.auditLog.findMany({
        where: { targetType: "User", targetId: user.id },
        orderBy: { createdAt: "asc" },
      });
      expect(audit.map((entry) => entry.action)).toEqual(["user.deactivate", "user.activate", "user.delete"]);
      expect(audit.every((entry) => entry.actorId === admin.id)).toBe(true);
      if (mode.javaScriptEnabled)
        expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    });

    test("a change that fails says so in a toast titled Error: 'Failed to update user status', 'Failed to delete user'", async ({
      signIn,
      page,
    }) => {
      await signInAsNewAdmin(signIn);
      const db = await appDb();
      const [first, second] = [await newUser(), await newUser()];
      await open(page, "/admin/users", mode.javaScriptEnabled);
      const rowOf = (email: string) => page.locator(`[data-testid="user-row"][data-email="${email}"]`);
      const errorToast = (text: string) => page.getByTestId("toast").filter({ hasText: text });

      // Another admin deleted them while this page was open.
      await db.user.delete({ where: { id: first.id } });
      await rowOf(first.email)
        .getByRole("button", { name: `Deactivate ${first.username}` })
        .click();
      await expect(errorToast("Failed to update user status")).toContainText("Error");
      await expect(errorToast("Failed to update user status")).toContainText("User not found");

      await rowOf(second.email)
        .getByRole(mode.javaScriptEnabled ? "button" : "link", { name: `Delete ${second.username}` })
        .click();
      const question = mode.javaScriptEnabled
        ? page.getByTestId("confirm-dialog")
        : page.getByTestId("delete-confirmation");
      await expect(question).toContainText(CONFIRM_TEXT);
      await db.user.delete({ where: { id: second.id } });
      await question.getByRole("button", { name: "Delete" }).click();
      await expect(errorToast("Failed to delete user")).toContainText("Error");
      await expect(errorToast("Failed to delete user")).toContainText("User not found");
    });

    test("Payment Tracking: filter by status and search, open a payment's details at a linkable URL", async ({
      signIn,
      page,
    }) => {
      await signInAsNewAdmin(signIn);
      await open(page, "/admin/payments", mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Payment Tracking" })).toBeVisible();
      for (const column of ["Customer", "Amount", "Status", "Payment ID", "Date"]) {
        await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
      }
      const rows = page.getByTestId("payment-row");
      await expect(rows.first()).toBeVisible();
      await expect(rows.first().locator("td").nth(1)).toHaveText(
        /^£[\d,]+\.\d{2}(Refund|Compensation paid|Compensation, bank transfer)?(Test)?$/,
      ); // the kind, and "Test" for the sandbox
      await expect(rows.first().locator("td").nth(4)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
      await expect(page.locator('[data-testid="payment-status"][data-status="succeeded"]').first()).toHaveClass(
        /bg-green-100/,
      );

      await page.getByLabel("Status").selectOption("failed");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/status=failed/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Alice Johnson");
      await expect(rows.first().getByTestId("payment-status")).toHaveText("Failed");
      await expect(rows.first().getByTestId("payment-status")).toHaveClass(/bg-red-100/);

      await page.getByLabel("Status").selectOption("");
      await page.getByLabel("Search").fill("ben@example.com");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/search=ben%40example\.com/);
      await expect(rows).toHaveCount(2);
      for (const row of await rows.all()) await expect(row).toContainText("Ben Carter");

      await rows.first().getByRole("link", { name: "Ben Carter" }).click();
      await expect(page).toHaveURL(/payment=/);
      const panel = page.getByTestId("payment-details");
      await expect(panel.getByRole("heading", { name: "Payment Details" })).toBeVisible();
      await expect(panel.getByTestId("detail-customer")).toHaveText("Ben Carter");
      await expect(panel.getByTestId("detail-email")).toHaveText("ben@example.com");
      await expect(panel.getByTestId("detail-amount")).toHaveText(/^£[\d,]+\.\d{2}$/);
      await expect(panel.getByTestId("detail-method")).not.toBeEmpty();
      await expect(panel.getByTestId("detail-created")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
      await expect(panel.getByTestId("detail-updated")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
      await expect(panel.getByTestId("detail-booking-status")).not.toBeEmpty();
      await expect(panel.getByRole("link", { name: "View Booking Details" })).toHaveAttribute(
        "href",
        /^\/admin\/bookings\/[\w-]+$/,
      );
      const reference = await panel.getByTestId("detail-booking").innerText();
      expect(reference).toMatch(/^EM-[A-Z0-9]{6}$/);

      // The URL alone opens the same panel, filters kept.
      const linkable = page.url();
      await page.goto(linkable);
      await expect(page.getByTestId("payment-details")).toContainText("ben@example.com");
      await expect(page.getByLabel("Search")).toHaveValue("ben@example.com");
      await page.getByTestId("payment-details").getByRole("link", { name: "Close" }).click();
      await expect(page.getByTestId("payment-details")).toHaveCount(0);
      await expect(page).not.toHaveURL(/payment=/);

      await page.getByTestId("payment-row").first().getByRole("link", { name: "Ben Carter" }).click();
      await page.getByTestId("payment-details").getByRole("link", { name: "View Booking Details" }).click();
      await expect(page).toHaveURL(/\/admin\/bookings\/[\w-]+$/);
      await expect(page.getByRole("main")).toContainText(reference);
    });

    // axe runs as a script in the page, so only with JavaScript; the markup is the server's either way.
    if (mode.javaScriptEnabled)
      test("both screens pass axe (WCAG 2.1 AA) with the confirmation step and the details panel open", async ({
        signIn,
        page,
      }) => {
        await signInAsNewAdmin(signIn);
        const user = await newUser();
        const db = await appDb();
        const payment = await db.payment.findFirstOrThrow({ where: { customerEmail: "ben@example.com" } });
        for (const path of [`/admin/users?confirmDelete=${user.id}`, `/admin/payments?payment=${payment.id}`]) {
          await open(page, path, mode.javaScriptEnabled);
          await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
          await expectAccessible(page, { label: path });
        }
      });

    test("Export to CSV downloads the filtered list, escaped and formula-safe", async ({ page, signIn }) => {
      await signInAsNewAdmin(signIn);
      const db = await appDb();
      const tag = `csv${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const tricky = `O'Neil, "Big" Removals\nLtd ${tag}`;
      const formula = `=HYPERLINK("http://evil.example") ${tag}`;
      for (const [index, customerName] of [tricky, formula].entries()) {
        await db.payment.create({
          data: {
            provider: "sandbox",
            providerPaymentId: `sbx_${tag}_${index}`,
            amountPence: 4999 + index,
            status: "pending",
            method: "card",
            customerName,
            customerEmail: `${tag}@example.com`,
          },
        });
      }

      await open(page, `/admin/payments?search=${tag}`, mode.javaScriptEnabled);
      await expect(page.getByTestId("payment-row")).toHaveCount(2);
      const downloadPromise = page.waitForEvent("download");
      await page.getByRole("link", { name: "Export to CSV" }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
      const [header, ...records] = parseCsv(text);
      expect(header!.slice(0, 5)).toEqual(["Customer Name", "Customer Email", "Amount (GBP)", "Status", "Payment ID"]);
      expect(records.map((record) => record[0])).toEqual([`'${formula}`, tricky]);
      expect(records.map((record) => record.slice(2, 5))).toEqual([
        ["50.00", "pending", `sbx_${tag}_1`],
        ["49.99", "pending", `sbx_${tag}_0`],
      ]);
    });
  });
}
