// EasyMove for Business: opening an account, inviting colleagues by e-mail and joining with the
// link, the users page's roles and refusals, and the dashboard's orders: a booker's own, the
// account's for its owner, never another account's.
import { describe, expect, it } from "vitest";
import { BUSINESS_MESSAGES, MAX_BUSINESS_USERS } from "~/domain/business";
import * as dashboard from "~/routes/business+/_index";
import * as join from "~/routes/business+/join.$token";
import * as signup from "~/routes/business+/signup";
import * as users from "~/routes/business+/users";
import { businessUserOf, inviteToAccount } from "~/server/business/accounts.server";
import { db } from "~/server/platform/db.server";
import { call, createAccount, formRequest, getRequest, sessionCookie, unique } from "./auth-helpers";
import { createBooking } from "./factories";
import { readOutbox } from "./messages";

type Account = Awaited<ReturnType<typeof createAccount>>;

async function openAccount(owner: Account, companyName = `Shop ${unique()}`) {
  const cookie = await sessionCookie(owner);
  const answer = await call(
    signup.action,
    formRequest(
      "/business/signup",
      { companyName, vatNumber: "gb 123 4567 89", billingAddress: "1 Grey Street\nNewcastle NE1 6EE" },
      { cookie },
    ),
  );
  expect(answer.location).toBe("/business");
  const member = await businessUserOf(owner);
  return { cookie, member: member!, companyName };
}

/** Invites `email` as `role` and returns the link's token from the e-mail. */
async function invite(cookie: string, email: string, role = "booker") {
  const answer = await call(
    users.action,
    formRequest("/business/users", { intent: "invite", email, role }, { cookie }),
  );
  expect(answer.status).toBeLessThan(400);
  const [mail] = (await readOutbox(email)).slice(-1);
  const link = /\/business\/join\/([\w-]+)/.exec(mail!.text)!;
  return { mail: mail!, token: link[1]! };
}

