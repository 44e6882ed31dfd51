// The sign-in, sign-up, admin login and admin sign-up pages' loaders and actions, as a
// browser without JavaScript (or a fetcher) calls them.
import { describe, expect, it } from "vitest";
import { action as adminLoginAction, loader as adminLoginLoader } from "~/routes/_auth+/admin_.login";
import { action as adminSignUpAction, loader as adminSignUpLoader } from "~/routes/_auth+/admin_.signup";
import { action as logoutAction } from "~/routes/_auth+/logout";
import { action as signInAction, loader as signInLoader } from "~/routes/_auth+/signin";
import { action as signUpAction, loader as signUpLoader } from "~/routes/_auth+/signup";
import { AUTH_MESSAGES } from "~/schemas/auth";
import { createApiToken, getTokenUser } from "~/server/auth/api-auth.server";
import { adminKeyMatches, AUTH_RATE_LIMITS, getSessionUser, safeRedirect } from "~/server/auth/auth.server";
import { db } from "~/server/platform/db.server";
import { takeToasts } from "~/server/platform/toast.server";
import { setEnv } from "../support/env";
import {
  call,
  createAccount,
  formRequest,
  getRequest,
  PASSWORD,
  sessionCookie,
  unique,
  uniqueIp,
} from "./auth-helpers";

const HOUR = 60 * 60 * 1000;

async function sessionOf(setCookie: string | null) {
  expect(setCookie).toBeTruthy();
  return getSessionUser(new Request("http://localhost/", { headers: { Cookie: setCookie!.split(";")[0]! } }));
}

async function sessionRowOf(userId: string) {
  return db.session.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } });
}

describe("/signin", () => {
  it("needs both fields: 400 with the product's message", async () => {
    const outcome = await call(signInAction, formRequest("/signin", { email: "", password: "" }, { ip: uniqueIp() }));
    expect(outcome.status).toBe(400);
    expect(outcome.body.error[""]).toEqual(["Both email and password are required."]);
  });

  it("answers an unknown e-mail, a wrong password and a deactivated account identically, keeping the e-mail but never the password", async () => {
    const user = await createAccount();
    const inactive = await createAccount({ isActive: false });
    const attempts = [
      { email: `nobody-${unique()}@example.com`, password: PASSWORD },
      { email: user.email, password: "wrong-password" },
      { email: inactive.email, password: PASSWORD },
    ];
    for (const attempt of attempts) {
      const outcome = await call(signInAction, formRequest("/signin", attempt, { ip: uniqueIp() }));
      expect(outcome.status).toBe(401);
      expect(outcome.body.error).toEqual({ "": ["Authentication failed"] });
      expect(outcome.body.initialValue.email).toBe(attempt.email);
      expect(JSON.stringify(outcome.body)).not.toContain(attempt.password);
      expect(outcome.headers.get("set-cookie")).toBeNull();
    }
  });

  it("signs in, goes back where the user came from, with a 30-day httpOnly SameSite=Lax cookie", async () => {
    const user = await createAccount();
    const outcome = await call(
      signInAction,
      formRequest(
        "/signin",
        { email: user.email.toUpperCase(), password: PASSWORD, redirectTo: "/quote?x=1" },
        { ip: uniqueIp() },
      ),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/quote?x=1");
    const setCookie = outcome.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(await sessionOf(setCookie)).toMatchObject({ id: user.id, role: "customer" });
    const row = await sessionRowOf(user.id);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * HOUR);
    const { toasts } = await takeToasts(
      new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } }),
    );
    expect(toasts[0]).toMatchObject({ title: "Signed in" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).not.toBeNull();
  });

  it("only goes to local paths after signing in", async () => {
    const user = await createAccount();
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const outcome = await call(
        signInAction,
        formRequest("/signin", { email: user.email, password: PASSWORD, redirectTo }, { ip: uniqueIp() }),
      );
      expect(outcome.location).toBe("/");
    }
  });

  it("sends a dialog's sign-in back to the dialog's page, signed in", async () => {
    const user = await createAccount();
    const outcome = await call(
      signInAction,
      formRequest(
        "/signin",
        { email: user.email, password: PASSWORD, redirectTo: "/checkout?booking=b1" },
        { ip: uniqueIp() },
      ),
    );
    expect(outcome.location).toBe("/checkout?booking=b1");
    expect(await sessionOf(outcome.headers.get("set-cookie"))).toMatchObject({ id: user.id });
  });

  it("ends the session the browser held before (no session fixation)", async () => {
    const user = await createAccount();
    const planted = await sessionCookie(user);
    const outcome = await call(
      signInAction,
      formRequest("/signin", { email: user.email, password: PASSWORD }, { ip: uniqueIp(), cookie: planted }),
    );
    expect(outcome.status).toBe(302);
    expect(await sessionOf(planted)).toBeNull();
    expect(await sessionOf(outcome.headers.get("set-cookie"))).toMatchObject({ id: user.id });
  });

  it("lets a driver sign in on the same page, landing on their jobs unless a page was named", async () => {
    const driver = await createAccount({ role: "driver" });
    const outcome = await call(
      signInAction,
      formRequest("/signin", { email: driver.email, password: PASSWORD, redirectTo: "/" }, { ip: uniqueIp() }),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/driver");
    expect(await sessionOf(outcome.headers.get("set-cookie"))).toMatchObject({ role: "driver" });
    const named = await call(
      signInAction,
      formRequest("/signin", { email: driver.email, password: PASSWORD, redirectTo: "/bookings" }, { ip: uniqueIp() }),
    );
    expect(named.location).toBe("/bookings");
  });

  it("sends a signed-in visitor on, and otherwise passes a safe redirectTo to the card", async () => {
    const user = await createAccount();
    const signedIn = await call(
      signInLoader,
      getRequest("/signin?redirectTo=%2Fbookings", { cookie: await sessionCookie(user) }),
    );
    expect(signedIn.location).toBe("/bookings");
    const anonymous = await call(signInLoader, getRequest("/signin?redirectTo=https%3A%2F%2Fevil.example"));
    expect(anonymous.body).toEqual({ redirectTo: "/" });
  });
});

