// Forgot password and reset: a single-use, expiring token sent by e-mail (the local outbox
// here), stored only as a hash, that ends every session and API token of the account.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as forgotAction } from "~/routes/_auth+/forgot-password";
import { action as resetAction, loader as resetLoader } from "~/routes/_auth+/reset-password.$token";
import { AUTH_MESSAGES } from "~/schemas/auth";
import { createApiToken, getTokenUser } from "~/server/auth/api-auth.server";
import {
  AUTH_RATE_LIMITS,
  getSessionUser,
  hashToken,
  issuePasswordResetToken,
  verifyCredentials,
} from "~/server/auth/auth.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { useEnv } from "../support/env";
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
import { readOutbox } from "./messages";

let outbox: string;

beforeAll(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "auth-outbox-"));
});
useEnv(() => ({ OUTBOX_DIR: outbox }));
afterAll(async () => {
  await fs.rm(outbox, { recursive: true, force: true });
});

function tokenFrom(text: string) {
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
  expect(match).not.toBeNull();
  return match![1]!;
}

async function requestReset(email: string, ip = uniqueIp()) {
  return call(forgotAction, formRequest("/forgot-password", { email }, { ip }));
}

/** The e-mail goes out in the background: wait until the outbox holds `count` for this address. */
async function mailsTo(email: string, count = 1) {
  return vi.waitFor(async () => {
    const mails = await readOutbox(email);
    expect(mails).toHaveLength(count);
    return mails;
  });
}

describe("/forgot-password", () => {
  it("answers the same for an unknown address, an inactive account and a real one, and mails only the real one", async () => {
    const user = await createAccount();
    const inactive = await createAccount({ isActive: false });
    const unknown = `nobody-${unique()}@example.com`;
    const outcomes = [
      await requestReset(unknown),
      await requestReset(inactive.email),
      await requestReset(user.email.toUpperCase()),
    ];
    for (const outcome of outcomes) {
      expect(outcome.status).toBe(200);
      expect(outcome.body.status).toBe("success");
    }
    const mails = await mailsTo(user.email);
    expect(await readOutbox(unknown)).toHaveLength(0);
    expect(await readOutbox(inactive.email)).toHaveLength(0);
    expect(mails[0]!.subject).toBe("Reset your EasyMove password");
    expect(mails[0]!.text).toContain(`${env.SITE_URL}/reset-password/`);
    const token = tokenFrom(mails[0]!.text);
    const row = await db.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it("needs a valid e-mail", async () => {
    const outcome = await requestReset("not-an-email");
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.email).toEqual([AUTH_MESSAGES.invalidEmail]);
  });

  it("is rate limited per account and per IP", async () => {
    const user = await createAccount();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.passwordReset.account.limit; attempt++) {
      expect((await requestReset(user.email)).status).toBe(200);
    }
    const blocked = await requestReset(user.email);
    expect(blocked.status).toBe(429);
    await mailsTo(user.email, AUTH_RATE_LIMITS.passwordReset.account.limit);
    expect(blocked.body.error[""]).toEqual([AUTH_MESSAGES.tooManyAttempts]);

    const ip = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.passwordReset.ip.limit; attempt++)
      await requestReset(`x-${unique()}@example.com`, ip);
    expect((await requestReset(`x-${unique()}@example.com`, ip)).status).toBe(429);
  });
});

describe("/reset-password/$token", () => {
  it("sets the new password once, ending every session and API token of the account", async () => {
    const user = await createAccount();
    const cookie = await sessionCookie(user);
    const { token: apiToken } = await createApiToken(user);
    await requestReset(user.email);
    const token = tokenFrom((await mailsTo(user.email)).at(-1)!.text);

    const page = await call(resetLoader, getRequest(`/reset-password/${token}`), { token });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ valid: true });

    const mismatch = await call(
      resetAction,
      formRequest(
        `/reset-password/${token}`,
        { password: "brand-new-pass", confirmPassword: "brand-new-pasS" },
        { ip: uniqueIp() },
      ),
      { token },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.confirmPassword).toEqual(["Passwords do not match."]);
    expect(JSON.stringify(mismatch.body)).not.toContain("brand-new");

    const done = await call(
      resetAction,
      formRequest(
        `/reset-password/${token}`,
        { password: "brand-new-pass", confirmPassword: "brand-new-pass" },
        { ip: uniqueIp() },
      ),
      { token },
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe("/signin");
    expect(await verifyCredentials(user.email, "brand-new-pass")).toMatchObject({ id: user.id });
    expect(await verifyCredentials(user.email, PASSWORD)).toBeNull();
    expect(await getSessionUser(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();
    expect(await getTokenUser(apiToken)).toBeNull();

    const again = await call(
      resetAction,
      formRequest(
        `/reset-password/${token}`,
        { password: "another-pass-1", confirmPassword: "another-pass-1" },
        { ip: uniqueIp() },
      ),
      { token },
    );
    expect(again.status).toBe(410);
    expect(again.body.error[""]).toEqual([AUTH_MESSAGES.resetLinkInvalid]);
    expect((await call(resetLoader, getRequest(`/reset-password/${token}`), { token })).status).toBe(410);
    expect(await verifyCredentials(user.email, "brand-new-pass")).toMatchObject({ id: user.id });
  });

  it("refuses an expired token, an unknown one and one of a deactivated account", async () => {
    const user = await createAccount();
    const expired = await issuePasswordResetToken(user.id);
    await db.passwordResetToken.update({
      where: { tokenHash: hashToken(expired) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const inactive = await createAccount();
    const inactiveToken = await issuePasswordResetToken(inactive.id);
    await db.user.update({ where: { id: inactive.id }, data: { isActive: false } });
    for (const token of [expired, "made-up-token", inactiveToken]) {
      expect((await call(resetLoader, getRequest(`/reset-password/${token}`), { token })).body).toEqual({
        valid: false,
      });
      const outcome = await call(
        resetAction,
        formRequest(
          `/reset-password/${token}`,
          { password: "brand-new-pass", confirmPassword: "brand-new-pass" },
          { ip: uniqueIp() },
        ),
        { token },
      );
      expect(outcome.status).toBe(410);
    }
    expect(await verifyCredentials(user.email, PASSWORD)).toMatchObject({ id: user.id });
  });

  it("lets only one of two simultaneous submissions of the same link win", async () => {
    const user = await createAccount();
    const token = await issuePasswordResetToken(user.id);
    const submit = (password: string) =>
      call(
        resetAction,
        formRequest(`/reset-password/${token}`, { password, confirmPassword: password }, { ip: uniqueIp() }),
        { token },
      );
    const outcomes = await Promise.all([submit("first-password-1"), submit("second-password-2")]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([302, 410]);
  });
});
