// /admin/messages in the browser, with JavaScript on and off: a dead e-mail (a mailbox that did
// not exist) is found by filtering on its state and recipient, sent again once its account's
// address is fixed, and the app server's queue delivers it. The dashboard links to the list.
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { appDb, jsModes, mailsTo, open, randomIp, uniqueEmail } from "./helpers";

/** An account whose password-reset e-mail went to a mailbox that did not exist: dead. */
async function deadResetMessage() {
  const db = await appDb();
  const wrong = uniqueEmail("wrong");
  const user = await db.user.create({ data: { username: "Dora Dead-Letter", email: wrong } });
  const id = `msg${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await db.message.create({
    data: {
      id,
      key: `password-reset:${user.id}:${id}`,
      kind: "password-reset",
      refs: { userId: user.id },
      headerId: `<${id}@easymove.example>`,
      userId: user.id,
      recipient: wrong,
      subject: "Reset your EasyMove password",
      state: "dead",
      tries: 1,
      lastError: "Can't send mail - all recipients were rejected: 550 5.1.1 No such mailbox",
      lastTriedAt: new Date(),
      deadAt: new Date(),
    },
  });
  return { user, wrong, messageId: id };
}

for (const mode of jsModes) {
  test.describe(`admin messages ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("a dead message is found by its state and recipient, and sent again once its address is fixed", async ({
      signIn,
      page,
    }) => {
      const { user, wrong, messageId } = await deadResetMessage();
      const db = await appDb();
      const admin = await db.user.findFirstOrThrow({ where: { role: "admin", isActive: true } });
      await signIn(admin.email);

      await open(page, "/admin/dashboard", mode.javaScriptEnabled);
      await expect(page.getByTestId("message-summary")).toContainText(/\d+ dead/);
      await page.getByRole("link", { name: "See the messages" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();

      const filters = page.getByRole("search", { name: "Filter messages" });
      await filters.getByLabel("State").selectOption("dead");
      await filters.getByLabel("Recipient").fill(wrong);
      await filters.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/state=dead/);
      const row = page.getByTestId("message-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Reset your EasyMove password");
      await expect(row).toContainText(wrong);
      await expect(row).toContainText("Dead");
      await expect(row).toContainText("No such mailbox");

      const fixed = uniqueEmail("fixed");
      await db.user.update({ where: { id: user.id }, data: { email: fixed } });
      await row.getByRole("button", { name: /Send again/ }).click();
      await expect(page.getByText("Message queued again")).toBeVisible();
      // The queue's worker sends it to the address as it is now.
      const [mail] = await mailsTo(fixed);
      expect(mail!.subject).toBe("Reset your EasyMove password");
      await expect
        .poll(async () => (await db.message.findUniqueOrThrow({ where: { id: messageId } })).state)
        .toBe("sent");
      expect(await db.auditLog.count({ where: { action: "message.resend", targetId: messageId } })).toBe(1);
    });
  });
}

test("the messages page has no serious accessibility violation", async ({ signIn, page }) => {
  await deadResetMessage();
  const db = await appDb();
  const admin = await db.user.findFirstOrThrow({ where: { role: "admin", isActive: true } });
  await signIn(admin.email);
  await page.goto("/admin/messages?state=dead");
  await expectAccessible(page);
});