describe("rate limits on sign-in", () => {
  it("allow 10 failures per account and address, then answer 429 with the clear message there even for the right password; the owner elsewhere signs in", async () => {
    const user = await createAccount();
    const limit = AUTH_RATE_LIMITS.signIn.account.limit;
    const attacker = uniqueIp();
    for (let attempt = 0; attempt < limit; attempt++) {
      const outcome = await call(
        signInAction,
        formRequest("/signin", { email: user.email, password: "wrong" }, { ip: attacker }),
      );
      expect(outcome.status).toBe(401);
    }
    const blocked = await call(
      signInAction,
      formRequest("/signin", { email: user.email, password: PASSWORD }, { ip: attacker }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.error[""]).toEqual(["Too many attempts. Please wait a few minutes and try again."]);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      (await call(signInAction, formRequest("/signin", { email: user.email, password: PASSWORD }, { ip: uniqueIp() })))
        .status,
    ).toBe(302);
  });

  it("count the same for an unknown account (no difference in answers)", async () => {
    const email = `ghost-${unique()}@example.com`;
    const ip = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signIn.account.limit; attempt++) {
      expect((await call(signInAction, formRequest("/signin", { email, password: "x" }, { ip }))).status).toBe(401);
    }
    expect((await call(signInAction, formRequest("/signin", { email, password: "x" }, { ip }))).status).toBe(429);
  });

  it("count per IP across accounts", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signIn.ip.limit; attempt++) {
      await call(
        signInAction,
        formRequest("/signin", { email: `spray-${unique()}@example.com`, password: "x" }, { ip }),
      );
    }
    const user = await createAccount();
    const blocked = await call(signInAction, formRequest("/signin", { email: user.email, password: PASSWORD }, { ip }));
    expect(blocked.status).toBe(429);
    const elsewhere = await call(
      signInAction,
      formRequest("/signin", { email: user.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    expect(elsewhere.status).toBe(302);
  });

  it("do not count successful sign-ins", async () => {
    const user = await createAccount();
    const ip = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signIn.account.limit + 2; attempt++) {
      expect(
        (await call(signInAction, formRequest("/signin", { email: user.email, password: PASSWORD }, { ip }))).status,
      ).toBe(302);
    }
  });
});

