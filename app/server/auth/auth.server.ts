// Who is asking. The session cookie holds a Session row id; the row (and the user's
// isActive flag) decide on every request, so logging out or deactivating takes effect at once.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { redirect } from "@remix-run/node";
import { safeRedirect as remixSafeRedirect } from "remix-utils/safe-redirect";
import { messageKey } from "~/domain/message-delivery";
import { queueMessage } from "~/server/messages/outbox.server";
import { isUniqueViolation } from "~/server/platform/db-errors.server";
import { db } from "~/server/platform/db.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { createId } from "~/server/platform/ids.server";
import { hitRateLimit, type RateLimitRule } from "~/server/platform/rate-limit.server";
import { readOncePerRequest } from "~/server/platform/request-context.server";
import { getSession, sessionStorage } from "~/server/platform/session.server";
import { addToast } from "~/server/platform/toast.server";
import type { ToastInput } from "~/utils/toast";
import type { SessionUser } from "~/views/session-user";
import { noteDriverContact } from "./driver-contact.server";
import { hashPassword, verifyPassword } from "./password.server";
import { PENDING_KEY as TWO_FACTOR_PENDING_KEY } from "./two-factor.server";

const SESSION_ID_KEY = "sessionId";
const CUSTOMER_SESSION_DAYS = 30;

/** A session unused this long ends, whatever its absolute expiry: an admin's after 30 minutes. */
export const SESSION_IDLE_MINUTES: Record<SessionUser["role"], number> = {
  admin: 30,
  driver: 14 * 24 * 60,
  customer: 14 * 24 * 60,
};
// lastSeenAt is written at most once a minute per session, not on every request.
const LAST_SEEN_PRECISION_MS = 60_000;

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const sessionId = session.get(SESSION_ID_KEY);
  if (typeof sessionId !== "string") return null;
  // A page's loaders (the root's and the route's) share one lookup; an action may change the
  // session or the account, so a post reads afresh each time.
  const isRead = request.method === "GET" || request.method === "HEAD";
  const user = isRead
    ? await readOncePerRequest(`session-user:${sessionId}`, () => signedInUser(sessionId))
    : await signedInUser(sessionId);
  if (user) await noteDriverContact(request, user);
  return user;
}

async function signedInUser(sessionId: string): Promise<SessionUser | null> {
  const row = await findSessionWithUser(sessionId);
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now || !row.isActive) return null;
  if (now - row.lastSeenAt.getTime() > SESSION_IDLE_MINUTES[row.role] * 60_000) {
    await db.session.deleteMany({ where: { id: sessionId } });
    return null;
  }
  if (now - row.lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
    await db.session.updateMany({ where: { id: sessionId }, data: { lastSeenAt: new Date(now) } });
  }
  return { id: row.id, username: row.username, email: row.email, role: row.role };
}

type SessionWithUser = SessionUser & { expiresAt: Date; lastSeenAt: Date; isActive: boolean };

/**
 * The session and its account in one query: every signed-in request asks this, and Prisma
 * reads a relation with a second round trip (a tenth of a page's server time, measured).
 */
async function findSessionWithUser(sessionId: string): Promise<SessionWithUser | null> {
  const rows = await db.$queryRaw<SessionWithUser[]>`
    SELECT s."expiresAt", s."lastSeenAt", u."id", u."username", u."email", u."role"::text AS "role", u."isActive"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."id" = ${sessionId}`;
  return rows[0] ?? null;
}

function redirectBackTo(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

// The guards (docs/ARCHITECTURE.md): called at the top of every loader and action that needs them.

/** Any signed-in, active account; else /signin, which comes back here afterwards. */
export async function requireUser(request: Request) {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/signin?redirectTo=${encodeURIComponent(redirectBackTo(request))}`);
  return user;
}

/** An active admin; anyone else goes to /admin/login (signed out) or / (signed in). */
export async function requireAdmin(request: Request) {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(redirectBackTo(request))}`);
  if (user.role !== "admin") throw redirect("/");
  return user;
}

