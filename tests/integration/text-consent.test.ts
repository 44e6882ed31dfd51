// Texts about moves are on by default and turned off (and on again) on /account.
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/_auth+/account";
import { db } from "~/server/platform/db.server";
import { call, createAccount, flashedToasts, formRequest, getRequest, sessionCookie } from "./auth-helpers";

describe("/account's text messages", () => {
  it("are on by default; unticking turns them off, ticking on again, each said in a toast", async () => {
    const user = await createAccount({ role: "customer" });
    const cookie = await sessionCookie(user);
    expect((await call(loader, getRequest("/account", { cookie }))).body.textUpdates).toBe(true);

    const off = await call(action, formRequest("/account", { intent: "text-updates" }, { cookie }));
    expect(off.status).toBe(303);
    expect(off.location).toBe("/account");
    expect(await flashedToasts(off)).toMatchObject([{ title: "Texts turned off" }]);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).textUpdates).toBe(false);
    expect((await call(loader, getRequest("/account", { cookie }))).body.textUpdates).toBe(false);

    const on = await call(action, formRequest("/account", { intent: "text-updates", textUpdates: "on" }, { cookie }));
    expect(await flashedToasts(on)).toMatchObject([{ title: "Texts turned on" }]);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).textUpdates).toBe(true);
  });

  it("are the signed-in user's own: without a session the form sends to sign in", async () => {
    const outcome = await call(action, formRequest("/account", { intent: "text-updates" }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/signin/);
  });

  it("refuses a post of no known action with a 400", async () => {
    const user = await createAccount({ role: "customer" });
    const outcome = await call(
      action,
      formRequest("/account", { intent: "nothing" }, { cookie: await sessionCookie(user) }),
    );
    expect(outcome.status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).textUpdates).toBe(true);
  });
});
