// Sessions end after a spell of disuse as well as at their absolute expiry (30 minutes for an
// admin, 14 days for everyone else), API tokens too; and "Sign out everywhere" on /account
// ends every session and token of the account.
import { describe, expect, it } from "vitest";
import { action as accountAction, loader as accountLoader } from "~/routes/_auth+/account";
import { getTokenUser } from "~/server/auth/api-auth.server";
import { getSessionUser, SESSION_IDLE_MINUTES } from "~/server/auth/auth.server";
import { db } from "~/server/platform/db.server";
import { bearerFor, call, createAccount, formRequest, getRequest, sessionCookie } from "./auth-helpers";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function sessionIdOf(userId: string) {
  return (await db.session.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } })).id;
}

describe("the idle timeout", () => {
  it("ends an admin's session after 30 minutes unused, however long it had left", async () => {
    const admin = await createAccount({ role: "admin" });
    const cookie = await sessionCookie(admin);
    const id = await sessionIdOf(admin.id);
    await db.session.update({ where: { id }, data: { lastSeenAt: minutesAgo(SESSION_IDLE_MINUTES.admin - 1) } });
    expect(await getSessionUser(getRequest("/", { cookie }))).toMatchObject({ id: admin.id });
    await db.session.update({ where: { id }, data: { lastSeenAt: minutesAgo(SESSION_IDLE_MINUTES.admin + 1) } });
    expect(await getSessionUser(getRequest("/", { cookie }))).toBeNull();
    expect(await db.session.count({ where: { id } })).toBe(0);
  });

  it("keeps a customer's session for 14 days of disuse, and notes each use (at most once a minute)", async () => {
    const customer = await createAccount();
    const cookie = await sessionCookie(customer);
    const id = await sessionIdOf(customer.id);
    await db.session.update({ where: { id }, data: { lastSeenAt: minutesAgo(13 * 24 * 60) } });
    expect(await getSessionUser(getRequest("/", { cookie }))).toMatchObject({ id: customer.id });
    const seen = (await db.session.findUniqueOrThrow({ where: { id } })).lastSeenAt;
    expect(Date.now() - seen.getTime()).toBeLessThan(60_000);
    await db.session.update({ where: { id }, data: { lastSeenAt: minutesAgo(15 * 24 * 60) } });
    expect(await getSessionUser(getRequest("/", { cookie }))).toBeNull();
  });

  it("ends an admin's API token after 30 minutes unused", async () => {
    const admin = await createAccount({ role: "admin" });
    const token = await bearerFor(admin);
    expect(await getTokenUser(token)).toMatchObject({ id: admin.id });
    await db.apiToken.updateMany({ where: { userId: admin.id }, data: { lastUsedAt: minutesAgo(31) } });
    expect(await getTokenUser(token)).toBeNull();
  });
});

describe("/account", () => {
  it("lists the account's signed-in browsers, this one marked", async () => {
    const customer = await createAccount();
    const other = await sessionCookie(customer);
    const mine = await sessionCookie(customer);
    const page = await call(accountLoader, getRequest("/account", { cookie: mine }));
    expect(page.body.user).toEqual({ username: customer.username, email: customer.email, role: "customer" });
    expect(page.body.sessions).toHaveLength(2);
    expect(page.body.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    expect(other).not.toBe(mine);
  });

  it("signs out everywhere: every session and token of the account ends, and no one else's", async () => {
    const customer = await createAccount();
    const phone = await sessionCookie(customer);
    const laptop = await sessionCookie(customer);
    const token = await bearerFor(customer);
    const bystander = await createAccount();
    const bystanderCookie = await sessionCookie(bystander);

    // A post without the button's intent changes nothing.
    expect((await call(accountAction, formRequest("/account", {}, { cookie: laptop }))).status).toBe(400);
    expect(await getSessionUser(getRequest("/", { cookie: phone }))).toMatchObject({ id: customer.id });
    const outcome = await call(
      accountAction,
      formRequest("/account", { intent: "sign-out-everywhere" }, { cookie: laptop }),
    );
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/signin");
    expect(outcome.headers.get("set-cookie")).toBeTruthy();
    expect(await getSessionUser(getRequest("/", { cookie: phone }))).toBeNull();
    expect(await getSessionUser(getRequest("/", { cookie: laptop }))).toBeNull();
    expect(await getTokenUser(token)).toBeNull();
    expect(await getSessionUser(getRequest("/", { cookie: bystanderCookie }))).toMatchObject({ id: bystander.id });
  });

  it("sends a visitor to sign in first", async () => {
    const outcome = await call(accountLoader, getRequest("/account"));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/signin?redirectTo=%2Faccount");
    expect((await call(accountAction, formRequest("/account", {}))).location).toBe("/signin?redirectTo=%2Faccount");
  });
});