/** An active driver's account; signed out goes to /signin, anyone else to /. */
export async function requireDriver(request: Request) {
  const user = await requireUser(request);
  if (user.role !== "driver") throw redirect("/");
  return user;
}

// ---------------------------------------------------------------- signing in and up
// Everything below is shared by the pages (/signin, /signup, /admin/login, /admin/signup,
// /forgot-password) and the JSON API (/api/auth/*, /api/admin/login|signup).

/** Admin sessions and tokens last 24 hours; everyone else's 30 days. */
const ADMIN_SESSION_DAYS = 1;

export function sessionDaysFor(role: SessionUser["role"]) {
  return role === "admin" ? ADMIN_SESSION_DAYS : CUSTOMER_SESSION_DAYS;
}

/**
 * Every rate limit on accounts and access, in one place. Each action counts per client IP
 * and per account (the e-mail address typed), so neither one address nor one account can
 * be hammered. Sign-in and admin login count failed attempts only, and per account *and*
 * address: an attacker elsewhere must not lock the owner out. Their per-account ceiling is
 * high enough that a handful of addresses cannot reach it; when many do, the owner is told.
 */
export const AUTH_RATE_LIMITS = {
  signIn: {
    account: { name: "signin:account-address", limit: 10, windowSeconds: 15 * 60 },
    ip: { name: "signin:ip", limit: 50, windowSeconds: 15 * 60 },
    ceiling: { name: "signin:account", limit: 100, windowSeconds: 15 * 60 },
  },
  adminLogin: {
    account: { name: "admin-login:account-address", limit: 5, windowSeconds: 15 * 60 },
    ip: { name: "admin-login:ip", limit: 20, windowSeconds: 15 * 60 },
    ceiling: { name: "admin-login:account", limit: 50, windowSeconds: 15 * 60 },
  },
  signUp: {
    account: { name: "signup:account", limit: 5, windowSeconds: 60 * 60 },
    ip: { name: "signup:ip", limit: 20, windowSeconds: 60 * 60 },
  },
  adminSignUp: {
    account: { name: "admin-signup:account", limit: 5, windowSeconds: 60 * 60 },
    ip: { name: "admin-signup:ip", limit: 10, windowSeconds: 60 * 60 },
  },
  passwordReset: {
    account: { name: "password-reset:account", limit: 3, windowSeconds: 60 * 60 },
    ip: { name: "password-reset:ip", limit: 10, windowSeconds: 60 * 60 },
  },
  passwordResetSubmit: {
    ip: { name: "password-reset-submit:ip", limit: 20, windowSeconds: 15 * 60 },
  },
} satisfies Record<string, Partial<Record<"account" | "ip" | "ceiling", RateLimitRule>>>;

type RulePair = { account: RateLimitRule; ip: RateLimitRule };

export type Limited = { status: "limited"; retryAfterSeconds: number };

/** Counts one attempt against both buckets; "limited" when either is over its limit. */
async function countAttempt(rules: RulePair, account: string, ip: string): Promise<Limited | null> {
  const results = await Promise.all([hitRateLimit(rules.account, account.toLowerCase()), hitRateLimit(rules.ip, ip)]);
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length === 0) return null;
  return { status: "limited", retryAfterSeconds: Math.max(...blocked.map((result) => result.retryAfterSeconds)) };
}

/**
 * A local path to go to after signing in; anything else (another site, "//x") gives the
 * fallback. remix-utils' rule, plus control characters, which no Location header may hold.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || /\p{Cc}/u.test(to)) return fallback;
  return remixSafeRedirect(to, fallback);
}

/**
 * Where a user goes after signing in when the page named nowhere in particular ("/"): a
 * driver starts at their jobs, everyone else at the home page.
 */
