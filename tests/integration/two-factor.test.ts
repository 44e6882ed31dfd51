// Admin two-factor sign-in: enrolment (a secret shown as a QR code and a key; the first code
// turns it on and gives ten recovery codes once), then every sign-in of that admin (page and
// API) asks for a current code or an unused recovery code; a code works once; guesses are
// limited; turning it off takes a code.
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { action as adminLoginAction } from "~/routes/_auth+/admin_.login";
import { action as codeAction, loader as codeLoader } from "~/routes/_auth+/admin_.login_.code";
import { action as signInAction } from "~/routes/_auth+/signin";
import { action as enrolAction, loader as enrolLoader } from "~/routes/admin+/two-factor";
import { action as apiAdminLogin } from "~/routes/api+/admin.login";
import { TWO_FACTOR_MESSAGES } from "~/schemas/auth";
import { getSessionUser } from "~/server/auth/auth.server";
import { db } from "~/server/platform/db.server";
import {
  call,
  createAccount,
  formRequest,
  getRequest,
  jsonRequest,
  PASSWORD,
  sessionCookie,
  uniqueIp,
} from "./auth-helpers";

const codeFor = (manualKey: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(manualKey.replace(/\s/g, "")),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** An admin with two-factor on: their key, their recovery codes and a signed-in cookie. */
async function enrolledAdmin() {
  const admin = await createAccount({ role: "admin" });
  const cookie = await sessionCookie(admin);
  expect((await call(enrolLoader, getRequest("/admin/two-factor", { cookie }))).body).toMatchObject({
    state: "off",
    enrolment: null,
  });
  await call(enrolAction, formRequest("/admin/two-factor", { intent: "begin" }, { cookie }));
  const page = (await call(enrolLoader, getRequest("/admin/two-factor", { cookie }))).body;
  expect(page.enrolment.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(page.enrolment.otpauthUrl).toContain("otpauth://totp/");
  const manualKey: string = page.enrolment.manualKey;

  const wrong = await call(
    enrolAction,
    formRequest("/admin/two-factor", { intent: "confirm", code: "000000" }, { cookie }),
  );
  expect(wrong.status).toBe(400);
  expect(wrong.body.result.error.code).toEqual([TWO_FACTOR_MESSAGES.codeInvalid]);
  const confirmed = await call(
    enrolAction,
    formRequest("/admin/two-factor", { intent: "confirm", code: codeFor(manualKey) }, { cookie }),
  );
  expect(confirmed.status).toBe(200);
  const recoveryCodes: string[] = confirmed.body.recoveryCodes;
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  // Stored encrypted and hashed, never as they are.
  const row = await db.user.findUniqueOrThrow({ where: { id: admin.id } });
  expect(row.totpSecret).not.toContain(manualKey.replace(/\s/g, ""));
  expect(JSON.stringify(await db.recoveryCode.findMany({ where: { userId: admin.id } }))).not.toContain(
    recoveryCodes[0]!,
  );
  return { admin, manualKey, recoveryCodes, cookie };
}

/** The password step at /admin/login: the cookie that remembers it, and where it leads. */
async function passwordStep(email: string) {
  const outcome = await call(
    adminLoginAction,
    formRequest("/admin/login", { email, password: PASSWORD, redirectTo: "/admin/users" }, { ip: uniqueIp() }),
  );
  return { outcome, cookie: outcome.headers.get("set-cookie")?.split(";")[0] ?? null };
}

describe("admin two-factor sign-in", () => {
  it("after the password, no session until a current code; then the session, and on to where the admin was going", async () => {
    const { admin, manualKey } = await enrolledAdmin();
    // Spent already by the enrolment: the next code the app shows.
    const { outcome, cookie } = await passwordStep(admin.email);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin/login/code");
    expect(await getSessionUser(getRequest("/", { cookie }))).toBeNull();
    expect((await call(codeLoader, getRequest("/admin/login/code", { cookie }))).status).toBe(200);

    const wrong = await call(codeAction, formRequest("/admin/login/code", { code: "123456" }, { cookie }));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toEqual([TWO_FACTOR_MESSAGES.codeInvalid]);
    const empty = await call(codeAction, formRequest("/admin/login/code", { code: "" }, { cookie }));
    expect(empty.body.error.code).toEqual([TWO_FACTOR_MESSAGES.codeRequired]);

    const done = await call(codeAction, formRequest("/admin/login/code", { code: codeFor(manualKey, 1) }, { cookie }));
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/users");
    const signedIn = done.headers.get("set-cookie")!.split(";")[0]!;
    expect(await getSessionUser(getRequest("/", { cookie: signedIn }))).toMatchObject({ id: admin.id });

    // The same code again (a replay): refused.
    const again = await passwordStep(admin.email);
    expect(
      (
        await call(
          codeAction,
          formRequest("/admin/login/code", { code: codeFor(manualKey, 1) }, { cookie: again.cookie }),
        )
      ).status,
    ).toBe(401);
  });

  it("asks for the code on /signin too (an admin may sign in there)", async () => {
    const { admin } = await enrolledAdmin();
    const outcome = await call(
      signInAction,
      formRequest("/signin", { email: admin.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    expect(outcome.location).toBe("/admin/login/code");
  });

  it("takes each recovery code once", async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const first = await passwordStep(admin.email);
    const done = await call(
      codeAction,
      formRequest("/admin/login/code", { code: recoveryCodes[0]!.toUpperCase() }, { cookie: first.cookie }),
    );
    expect(done.status).toBe(302);
    const second = await passwordStep(admin.email);
    expect(
      (await call(codeAction, formRequest("/admin/login/code", { code: recoveryCodes[0]! }, { cookie: second.cookie })))
        .status,
    ).toBe(401);
    expect(
      (await call(codeAction, formRequest("/admin/login/code", { code: recoveryCodes[1]! }, { cookie: second.cookie })))
        .status,
    ).toBe(302);
  });

  it("allows 5 guesses, then answers 429", async () => {
    const { admin } = await enrolledAdmin();
    const { cookie } = await passwordStep(admin.email);
    for (let guess = 0; guess < 5; guess++)
      expect(
        (await call(codeAction, formRequest("/admin/login/code", { code: `00000${guess}` }, { cookie }))).status,
      ).toBe(401);
    const blocked = await call(codeAction, formRequest("/admin/login/code", { code: "000009" }, { cookie }));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error[""]).toEqual([TWO_FACTOR_MESSAGES.tooManyAttempts]);
  });

  it("sends a browser that never gave the password back to the sign-in page", async () => {
    const outcome = await call(codeLoader, getRequest("/admin/login/code"));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin/login");
    expect((await call(codeAction, formRequest("/admin/login/code", { code: "123456" }))).location).toBe(
      "/admin/login",
    );
  });

  it("the API's admin login takes the code in the same call", async () => {
    const { admin, manualKey } = await enrolledAdmin();
    const missing = await call(
      apiAdminLogin,
      jsonRequest("/api/admin/login", { email: admin.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ twoFactorRequired: true });
    expect(await db.apiToken.count({ where: { userId: admin.id } })).toBe(0);
    const ok = await call(
      apiAdminLogin,
      jsonRequest(
        "/api/admin/login",
        { email: admin.email, password: PASSWORD, code: codeFor(manualKey, 1) },
        { ip: uniqueIp() },
      ),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
  });

  it("turning it off takes a current code; then the password alone signs in again", async () => {
    const { admin, manualKey, cookie } = await enrolledAdmin();
    expect(
      (await call(enrolAction, formRequest("/admin/two-factor", { intent: "disable", code: "999999" }, { cookie })))
        .status,
    ).toBe(400);
    expect((await call(enrolLoader, getRequest("/admin/two-factor", { cookie }))).body.state).toBe("on");
    expect(
      (
        await call(
          enrolAction,
          formRequest("/admin/two-factor", { intent: "disable", code: codeFor(manualKey, 1) }, { cookie }),
        )
      ).status,
    ).toBe(200);
    expect((await call(enrolLoader, getRequest("/admin/two-factor", { cookie }))).body.state).toBe("off");
    const { outcome } = await passwordStep(admin.email);
    expect(outcome.location).toBe("/admin/users");
  });

  it("admins without it sign in with the password as before", async () => {
    const admin = await createAccount({ role: "admin" });
    expect((await passwordStep(admin.email)).outcome.location).toBe("/admin/users");
  });
});
