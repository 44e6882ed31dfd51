// The JSON API of accounts and access: same paths,
// payloads and response fields as the product, with tokens stored hashed, expiring and revocable.
import { describe, expect, it } from "vitest";
import { action as apiAdminLogin } from "~/routes/api+/admin.login";
import { action as apiAdminSignUp } from "~/routes/api+/admin.signup";
import { loader as apiAdminStats } from "~/routes/api+/admin.stats";
import { action as apiLogout } from "~/routes/api+/auth.logout";
import { action as apiSignIn } from "~/routes/api+/auth.signin";
import { action as apiSignUp } from "~/routes/api+/auth.signup";
import { AUTH_MESSAGES } from "~/schemas/auth";
import { getApiUser, getTokenUser } from "~/server/auth/api-auth.server";
import { AUTH_RATE_LIMITS, hashToken } from "~/server/auth/auth.server";
import { db } from "~/server/platform/db.server";
import { setEnv } from "../support/env";
import {
  call,
  createAccount,
  getRequest,
  jsonRequest,
  PASSWORD,
  sessionCookie,
  unique,
  uniqueIp,
} from "./auth-helpers";

const HOUR = 60 * 60 * 1000;

describe("POST /api/auth/signin", () => {
  it("answers { token, user: { username, email, role } } and stores only the token's hash", async () => {
    const user = await createAccount();
    const outcome = await call(
      apiSignIn,
      jsonRequest("/api/auth/signin", { email: user.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.user).toEqual({ username: user.username, email: user.email, role: "customer" });
    expect(outcome.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(outcome.headers.get("cache-control")).toContain("no-store");
    const rows = await db.apiToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(outcome.body.token));
    expect(rows[0]!.tokenHash).not.toContain(outcome.body.token);
    expect(await getTokenUser(outcome.body.token)).toMatchObject({ id: user.id });
  });

  it("answers 401 'Authentication failed' alike for an unknown e-mail, a wrong password and a deactivated account", async () => {
    const user = await createAccount();
    const inactive = await createAccount({ isActive: false });
    for (const body of [
      { email: `nobody-${unique()}@example.com`, password: PASSWORD },
      { email: user.email, password: "nope" },
      { email: inactive.email, password: PASSWORD },
    ]) {
      const outcome = await call(apiSignIn, jsonRequest("/api/auth/signin", body, { ip: uniqueIp() }));
      expect(outcome.status).toBe(401);
      expect(outcome.body).toEqual({ error: "Authentication failed", message: "Authentication failed" });
    }
  });

  it("answers 400 for a missing field or a body that is not JSON", async () => {
    const missing = await call(
      apiSignIn,
      jsonRequest("/api/auth/signin", { email: "a@example.com" }, { ip: uniqueIp() }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("Both email and password are required.");
    const garbage = await call(
      apiSignIn,
      new Request("http://localhost/api/auth/signin", {
        method: "POST",
        body: "{nope",
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(garbage.status).toBe(400);
  });

  it("answers 429 with Retry-After once an account has had too many failures", async () => {
    const user = await createAccount();
    const ip = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signIn.account.limit; attempt++) {
      await call(apiSignIn, jsonRequest("/api/auth/signin", { email: user.email, password: "nope" }, { ip }));
    }
    const blocked = await call(
      apiSignIn,
      jsonRequest("/api/auth/signin", { email: user.email, password: PASSWORD }, { ip }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("POST /api/auth/signup", () => {
  it("creates a customer and answers 201 { token, user }", async () => {
    const email = `api-${unique()}@example.com`;
    const outcome = await call(
      apiSignUp,
      jsonRequest("/api/auth/signup", { username: "Api User", email, password: "long-enough-1" }, { ip: uniqueIp() }),
    );
    expect(outcome.status).toBe(201);
    expect(outcome.body.user).toEqual({ username: "Api User", email, role: "customer" });
    expect(await getTokenUser(outcome.body.token)).toMatchObject({ email });
  });

  it("answers 'All fields are required.' and 'Registration failed' (taken e-mail)", async () => {
    const missing = await call(
      apiSignUp,
      jsonRequest("/api/auth/signup", { email: "x@example.com", password: "long-enough-1" }, { ip: uniqueIp() }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("All fields are required.");
    const existing = await createAccount();
    const taken = await call(
      apiSignUp,
      jsonRequest(
        "/api/auth/signup",
        { username: "Dup", email: existing.email, password: "long-enough-1" },
        { ip: uniqueIp() },
      ),
    );
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe("Registration failed");
  });
});

describe("POST /api/admin/login", () => {
  it("answers { token, admin: { role, username, email } } with a token valid for 24 hours", async () => {
    const admin = await createAccount({ role: "admin" });
    const outcome = await call(
      apiAdminLogin,
      jsonRequest("/api/admin/login", { email: admin.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.admin).toEqual({ role: "admin", username: admin.username, email: admin.email });
    const row = await db.apiToken.findUniqueOrThrow({ where: { tokenHash: hashToken(outcome.body.token) } });
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(24 * HOUR - 60_000);
    expect(lifetime).toBeLessThanOrEqual(24 * HOUR + 60_000);
  });

  it("answers 401 'Invalid credentials' for a customer's valid credentials and for a wrong password", async () => {
    const customer = await createAccount();
    const admin = await createAccount({ role: "admin" });
    for (const body of [
      { email: customer.email, password: PASSWORD },
      { email: admin.email, password: "nope" },
    ]) {
      const outcome = await call(apiAdminLogin, jsonRequest("/api/admin/login", body, { ip: uniqueIp() }));
      expect(outcome.status).toBe(401);
      expect(outcome.body.message).toBe("Invalid credentials");
    }
    expect(await db.apiToken.count({ where: { userId: { in: [customer.id, admin.id] } } })).toBe(0);
  });
});

describe("POST /api/admin/signup", () => {
  it("creates an admin with the key and answers 201 { user: { username } }", async () => {
    setEnv({ ADMIN_REGISTRATION_KEY: "api-key-123" });
    const email = `api-admin-${unique()}@example.com`;
    const outcome = await call(
      apiAdminSignUp,
      jsonRequest(
        "/api/admin/signup",
        { username: "Api Admin", email, password: "secret-66", adminKey: "api-key-123" },
        { ip: uniqueIp() },
      ),
    );
    expect(outcome.status).toBe(201);
    expect(outcome.body).toEqual({ user: { username: "Api Admin" } });
    expect((await db.user.findUniqueOrThrow({ where: { email } })).role).toBe("admin");
  });

  it("refuses a wrong key (403), a short password (400) and everything while closed (403)", async () => {
    setEnv({ ADMIN_REGISTRATION_KEY: "api-key-123" });
    const body = {
      username: "Api Admin",
      email: `api-admin-${unique()}@example.com`,
      password: "secret-66",
      adminKey: "api-key-124",
    };
    const wrong = await call(apiAdminSignUp, jsonRequest("/api/admin/signup", body, { ip: uniqueIp() }));
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.adminKeyInvalid);
    const short = await call(
      apiAdminSignUp,
      jsonRequest("/api/admin/signup", { ...body, password: "12345", adminKey: "api-key-123" }, { ip: uniqueIp() }),
    );
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password must be at least 8 characters long");
    setEnv({ ADMIN_REGISTRATION_KEY: undefined });
    const closed = await call(
      apiAdminSignUp,
      jsonRequest("/api/admin/signup", { ...body, adminKey: "api-key-123" }, { ip: uniqueIp() }),
    );
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe(AUTH_MESSAGES.adminSignUpClosed);
    expect(await db.user.count({ where: { email: body.email } })).toBe(0);
  });

  it("is rate limited per IP, so the key cannot be guessed by brute force", async () => {
    setEnv({ ADMIN_REGISTRATION_KEY: "api-key-123" });
    const ip = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.adminSignUp.ip.limit; attempt++) {
      const guess = await call(
        apiAdminSignUp,
        jsonRequest(
          "/api/admin/signup",
          { username: "G", email: `g-${unique()}@example.com`, password: "secret-66", adminKey: `guess-${attempt}` },
          { ip },
        ),
      );
      expect(guess.status).toBe(403);
    }
    const blocked = await call(
      apiAdminSignUp,
      jsonRequest(
        "/api/admin/signup",
        { username: "G", email: `g-${unique()}@example.com`, password: "secret-66", adminKey: "api-key-123" },
        { ip },
      ),
    );
    expect(blocked.status).toBe(429);
  });
});

describe("bearer tokens", () => {
  it("are revoked by POST /api/auth/logout and then refused", async () => {
    const admin = await createAccount({ role: "admin" });
    const login = await call(
      apiAdminLogin,
      jsonRequest("/api/admin/login", { email: admin.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    const token = login.body.token as string;
    expect((await call(apiAdminStats, getRequest("/api/admin/stats", { token }))).status).toBe(200);
    const logout = await call(apiLogout, jsonRequest("/api/auth/logout", {}, { token }));
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ success: true });
    expect((await db.apiToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })).revokedAt).not.toBeNull();
    expect((await call(apiAdminStats, getRequest("/api/admin/stats", { token }))).status).toBe(401);
  });

  it("stop working when they expire or their user is deactivated", async () => {
    const admin = await createAccount({ role: "admin" });
    const login = await call(
      apiAdminLogin,
      jsonRequest("/api/admin/login", { email: admin.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    const token = login.body.token as string;
    await db.apiToken.update({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await getTokenUser(token)).toBeNull();

    const other = await createAccount({ role: "admin" });
    const second = await call(
      apiAdminLogin,
      jsonRequest("/api/admin/login", { email: other.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    await db.user.update({ where: { id: other.id }, data: { isActive: false } });
    expect((await call(apiAdminStats, getRequest("/api/admin/stats", { token: second.body.token }))).status).toBe(401);
  });

  it("are judged alone: a bad token is not rescued by a good session cookie", async () => {
    const admin = await createAccount({ role: "admin" });
    const cookie = await sessionCookie(admin);
    expect(await getApiUser(getRequest("/api/admin/stats", { cookie }))).toMatchObject({ id: admin.id });
    expect(await getApiUser(getRequest("/api/admin/stats", { cookie, token: "not-a-real-token" }))).toBeNull();
    const malformed = new Request("http://localhost/api/admin/stats", {
      headers: { Authorization: "Basic abc", Cookie: cookie },
    });
    expect(await getApiUser(malformed)).toBeNull();
  });

  it("/api/auth/logout also ends a cookie session", async () => {
    const user = await createAccount();
    const cookie = await sessionCookie(user);
    const outcome = await call(apiLogout, jsonRequest("/api/auth/logout", {}, { cookie }));
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("set-cookie")).toContain("__session=");
    expect(await getApiUser(getRequest("/", { cookie }))).toBeNull();
  });
});