export function afterSignIn(role: SessionUser["role"], target: string) {
  return target === "/" && role === "driver" ? "/driver" : target;
}

/**
 * Starts a session for a user who just proved who they are. The session the browser held
 * before (if any) is ended, so a session id planted before sign-in is worthless after it.
 * Returns the Set-Cookie header; an optional toast rides along in the same cookie.
 */
export async function startUserSession(request: Request, user: Pick<SessionUser, "id" | "role">, toast?: ToastInput) {
  const session = await getSession(request);
  const previous = session.get(SESSION_ID_KEY);
  if (typeof previous === "string") await db.session.deleteMany({ where: { id: previous } });
  // A second sign-in step in progress (two-factor.server) ends with the session it led to.
  session.unset(TWO_FACTOR_PENDING_KEY);
  const days = sessionDaysFor(user.role);
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const row = await db.session.create({
    data: { userId: user.id, expiresAt, userAgent: request.headers.get("user-agent")?.slice(0, 300) },
    select: { id: true },
  });
  session.set(SESSION_ID_KEY, row.id);
  if (toast) addToast(session, toast);
  return sessionStorage.commitSession(session, { expires: expiresAt });
}

// Unknown addresses are checked against this hash, so they take as long as a wrong password.
let dummyHash: Promise<string> | null = null;

/** The active user with this e-mail and password, or null; the same work either way. */
export async function verifyCredentials(email: string, password: string): Promise<SessionUser | null> {
  const row = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, username: true, email: true, role: true, isActive: true, passwordHash: true },
  });
  dummyHash ??= hashPassword(crypto.randomUUID());
  const valid = await verifyPassword(password, row?.passwordHash ?? (await dummyHash));
  if (!row || !row.passwordHash || !valid || !row.isActive) return null;
  return { id: row.id, username: row.username, email: row.email, role: row.role };
}

export type SignInResult = { status: "ok"; user: SessionUser } | { status: "failed" } | Limited;

/**
 * Checks an e-mail and password under the rate limits. `adminOnly` is the admin login:
 * a valid customer or driver account fails there exactly like a wrong password.
 */
export async function signIn({
  email,
  password,
  ip,
  adminOnly = false,
}: {
  email: string;
  password: string;
  ip: string;
  adminOnly?: boolean;
}): Promise<SignInResult> {
  const rules = adminOnly ? AUTH_RATE_LIMITS.adminLogin : AUTH_RATE_LIMITS.signIn;
  const { pair, address, ceiling } = signInKeys(email, ip);
  const results = await Promise.all([
    hitRateLimit(rules.account, pair),
    hitRateLimit(rules.ip, address),
    hitRateLimit(rules.ceiling, ceiling),
  ]);
  const blocked = results.filter((result) => !result.allowed);
  // The ceiling's first refusal: the account is under attack from many places; its owner hears.
  if (results[2]!.count === rules.ceiling.limit + 1) void warnOwnerOfAttack(email);
  if (blocked.length > 0)
    return { status: "limited", retryAfterSeconds: Math.max(...blocked.map((result) => result.retryAfterSeconds)) };
  const user = await verifyCredentials(email, password);
  if (!user || (adminOnly && user.role !== "admin")) return { status: "failed" };
  const keys = [`${rules.account.name}:${pair}`, `${rules.ip.name}:${address}`, `${rules.ceiling.name}:${ceiling}`];
  await Promise.all([
    db.$executeRaw`update "RateLimitBucket" set "count" = greatest("count" - 1, 0) where "key" = any(${keys}) and "resetAt" > now()`,
    db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } }),
  ]);
  return { status: "ok", user };
}

/** The sign-in buckets' keys: the (account, address) pair, the address, the account. */
function signInKeys(email: string, ip: string) {
  const account = email.trim().toLowerCase().slice(0, 320);
  return { pair: `${account}|${ip}`, address: ip, ceiling: account };
}