describe("business accounts", () => {
  it("opens an account with the signed-in customer as its owner, once per login", async () => {
    const owner = await createAccount();
    const { cookie, member, companyName } = await openAccount(owner);
    expect(member).toMatchObject({ accountName: companyName, role: "owner" });
    const account = await db.businessAccount.findUniqueOrThrow({ where: { id: member.accountId } });
    expect(account).toMatchObject({ vatNumber: "GB123456789", creditLimitPence: 0 });

    const again = await call(
      signup.action,
      formRequest(
        "/business/signup",
        { companyName: "Second", billingAddress: "2 Quay, Newcastle NE1 3AF" },
        { cookie },
      ),
    );
    expect(again.status).toBe(409);
    const driver = await createAccount({ role: "driver" });
    const byDriver = await call(
      signup.action,
      formRequest(
        "/business/signup",
        { companyName: "Van Co", billingAddress: "2 Quay, Newcastle NE1 3AF" },
        { cookie: await sessionCookie(driver) },
      ),
    );
    expect(byDriver.status).toBe(409);
  });

  it("refuses a form without a company or a postcode, and keeps what was typed", async () => {
    const owner = await createAccount();
    const answer = await call(
      signup.action,
      formRequest(
        "/business/signup",
        { companyName: "", vatNumber: "12", billingAddress: "1 Grey Street" },
        { cookie: await sessionCookie(owner) },
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      companyName: [BUSINESS_MESSAGES.companyName],
      vatNumber: [BUSINESS_MESSAGES.vatNumber],
      billingAddress: [BUSINESS_MESSAGES.billingAddress],
    });
    expect(answer.body.initialValue).toMatchObject({ billingAddress: "1 Grey Street" });
    expect(await businessUserOf(owner)).toBeNull();
  });

  it("invites by e-mail through the queue; the invited login joins once with the link, with its role", async () => {
    const { cookie, member } = await openAccount(await createAccount());
    const colleague = await createAccount();
    const { mail, token } = await invite(cookie, colleague.email, "admin");
    expect(mail.subject).toContain(member.accountName);
    expect(
      await db.businessInvitation.findFirst({ where: { email: colleague.email }, select: { tokenHash: true } }),
    ).not.toMatchObject({ tokenHash: token });

    const page = await call(join.loader, getRequest(`/business/join/${token}`), { token });
    expect(page.body).toMatchObject({ accountName: member.accountName, role: "Admin", signedInAs: null });

    const stranger = await createAccount();
    const wrong = await call(
      join.action,
      formRequest(`/business/join/${token}`, {}, { cookie: await sessionCookie(stranger) }),
      { token },
    );
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(BUSINESS_MESSAGES.invitationOtherEmail);

    const joined = await call(
      join.action,
      formRequest(`/business/join/${token}`, {}, { cookie: await sessionCookie(colleague) }),
      { token },
    );
    expect(joined.location).toBe("/business");
    expect(await businessUserOf(colleague)).toMatchObject({ accountId: member.accountId, role: "admin" });
    const reused = await call(join.loader, getRequest(`/business/join/${token}`), { token });
    expect(reused.status).toBe(404);
  });

  it("lets a link expire after 7 days, and a withdrawn one stop at once", async () => {
    const { cookie } = await openAccount(await createAccount());
    const late = await createAccount();
    const { token } = await invite(cookie, late.email);
    await db.businessInvitation.updateMany({
      where: { email: late.email },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(
      (
        await call(join.action, formRequest(`/business/join/${token}`, {}, { cookie: await sessionCookie(late) }), {
          token,
        })
      ).status,
    ).toBe(404);

    const other = await createAccount();
    const second = await invite(cookie, other.email);
    const invitation = await db.businessInvitation.findFirstOrThrow({ where: { email: other.email } });
    await call(
      users.action,
      formRequest("/business/users", { intent: "withdraw", invitationId: invitation.id }, { cookie }),
    );
    expect(
      (await call(join.loader, getRequest(`/business/join/${second.token}`), { token: second.token })).status,
    ).toBe(404);
  });

  it("holds the roles: a booker has no users page, an admin cannot make admins, the owner stays", async () => {
    const owner = await createAccount();
    const { cookie, member } = await openAccount(owner);
    const booker = await createAccount();
    const { token } = await invite(cookie, booker.email, "booker");
    const bookerCookie = await sessionCookie(booker);
    await call(join.action, formRequest(`/business/join/${token}`, {}, { cookie: bookerCookie }), { token });
    expect((await call(users.loader, getRequest("/business/users", { cookie: bookerCookie }))).status).toBe(404);

    const admin = await createAccount();
    const adminInvite = await invite(cookie, admin.email, "admin");
    const adminCookie = await sessionCookie(admin);
    await call(join.action, formRequest(`/business/join/${adminInvite.token}`, {}, { cookie: adminCookie }), {
      token: adminInvite.token,
    });
    const byAdmin = await call(
      users.action,
      formRequest(
        "/business/users",
        { intent: "invite", email: `x-${unique()}@example.com`, role: "admin" },
        { cookie: adminCookie },
      ),
    );
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error[""]).toEqual([BUSINESS_MESSAGES.adminsByOwner]);

    const ownerRow = await db.businessMember.findUniqueOrThrow({ where: { userId: owner.id } });
    const removeOwner = await call(
      users.action,
      formRequest(
        "/business/users",
        { intent: "remove", memberId: ownerRow.id },
        { cookie: adminCookie, enhanced: true },
      ),
    );
    expect(removeOwner.status).toBe(403);
    expect(await db.businessMember.count({ where: { accountId: member.accountId } })).toBe(3);
  });

  it(`stops at ${MAX_BUSINESS_USERS} users, counting open invitations`, async () => {
    const { member } = await openAccount(await createAccount());
    for (let i = 1; i < MAX_BUSINESS_USERS; i++)
      expect((await inviteToAccount(member, { email: `seat-${i}-${unique()}@example.com`, role: "booker" })).ok).toBe(
        true,
      );
    expect(await inviteToAccount(member, { email: `one-too-many-${unique()}@example.com`, role: "booker" })).toEqual({
      ok: false,
      status: 409,
      message: BUSINESS_MESSAGES.seatsFull,
    });
  });

  it("answers 404 for another account's users and invitations, and lists only the account's orders", async () => {
    const first = await openAccount(await createAccount());
    const second = await openAccount(await createAccount());
    const secondOwnerRow = await db.businessMember.findFirstOrThrow({ where: { accountId: second.member.accountId } });
    const across = await call(
      users.action,
      formRequest(
        "/business/users",
        { intent: "role", memberId: secondOwnerRow.id, role: "booker" },
        { cookie: first.cookie, enhanced: true },
      ),
    );
    expect(across.status).toBe(404);

    const booker = await createAccount();
    const { token } = await invite(first.cookie, booker.email);
    const bookerCookie = await sessionCookie(booker);
    await call(join.action, formRequest(`/business/join/${token}`, {}, { cookie: bookerCookie }), { token });
    const byOwner = await createBooking();
    const byBooker = await createBooking();
    const elsewhere = await createBooking();
    await db.booking.update({
      where: { id: byOwner.id },
      data: { businessAccountId: first.member.accountId, customerId: first.member.user.id, poNumber: "PO-1" },
    });
    await db.booking.update({
      where: { id: byBooker.id },
      data: { businessAccountId: first.member.accountId, customerId: booker.id },
    });
    await db.booking.update({ where: { id: elsewhere.id }, data: { businessAccountId: second.member.accountId } });

    const ownerView = await call(dashboard.loader, getRequest("/business", { cookie: first.cookie }));
    expect(ownerView.body.orders.map((order: { id: string }) => order.id)).toEqual([byBooker.id, byOwner.id]);
    expect(ownerView.body.orders[1]).toMatchObject({ poNumber: "PO-1", tracker: expect.stringContaining(byOwner.id) });
    // A colleague's tracker is theirs (their contact details, their chat with the driver).
    expect(ownerView.body.orders[0]).toMatchObject({ tracker: null, bookedBy: booker.username });
    const bookerView = await call(dashboard.loader, getRequest("/business", { cookie: bookerCookie }));
    expect(bookerView.body.orders.map((order: { id: string }) => order.id)).toEqual([byBooker.id]);
    const visitor = await call(dashboard.loader, getRequest("/business"));
    expect(visitor.body).toMatchObject({ account: null, signedIn: false });
  });
});
