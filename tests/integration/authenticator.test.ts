// Sign-in goes through remix-auth: one Authenticator with a FormStrategy for people ("user")
// and one for the admin portal ("admin"); pages post forms, the API hands its JSON over.
import { FormStrategy } from "remix-auth-form";
import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "~/server/auth.server";
import { authenticateFields, authenticateForm, authenticator } from "~/server/authenticator.server";
import { createAccount, formRequest, PASSWORD, uniqueIp } from "./auth-helpers";

describe("the Authenticator", () => {
  it("has a form strategy for users and one for admins", () => {
    expect(authenticator.get("user")).toBeInstanceOf(FormStrategy);
    expect(authenticator.get("admin")).toBeInstanceOf(FormStrategy);
  });

  it("signs in a customer, a driver and an admin from a page's form", async () => {
    for (const role of ["customer", "driver", "admin"] as const) {
      const account = await createAccount({ role });
      const attempt = await authenticateForm("user", formRequest("/signin", { email: account.email.toUpperCase(), password: PASSWORD }, { ip: uniqueIp() }));
      expect(attempt.result).toMatchObject({ status: "ok", user: { id: account.id, role } });
    }
  });

  it("lets only an active admin through the admin strategy", async () => {
    const admin = await createAccount({ role: "admin" });
    const customer = await createAccount();
    const retired = await createAccount({ role: "admin", isActive: false });
    const attempt = (email: string) => authenticateFields("admin", formRequest("/api/admin/login", {}, { ip: uniqueIp() }), { email, password: PASSWORD });
    expect((await attempt(admin.email)).result?.status).toBe("ok");
    expect((await attempt(customer.email)).result?.status).toBe("failed");
    expect((await attempt(retired.email)).result?.status).toBe("failed");
  });

  it("returns the form's own errors before any credential is checked", async () => {
    const attempt = await authenticateFields("user", formRequest("/api/auth/signin", {}), { email: "someone@example.com" });
    expect(attempt.result).toBeNull();
    expect(attempt.submission.status).toBe("error");
    expect(attempt.submission.status !== "success" && attempt.submission.error?.[""]).toEqual(["Both email and password are required."]);
  });

  it("counts failures against the rate limit and then refuses even the right password", async () => {
    const account = await createAccount();
    const ip = uniqueIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.account.limit; i++) {
      const attempt = await authenticateForm("user", formRequest("/signin", { email: account.email, password: "wrong-password" }, { ip }));
      expect(attempt.result?.status).toBe("failed");
    }
    const blocked = await authenticateForm("user", formRequest("/signin", { email: account.email, password: PASSWORD }, { ip }));
    expect(blocked.result).toMatchObject({ status: "limited" });
  });
});