/** Tells an account's owner that many addresses are guessing its password (once per window). */
async function warnOwnerOfAttack(email: string) {
  try {
    const user = await db.user.findUnique({
      where: { email: email.trim().toLowerCase() },
      select: { id: true, email: true, isActive: true },
    });
    if (!user?.isActive) return;
    await db.$transaction((tx) =>
      queueMessage(
        tx,
        "sign-in-attack",
        { userId: user.id },
        { key: messageKey("sign-in-attack", user.id, createId()), userId: user.id, recipient: user.email },
      ),
    );
  } catch (error) {
    console.error("Could not warn an account's owner of sign-in attempts:", error);
  }
}

export type RegisterResult = { status: "ok"; user: SessionUser } | { status: "taken" } | Limited;

async function createAccount(input: {
  username: string;
  email: string;
  password: string;
  role: SessionUser["role"];
}): Promise<RegisterResult> {
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.user.create({
      data: {
        username: input.username,
        email: input.email.toLowerCase(),
        passwordHash,
        role: input.role,
        lastLoginAt: new Date(),
      },
      select: { id: true, username: true, email: true, role: true },
    });
    return { status: "ok", user };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "taken" };
    throw error;
  }
}

/** A new customer account (the pages sign it in at once). A taken e-mail says only "taken". */
export async function registerCustomer(input: {
  username: string;
  email: string;
  password: string;
  ip: string;
}): Promise<RegisterResult> {
  const limited = await countAttempt(AUTH_RATE_LIMITS.signUp, input.email, input.ip);
  if (limited) return limited;
  return createAccount({ ...input, role: "customer" });
}

/** Admin sign-up is open only while ADMIN_REGISTRATION_KEY is set. */
export function adminRegistrationOpen() {
  return Boolean(env.ADMIN_REGISTRATION_KEY);
}

/** Compares a typed key with ADMIN_REGISTRATION_KEY in constant time (digests have equal length). */
export function adminKeyMatches(given: string, expected = env.ADMIN_REGISTRATION_KEY) {
  if (!expected) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export type AdminRegisterResult = RegisterResult | { status: "closed" } | { status: "bad_key" };

export async function registerAdmin(input: {
  username: string;
  email: string;
  password: string;
  adminKey: string;
  ip: string;
}): Promise<AdminRegisterResult> {
  if (!adminRegistrationOpen()) return { status: "closed" };
  const limited = await countAttempt(AUTH_RATE_LIMITS.adminSignUp, input.email, input.ip);
  if (limited) return limited;
  if (!adminKeyMatches(input.adminKey)) return { status: "bad_key" };
  const result = await createAccount({ ...input, role: "admin" });
  if (result.status === "ok") {
    await db.auditLog.create({
      data: { actorId: result.user.id, action: "admin.signup", targetType: "User", targetId: result.user.id },
    });
  }
  return result;
}

// ---------------------------------------------------------------- secrets in links and headers

/** A random secret for a link or a bearer token (256 bits, URL-safe). */
export function randomToken() {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored as SHA-256 digests: a leaked table holds no usable token. */
export function hashToken(token: string) {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

// ---------------------------------------------------------------- password reset

export const PASSWORD_RESET_TTL_HOURS = 1;

/** A single-use reset (or, for a new driver, set-password) token; only its hash is stored. */
export async function issuePasswordResetToken(userId: string, { hours = PASSWORD_RESET_TTL_HOURS } = {}) {
  const token = randomToken();
  await db.passwordResetToken.create({
    data: { userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + hours * 60 * 60 * 1000) },
  });
  return token;
}

export function passwordResetUrl(token: string) {
  return absoluteUrl(`/reset-password/${encodeURIComponent(token)}`);
}

/**
 * Queues a reset link when the address belongs to an active account. The caller answers the
 * same whatever happened, so the page never tells whether an address has an account; the
 * e-mail is composed and sent by the queue's worker, so it does not tell by taking longer either.
 */
export async function requestPasswordReset({
  email,
  ip,
}: {
  email: string;
  ip: string;
}): Promise<{ status: "sent" } | Limited> {
  const limited = await countAttempt(AUTH_RATE_LIMITS.passwordReset, email, ip);
  if (limited) return limited;
  const user = await db.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, username: true, email: true, isActive: true },
  });
  if (user?.isActive) {
    // Each request is its own message; its link is made when the e-mail is composed.
    await db.$transaction((tx) =>
      queueMessage(
        tx,
        "password-reset",
        { userId: user.id },
        { key: messageKey("password-reset", user.id, createId()), userId: user.id, recipient: user.email },
      ),
    );
  }
  return { status: "sent" };
}

