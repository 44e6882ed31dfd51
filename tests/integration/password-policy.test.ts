// A new password has at least 8 characters for every kind of account (admins accepted 6) and is
// not one of the most common (NIST SP 800-63B), on sign-up, admin sign-up and password reset,
// pages and API alike; the typed name and e-mail come back, the password never does.
import { describe, expect, it } from "vitest";
import { action as adminSignUpAction } from "~/routes/_auth+/admin_.signup";
import { action as resetAction } from "~/routes/_auth+/reset-password.$token";
import { action as signUpAction } from "~/routes/_auth+/signup";
import { action as adminSignUpApi } from "~/routes/api+/admin.signup";
import { action as signUpApi } from "~/routes/api+/auth.signup";
import { AUTH_MESSAGES } from "~/schemas/auth";
import { issuePasswordResetToken } from "~/server/auth/auth.server";
import { isCommonPassword } from "~/server/auth/password.server";
import { db } from "~/server/platform/db.server";
import { useEnv } from "../support/env";
import { call, createAccount, formRequest, jsonRequest, unique, uniqueIp } from "./auth-helpers";

useEnv({ ADMIN_REGISTRATION_KEY: "policy-key" });

describe("isCommonPassword", () => {
  it("knows the common passwords, whatever their case, and not a passphrase", () => {
    for (const common of ["password", "Password1", "qwertyuiop", "12345678", "iloveyou", "football"])
      expect(isCommonPassword(common)).toBe(true);
    expect(isCommonPassword("correct-horse-battery")).toBe(false);
    expect(isCommonPassword("demo-password-2026")).toBe(false);
  });
});

describe("a common password is refused", () => {
  it("on /signup, tied to the password field, with the name and e-mail kept", async () => {
    const email = `common-${unique()}@example.com`;
    const outcome = await call(
      signUpAction,
      formRequest(
        "/signup",
        { username: "Cam Common", email, password: "Password1", confirmPassword: "Password1" },
        { ip: uniqueIp() },
      ),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.password).toEqual([AUTH_MESSAGES.passwordTooCommon]);
    expect(outcome.body.initialValue).toMatchObject({ username: "Cam Common", email });
    expect(JSON.stringify(outcome.body)).not.toContain("Password1");
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("by the sign-up API and the admin sign-up page and API", async () => {
    const api = await call(
      signUpApi,
      jsonRequest(
        "/api/auth/signup",
        { username: "Api", email: `c-${unique()}@example.com`, password: "iloveyou1" },
        { ip: uniqueIp() },
      ),
    );
    expect(api.status).toBe(400);
    expect(api.body.fieldErrors.password).toEqual([AUTH_MESSAGES.passwordTooCommon]);
    const adminPage = await call(
      adminSignUpAction,
      formRequest(
        "/admin/signup",
        {
          username: "Ada",
          email: `a-${unique()}@example.com`,
          password: "qwertyuiop",
          confirmPassword: "qwertyuiop",
          adminKey: "policy-key",
        },
        { ip: uniqueIp() },
      ),
    );
    expect(adminPage.status).toBe(400);
    expect(adminPage.body.error.password).toEqual([AUTH_MESSAGES.passwordTooCommon]);
    const adminApi = await call(
      adminSignUpApi,
      jsonRequest(
        "/api/admin/signup",
        { username: "Ada", email: `a-${unique()}@example.com`, password: "football1", adminKey: "policy-key" },
        { ip: uniqueIp() },
      ),
    );
    expect(adminApi.status).toBe(400);
  });

  it("on the password reset page", async () => {
    const user = await createAccount();
    const token = await issuePasswordResetToken(user.id);
    const outcome = await call(
      resetAction,
      formRequest(
        `/reset-password/${token}`,
        { password: "sunshine1", confirmPassword: "sunshine1" },
        { ip: uniqueIp() },
      ),
      { token },
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.password).toEqual([AUTH_MESSAGES.passwordTooCommon]);
  });
});

describe("8 characters at least, for admins too", () => {
  it("refuses a 7-character admin password and takes an 8-character one", async () => {
    const short = await call(
      adminSignUpApi,
      jsonRequest(
        "/api/admin/signup",
        { username: "Ada", email: `a-${unique()}@example.com`, password: "k7#pQ2z", adminKey: "policy-key" },
        { ip: uniqueIp() },
      ),
    );
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors.password).toEqual(["Password must be at least 8 characters long"]);
    const fine = await call(
      adminSignUpApi,
      jsonRequest(
        "/api/admin/signup",
        { username: "Ada", email: `a-${unique()}@example.com`, password: "k7#pQ2zx", adminKey: "policy-key" },
        { ip: uniqueIp() },
      ),
    );
    expect(fine.status).toBe(201);
  });
});
