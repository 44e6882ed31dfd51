// The three guards of docs/ARCHITECTURE.md: requireUser, requireAdmin and requireDriver. Each
// returns the account it lets in, or throws the redirect a page's loader passes on.
import { describe, expect, it } from "vitest";
import { requireAdmin, requireDriver, requireUser } from "~/server/auth/auth.server";
import { db } from "~/server/platform/db.server";
import { createAccount, getRequest, sessionCookie } from "./auth-helpers";

type Guard = (request: Request) => Promise<{ id: string }>;

/** The guard's verdict on a request for /checkout?quote=q1: the account's id, or where it redirects. */
async function verdict(guard: Guard, cookie?: string) {
  try {
    return { id: (await guard(getRequest("/checkout?quote=q1", { cookie }))).id };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("location") };
  }
}

const backToSignIn = { status: 302, location: "/signin?redirectTo=%2Fcheckout%3Fquote%3Dq1" };

describe("requireUser", () => {
  it("lets any active account in", async () => {
    for (const role of ["customer", "driver", "admin"] as const) {
      const user = await createAccount({ role });
      expect(await verdict(requireUser, await sessionCookie(user))).toEqual({ id: user.id });
    }
  });

  it("sends a visitor to /signin, to come back afterwards", async () => {
    expect(await verdict(requireUser)).toEqual(backToSignIn);
  });

  it("forgets an account deactivated after signing in", async () => {
    const user = await createAccount();
    const cookie = await sessionCookie(user);
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await verdict(requireUser, cookie)).toEqual(backToSignIn);
  });
});

describe("requireDriver", () => {
  it("lets a driver in and sends a customer or an admin home", async () => {
    const driver = await createAccount({ role: "driver" });
    expect(await verdict(requireDriver, await sessionCookie(driver))).toEqual({ id: driver.id });
    for (const role of ["customer", "admin"] as const) {
      expect(await verdict(requireDriver, await sessionCookie(await createAccount({ role })))).toEqual({
        status: 302,
        location: "/",
      });
    }
  });

  it("sends a visitor to /signin", async () => {
    expect(await verdict(requireDriver)).toEqual(backToSignIn);
  });
});

describe("requireAdmin", () => {
  it("lets an admin in, sends a visitor to /admin/login and anyone else home", async () => {
    const admin = await createAccount({ role: "admin" });
    expect(await verdict(requireAdmin, await sessionCookie(admin))).toEqual({ id: admin.id });
    expect(await verdict(requireAdmin)).toEqual({
      status: 302,
      location: "/admin/login?redirectTo=%2Fcheckout%3Fquote%3Dq1",
    });
    expect(await verdict(requireAdmin, await sessionCookie(await createAccount({ role: "driver" })))).toEqual({
      status: 302,
      location: "/",
    });
  });
});