/** The user a reset token belongs to, while it is unused and unexpired. */
export async function findValidResetToken(token: string) {
  if (!token || token.length > 200) return null;
  const row = await db.passwordResetToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, usedAt: true, expiresAt: true, user: { select: { id: true, email: true, isActive: true } } },
  });
  if (!row || row.usedAt || row.expiresAt <= new Date() || !row.user.isActive) return null;
  return { tokenId: row.id, user: { id: row.user.id, email: row.user.email } };
}

/**
 * Sets a new password with a reset token. The token is used up in the same statement that
 * checks it (so two submissions cannot both win), every other session, API token and reset
 * link of the account ends, and the caller sends the user to sign in afresh.
 */
export async function resetPassword({
  token,
  password,
  ip,
}: {
  token: string;
  password: string;
  ip: string;
}): Promise<{ status: "ok"; email: string } | { status: "invalid" } | Limited> {
  const limit = await hitRateLimit(AUTH_RATE_LIMITS.passwordResetSubmit.ip, ip);
  if (!limit.allowed) return { status: "limited", retryAfterSeconds: limit.retryAfterSeconds };
  const found = await findValidResetToken(token);
  if (!found) return { status: "invalid" };
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const done = await db.$transaction(async (tx) => {
    const used = await tx.passwordResetToken.updateMany({
      where: { id: found.tokenId, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (used.count !== 1) return false;
    await tx.user.update({ where: { id: found.user.id }, data: { passwordHash } });
    await tx.passwordResetToken.updateMany({ where: { userId: found.user.id, usedAt: null }, data: { usedAt: now } });
    await tx.session.deleteMany({ where: { userId: found.user.id } });
    await tx.apiToken.updateMany({ where: { userId: found.user.id, revokedAt: null }, data: { revokedAt: now } });
    return true;
  });
  return done ? { status: "ok", email: found.user.email } : { status: "invalid" };
}

/** Ends the cookie session on the server; returns the Set-Cookie header that clears it (with a toast, if given). */
/** Every session and API token of this user ends ("Sign out everywhere"); returns how many sessions. */
export async function endAllSessions(userId: string) {
  const [sessions] = await db.$transaction([
    db.session.deleteMany({ where: { userId } }),
    db.apiToken.deleteMany({ where: { userId } }),
  ]);
  return sessions.count;
}

/** The user's signed-in browsers, newest use first, for the account page. */
export async function listSessions(userId: string) {
  return db.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: { lastSeenAt: "desc" },
    select: { id: true, userAgent: true, createdAt: true, lastSeenAt: true },
    take: 20,
  });
}

/** The id of the session this request carries, if any (to mark "this browser"). */
export async function currentSessionId(request: Request) {
  const sessionId = (await getSession(request)).get(SESSION_ID_KEY);
  return typeof sessionId === "string" ? sessionId : null;
}

export async function endUserSession(request: Request, toast?: ToastInput) {
  const session = await getSession(request);
  const sessionId = session.get(SESSION_ID_KEY);
  if (typeof sessionId === "string") await db.session.deleteMany({ where: { id: sessionId } });
  session.unset(SESSION_ID_KEY);
  if (toast) addToast(session, toast);
  return sessionStorage.commitSession(session);
}
