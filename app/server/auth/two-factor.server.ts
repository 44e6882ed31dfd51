// Two-factor sign-in for admins: a time-based one-time password (TOTP, RFC 6238, the codes of
// any authenticator app) after the password, or one of ten single-use recovery codes. The
// secret is stored encrypted (ENCRYPTION_KEY), recovery codes as hashes only; a TOTP code is
// accepted once (its time step is remembered) and guesses are rate limited per account.
//
// Between the password and the code, the browser's session cookie holds only "this user has
// passed the password, until <time>": no session exists until the second factor is given.
import { createHash, randomInt } from "node:crypto";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { TWO_FACTOR_MESSAGES } from "~/schemas/auth";
import { db } from "~/server/platform/db.server";
import { decryptSecret, encryptSecret } from "~/server/platform/encryption.server";
import { env } from "~/server/platform/env.server";
import { hitRateLimit } from "~/server/platform/rate-limit.server";
import { getSession, sessionStorage } from "~/server/platform/session.server";

/** Who may answer the second step, and how often they may guess. */
const ATTEMPTS_RULE = { name: "two-factor", limit: 5, windowSeconds: 15 * 60 };
export const PENDING_KEY = "twoFactorPending";
const PENDING_MINUTES = 5;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read aloud, typed by hand

function totpFor(secret: OTPAuth.Secret, email: string) {
  return new OTPAuth.TOTP({ issuer: env.BRAND_NAME, label: email, secret, algorithm: "SHA1", digits: 6, period: 30 });
}

const hashCode = (code: string) => createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, "");

export async function twoFactorEnabled(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } });
  return Boolean(user?.totpEnabledAt);
}

// ---------------------------------------------------------------- enrolment

export type Enrolment = { manualKey: string; otpauthUrl: string; qrCodeDataUrl: string };

/** A new secret for the admin to add to their app (replacing any unconfirmed one). */
export async function beginEnrolment(user: { id: string; email: string }): Promise<Enrolment> {
  const secret = new OTPAuth.Secret({ size: 20 });
  await db.user.update({
    where: { id: user.id },
    data: { totpSecret: encryptSecret(secret.base32), totpEnabledAt: null, totpLastStep: null },
  });
  return enrolmentOf(secret, user.email);
}

/** The enrolment in progress (its QR code again), or null when there is none or it is done. */
export async function pendingEnrolment(user: { id: string; email: string }): Promise<Enrolment | null> {
  const row = await db.user.findUnique({ where: { id: user.id }, select: { totpSecret: true, totpEnabledAt: true } });
  if (!row?.totpSecret || row.totpEnabledAt) return null;
  return enrolmentOf(OTPAuth.Secret.fromBase32(decryptSecret(row.totpSecret)), user.email);
}

async function enrolmentOf(secret: OTPAuth.Secret, email: string): Promise<Enrolment> {
  const otpauthUrl = totpFor(secret, email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    manualKey: secret.base32.replace(/(.{4})/g, "$1 ").trim(),
    otpauthUrl,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** Turns two-factor on with a first good code; gives the recovery codes, shown once. */
export async function confirmEnrolment(
  user: { id: string; email: string },
  code: string,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; message: string }> {
  const row = await db.user.findUnique({ where: { id: user.id }, select: { totpSecret: true, totpEnabledAt: true } });
  if (!row?.totpSecret || row.totpEnabledAt) return { ok: false, message: TWO_FACTOR_MESSAGES.expired };
  const step = matchingStep(row.totpSecret, user.email, code);
  if (step === null) return { ok: false, message: TWO_FACTOR_MESSAGES.codeInvalid };
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { totpEnabledAt: new Date(), totpLastStep: step } }),
    db.recoveryCode.deleteMany({ where: { userId: user.id } }),
    db.recoveryCode.createMany({
      data: recoveryCodes.map((recovery) => ({ userId: user.id, codeHash: hashCode(recovery) })),
    }),
  ]);
  return { ok: true, recoveryCodes };
}

/** Turns two-factor off; it takes a current code (or a recovery code), not just a session. */
export async function disableTwoFactor(user: { id: string; email: string }, code: string) {
  if (!(await verifySecondFactor(user, code))) return false;
  await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null } }),
    db.recoveryCode.deleteMany({ where: { userId: user.id } }),
  ]);
  return true;
}

export async function unusedRecoveryCodes(userId: string) {
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}

function newRecoveryCode() {
  const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

/** The time step a 6-digit code belongs to (this one or a neighbour, for clock drift), or null. */
function matchingStep(encryptedSecret: string, email: string, code: string) {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpFor(OTPAuth.Secret.fromBase32(decryptSecret(encryptedSecret)), email);
  const delta = totp.validate({ token, window: 1 });
  return delta === null ? null : totp.counter() + delta;
}

// ---------------------------------------------------------------- signing in

/** True for a current TOTP code not used before, or an unused recovery code (spent now). */
export async function verifySecondFactor(user: { id: string; email: string }, code: string) {
  const row = await db.user.findUnique({ where: { id: user.id }, select: { totpSecret: true, totpEnabledAt: true } });
  if (!row?.totpSecret || !row.totpEnabledAt) return false;
  const step = matchingStep(row.totpSecret, user.email, code);
  if (step !== null) {
    // One step, one sign-in: a code seen (or a later one used) before is refused, even at once.
    const taken = await db.user.updateMany({
      where: { id: user.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return taken.count === 1;
  }
  const spent = await db.recoveryCode.updateMany({
    where: { userId: user.id, codeHash: hashCode(code), usedAt: null },
    data: { usedAt: new Date() },
  });
  return spent.count === 1;
}

/** Counts one guess at this account's second step; false once there were too many. */
export async function mayTryCode(userId: string) {
  return (await hitRateLimit(ATTEMPTS_RULE, userId)).allowed;
}

export type PendingSignIn = { userId: string; redirectTo: string; expiresAt: number };

/** The password was right: the cookie remembers that (briefly), and no session starts yet. */
export async function rememberPasswordPassed(request: Request, userId: string, redirectTo: string) {
  const session = await getSession(request);
  session.set(PENDING_KEY, {
    userId,
    redirectTo,
    expiresAt: Date.now() + PENDING_MINUTES * 60_000,
  } satisfies PendingSignIn);
  return sessionStorage.commitSession(session);
}

/** Who passed the password in this browser and may now give the code, or null (none, or too late). */
export async function pendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const pending = (await getSession(request)).get(PENDING_KEY) as PendingSignIn | undefined;
  if (!pending || typeof pending.userId !== "string" || !(pending.expiresAt > Date.now())) return null;
  return pending;
}

/** The pending step is over (done, or given up): the cookie forgets it. */
export async function forgetPendingSignIn(request: Request) {
  const session = await getSession(request);
  session.unset(PENDING_KEY);
  return sessionStorage.commitSession(session);
}