describe("/signup", () => {
  const fields = () => ({
    username: "Sam Smith",
    email: `sam-${unique()}@example.com`,
    password: "long-enough-1",
    confirmPassword: "long-enough-1",
  });

  it("answers 'All fields are required.' and 'Passwords do not match.' with a 400, keeping the name and e-mail only", async () => {
    const missing = await call(signUpAction, formRequest("/signup", { ...fields(), username: "" }, { ip: uniqueIp() }));
    expect(missing.status).toBe(400);
    expect(missing.body.error[""]).toEqual(["All fields are required."]);
    const input = { ...fields(), confirmPassword: "something-else" };
    const mismatch = await call(signUpAction, formRequest("/signup", input, { ip: uniqueIp() }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.confirmPassword).toEqual(["Passwords do not match."]);
    expect(mismatch.body.initialValue).toMatchObject({ username: "Sam Smith", email: input.email });
    expect(JSON.stringify(mismatch.body)).not.toContain("long-enough-1");
    expect(JSON.stringify(mismatch.body)).not.toContain("something-else");
  });

  it("creates a customer with an argon2id hash, signs them in and goes back to redirectTo", async () => {
    const input = { ...fields(), redirectTo: "/checkout" };
    const outcome = await call(signUpAction, formRequest("/signup", input, { ip: uniqueIp() }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/checkout");
    const user = await db.user.findUniqueOrThrow({ where: { email: input.email } });
    expect(user).toMatchObject({ username: "Sam Smith", role: "customer", isActive: true });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(input.password);
    expect(await sessionOf(outcome.headers.get("set-cookie"))).toMatchObject({ id: user.id });
  });

  it("says only 'Registration failed' for a taken e-mail", async () => {
    const existing = await createAccount();
    const outcome = await call(
      signUpAction,
      formRequest("/signup", { ...fields(), email: existing.email.toUpperCase() }, { ip: uniqueIp() }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toEqual({ "": ["Registration failed"] });
    expect(await db.user.count({ where: { email: existing.email } })).toBe(1);
  });

  it("is rate limited per IP", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signUp.ip.limit; attempt++) {
      // Every well-formed attempt counts (a form the schema refuses never reaches the database).
      expect((await call(signUpAction, formRequest("/signup", fields(), { ip }))).status).toBe(302);
    }
    const blocked = await call(signUpAction, formRequest("/signup", fields(), { ip }));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error[""]).toEqual([AUTH_MESSAGES.tooManyAttempts]);
  });

  it("is rate limited per account (e-mail)", async () => {
    const existing = await createAccount();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signUp.account.limit; attempt++) {
      expect(
        (await call(signUpAction, formRequest("/signup", { ...fields(), email: existing.email }, { ip: uniqueIp() })))
          .status,
      ).toBe(400);
    }
    expect(
      (await call(signUpAction, formRequest("/signup", { ...fields(), email: existing.email }, { ip: uniqueIp() })))
        .status,
    ).toBe(429);
  });

  it("sends a signed-in visitor on", async () => {
    const user = await createAccount();
    expect((await call(signUpLoader, getRequest("/signup", { cookie: await sessionCookie(user) }))).location).toBe("/");
  });
});

describe("/logout", () => {
  it("ends the session and revokes a bearer token sent with it", async () => {
    const user = await createAccount();
    const cookie = await sessionCookie(user);
    const { token } = await createApiToken(user);
    const outcome = await call(logoutAction, formRequest("/logout", {}, { cookie, token }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/");
    expect(await sessionOf(cookie)).toBeNull();
    expect(await getTokenUser(token)).toBeNull();
  });
});

describe("/admin/login", () => {
  it("needs email and password", async () => {
    const outcome = await call(
      adminLoginAction,
      formRequest("/admin/login", { email: "", password: "" }, { ip: uniqueIp() }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toMatchObject({
      email: [AUTH_MESSAGES.emailRequired],
      password: [AUTH_MESSAGES.passwordRequired],
    });
  });

  it("says 'Invalid credentials' for a wrong password and for a valid customer or driver", async () => {
    const admin = await createAccount({ role: "admin" });
    const customer = await createAccount();
    const driver = await createAccount({ role: "driver" });
    for (const attempt of [
      { email: admin.email, password: "wrong" },
      { email: customer.email, password: PASSWORD },
      { email: driver.email, password: PASSWORD },
    ]) {
      const outcome = await call(adminLoginAction, formRequest("/admin/login", attempt, { ip: uniqueIp() }));
      expect(outcome.status).toBe(401);
      expect(outcome.body.error).toEqual({ "": ["Invalid credentials"] });
    }
  });

  it("signs an admin in for 24 hours and goes to redirectTo, else the dashboard", async () => {
    const admin = await createAccount({ role: "admin" });
    const toDashboard = await call(
      adminLoginAction,
      formRequest("/admin/login", { email: admin.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    expect(toDashboard.location).toBe("/admin/dashboard");
    const expiresIn = (await sessionRowOf(admin.id)).expiresAt.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * HOUR);
    expect(expiresIn).toBeLessThanOrEqual(24 * HOUR);
    expect(toDashboard.headers.get("set-cookie")).toMatch(/Expires=/);
    const back = await call(
      adminLoginAction,
      formRequest(
        "/admin/login",
        { email: admin.email, password: PASSWORD, redirectTo: "/admin/users" },
        { ip: uniqueIp() },
      ),
    );
    expect(back.location).toBe("/admin/users");
  });

  it("is rate limited per account and address after 5 failures", async () => {
    const admin = await createAccount({ role: "admin" });
    const ip = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.adminLogin.account.limit; attempt++) {
      await call(adminLoginAction, formRequest("/admin/login", { email: admin.email, password: "wrong" }, { ip }));
    }
    const blocked = await call(
      adminLoginAction,
      formRequest("/admin/login", { email: admin.email, password: PASSWORD }, { ip }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.error[""]).toEqual([AUTH_MESSAGES.tooManyAttempts]);
  });

  it("sends a signed-in admin straight on; a customer sees the form", async () => {
    const admin = await createAccount({ role: "admin" });
    const customer = await createAccount();
    expect(
      (await call(adminLoginLoader, getRequest("/admin/login", { cookie: await sessionCookie(admin) }))).location,
    ).toBe("/admin/dashboard");
    expect(
      (
        await call(
          adminLoginLoader,
          getRequest("/admin/login?redirectTo=%2Fadmin%2Fusers", { cookie: await sessionCookie(customer) }),
        )
      ).body,
    ).toEqual({
      redirectTo: "/admin/users",
    });
  });
});

describe("/admin/signup", () => {
  const fields = (adminKey: string) => ({
    username: "New Admin",
    email: `admin-${unique()}@example.com`,
    password: "secret-66",
    confirmPassword: "secret-66",
    adminKey,
  });

  it("is closed while ADMIN_REGISTRATION_KEY is unset", async () => {
    setEnv({ ADMIN_REGISTRATION_KEY: undefined });
    expect((await call(adminSignUpLoader, getRequest("/admin/signup"))).body).toEqual({ open: false });
    const input = fields("anything");
    const outcome = await call(adminSignUpAction, formRequest("/admin/signup", input, { ip: uniqueIp() }));
    expect(outcome.status).toBe(403);
    expect(outcome.body.error[""]).toEqual([AUTH_MESSAGES.adminSignUpClosed]);
    expect(await db.user.count({ where: { email: input.email } })).toBe(0);
  });

  it("refuses a wrong key and creates an admin with the right one", async () => {
    setEnv({ ADMIN_REGISTRATION_KEY: "integration-key" });
    expect((await call(adminSignUpLoader, getRequest("/admin/signup"))).body).toEqual({ open: true });
    const wrong = fields("integration-kex");
    const refused = await call(adminSignUpAction, formRequest("/admin/signup", wrong, { ip: uniqueIp() }));
    expect(refused.status).toBe(403);
    expect(refused.body.error.adminKey).toEqual([AUTH_MESSAGES.adminKeyInvalid]);
    expect(JSON.stringify(refused.body)).not.toContain("integration-kex");
    expect(await db.user.count({ where: { email: wrong.email } })).toBe(0);

    const right = fields("integration-key");
    const created = await call(adminSignUpAction, formRequest("/admin/signup", right, { ip: uniqueIp() }));
    expect(created.status).toBe(302);
    expect(created.location).toBe("/admin/login");
    const admin = await db.user.findUniqueOrThrow({ where: { email: right.email } });
    expect(admin.role).toBe("admin");
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await db.auditLog.count({ where: { action: "admin.signup", targetId: admin.id } })).toBe(1);

    const again = await call(
      adminSignUpAction,
      formRequest("/admin/signup", { ...right, username: "Other" }, { ip: uniqueIp() }),
    );
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ "": ["Registration failed"] });
  });

  it("checks the product's rules before the key", async () => {
    setEnv({ ADMIN_REGISTRATION_KEY: "integration-key" });
    const outcome = await call(
      adminSignUpAction,
      formRequest(
        "/admin/signup",
        { ...fields("integration-key"), password: "12345", confirmPassword: "54321" },
        { ip: uniqueIp() },
      ),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.password).toEqual(["Password must be at least 8 characters long"]);
    expect(outcome.body.error.confirmPassword).toEqual(["Passwords do not match"]);
  });

  it("compares keys in constant time and never matches without a configured key", () => {
    expect(adminKeyMatches("abc", "abc")).toBe(true);
    expect(adminKeyMatches("abc", "abcd")).toBe(false);
    expect(adminKeyMatches("", "abc")).toBe(false);
    expect(adminKeyMatches("abc", undefined)).toBe(false);
  });
});

describe("safeRedirect", () => {
  it("keeps local paths and refuses everything else", () => {
    expect(safeRedirect("/quote?x=1#top")).toBe("/quote?x=1#top");
    expect(safeRedirect("/admin/users", "/admin/dashboard")).toBe("/admin/users");
    for (const bad of [
      null,
      undefined,
      "",
      "quote",
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\nx",
    ]) {
      expect(safeRedirect(bad, "/home")).toBe("/home");
    }
  });
});
