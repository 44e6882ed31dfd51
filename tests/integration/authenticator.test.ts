// Sign-in goes through remix-auth: one Authenticator with a FormStrategy for people ("user")
// and one for the admin portal ("admin"); pages post forms, the API hands its JSON over.
import { FormStrategy } from "remix-auth-form";
import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "~/server/auth/auth.server";
import { authenticateFields, authenticateForm, authenticator } from "~/server/auth/authenticator.server";
import { createAccount, formRequest, PASSWORD, uniqueIp } from "./auth-helpers";

describe("the Authenticator", () => {
  it("has a form strategy for users and one for admins", () => {
    expect(authenticator.get("user")).toBeInstanceOf(FormStrategy);
    expect(authenticator.get("admin")).toBeInstanceOf(FormStrategy);
  });

  it("signs in a customer, a driver and an admin from a page's form", async () => {
    for (const role of ["customer", "driver", "admin"] as const) {
      const account = await createAccount({ role });
      const attempt = await authenticateForm(
        "user",
        formRequest("/signin", { email: account.email.toUpperCase(), password: PASSWORD }, { ip: uniqueIp() }),
        uniqueIp(),
      );
      expect(attempt.result).toMatchObject({ status: "ok", user: { id: account.id, role } });
    }
  });

  it("lets only an active admin through the admin strategy", async () => {
    const admin = await createAccount({ role: "admin" });
    const customer = await createAccount();
    const retired = await createAccount({ role: "admin", isActive: false });
    const attempt = (email: string) =>
      authenticateFields("admin", formRequest("/api/admin/login", {}, { ip: uniqueIp() }), uniqueIp(), {
        email,
        password: PASSWORD,
      });
    expect((await attempt(admin.email)).result?.status).toBe("ok");
    expect((await attempt(customer.email)).result?.status).toBe("failed");
    expect((await attempt(retired.email)).result?.status).toBe("failed");
  });

  it("fails a deactivated account, an unknown e-mail and a wrong password alike", async () => {
    const retired = await createAccount({ isActive: false });
    const known = await createAccount();
    const attempt = (email: string, password: string) =>
      authenticateForm("user", formRequest("/signin", { email, password }, { ip: uniqueIp() }), uniqueIp());
    expect((await attempt(retired.email, PASSWORD)).result).toEqual({ status: "failed" });
    expect((await attempt(`nobody-${known.id}@example.com`, PASSWORD)).result).toEqual({ status: "failed" });
    expect((await attempt(known.email, "wrong-password")).result).toEqual({ status: "failed" });
  });

  it("takes as long for an unknown e-mail as for a wrong password (argon2 runs either way)", async () => {
    const known = await createAccount();
    const timed = async (email: string) => {
      const started = performance.now();
      await authenticateForm(
        "user",
        formRequest("/signin", { email, password: "wrong-password" }, { ip: uniqueIp() }),
        uniqueIp(),
      );
      return performance.now() - started;
    };
    await timed(`warm-up-${known.id}@example.com`);
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await timed(`nobody-${i}-${known.id}@example.com`));
      wrong.push(await timed(known.email));
    }
    // Without the dummy hash an unknown e-mail answers after one query, many times faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });

  it("returns the form's own errors before any credential is checked", async () => {
    const attempt = await authenticateFields("user", formRequest("/api/auth/signin", {}), uniqueIp(), {
      email: "someone@example.com",
    });
    expect(attempt.result).toBeNull();
    expect(attempt.submission.status).toBe("error");
    expect(attempt.submission.status !== "success" && attempt.submission.error?.[""]).toEqual([
      "Both email and password are required.",
    ]);
  });

  it("counts failures against the rate limit and then refuses even the right password", async () => {
    const account = await createAccount();
    const ip = uniqueIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.account.limit; i++) {
      const attempt = await authenticateForm(
        "user",
        formRequest("/signin", { email: account.email, password: "wrong-password" }, { ip }),
        ip,
      );
      expect(attempt.result?.status).toBe("failed");
    }
    const blocked = await authenticateForm(
      "user",
      formRequest("/signin", { email: account.email, password: PASSWORD }, { ip }),
      ip,
    );
    expect(blocked.result).toMatchObject({ status: "limited" });
  });
});
