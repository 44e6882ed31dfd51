// Bearer tokens for the JSON API. A token is a random
// secret handed out once by /api/auth/signin or /api/admin/login; only its SHA-256 digest is
// stored, with an expiry (24 hours for admins) and a revocation time set at logout. API
// routes accept such a token or the browser's session cookie.
import { AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from "~/schemas/auth";
import { apiError, readJsonBody, submissionError, tooManyRequests } from "~/server/platform/api.server";
import { db } from "~/server/platform/db.server";
import type { SessionUser } from "~/views/session-user";
import { getSessionUser, hashToken, randomToken, SESSION_IDLE_MINUTES, sessionDaysFor } from "./auth.server";
import { authenticateFields, type SignInStrategy } from "./authenticator.server";
import { noteDriverContact } from "./driver-contact.server";
import { mayTryCode, twoFactorEnabled, verifySecondFactor } from "./two-factor.server";

/** Issues a token for a user who just signed in; the caller returns it once and forgets it. */
export async function createApiToken(user: Pick<SessionUser, "id" | "role">) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + sessionDaysFor(user.role) * 24 * 60 * 60 * 1000);
  await db.apiToken.create({ data: { userId: user.id, tokenHash: hashToken(token), expiresAt } });
  return { token, expiresAt };
}

/** The token in `Authorization: Bearer …`, or null when the header is absent or malformed. */
function bearerToken(request: Request) {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,200})\s*$/i.exec(header);
  return match ? match[1]! : null;
}

// lastUsedAt is a hint for people, not a rule, so it is written at most every few minutes.
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;

/** The active user a live (unexpired, unrevoked) token belongs to, or null. */
export async function getTokenUser(token: string): Promise<SessionUser | null> {
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      expiresAt: true,
      revokedAt: true,
      lastUsedAt: true,
      createdAt: true,
      user: { select: { id: true, username: true, email: true, role: true, isActive: true } },
    },
  });
  const now = new Date();
  if (!row || row.revokedAt || row.expiresAt <= now || !row.user.isActive) return null;
  // The same idle timeout as a session (an admin's token unused for 30 minutes ends).
  const idleSince = (row.lastUsedAt ?? row.createdAt).getTime();
  if (now.getTime() - idleSince > SESSION_IDLE_MINUTES[row.user.role] * 60_000) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  const { isActive: _isActive, ...user } = row.user;
  return user;
}

/**
 * Who is calling an API route. A request that carries an Authorization header is judged by
 * its token alone (a bad token is not rescued by a cookie); otherwise by the session cookie.
 */
export async function getApiUser(request: Request): Promise<SessionUser | null> {
  if (request.headers.has("authorization")) {
    const token = bearerToken(request);
    const user = token ? await getTokenUser(token) : null;
    if (user) await noteDriverContact(request, user);
    return user;
  }
  return getSessionUser(request);
}

const UNAUTHORIZED_MESSAGE = "Authentication required";
const FORBIDDEN_MESSAGE = "Admin access required";

/** A signed-in caller (token or session), else a thrown 401 JSON response. */
export async function requireApiUser(request: Request) {
  const user = await getApiUser(request);
  if (!user) {
    throw apiError(401, UNAUTHORIZED_MESSAGE, { headers: { "WWW-Authenticate": 'Bearer realm="api"' } });
  }
  return user;
}

/** A driver (token or session): 401 JSON without a valid one, 403 JSON for anyone else. */
export async function requireApiDriver(request: Request) {
  const user = await requireApiUser(request);
  if (user.role !== "driver") throw apiError(403, "Driver access required");
  return user;
}

/** An active admin (token or session): 401 JSON without a valid one, 403 JSON for anyone else. */
export async function requireApiAdmin(request: Request) {
  const user = await requireApiUser(request);
  if (user.role !== "admin") throw apiError(403, FORBIDDEN_MESSAGE);
  return user;
}

/** Revokes the request's bearer token, if it has one (logout). */
export async function revokeBearerToken(request: Request) {
  const token = bearerToken(request);
  if (!token) return false;
  const result = await db.apiToken.updateMany({
    where: { tokenHash: hashToken(token), revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return result.count > 0;
}

/**
 * The JSON API's sign-in (/api/auth/signin, /api/admin/login): the body's fields through the
 * Authenticator's strategy, then a token; a Response with the error otherwise.
 */
export async function signInForToken(
  request: Request,
  address: string,
  strategy: SignInStrategy,
  failedMessage: string,
) {
  const body = await readJsonBody(request, { form: true });
  const attempt = await authenticateFields(strategy, request, address, body);
  if (!attempt.result) return submissionError(attempt.submission);
  const { result } = attempt;
  if (result.status === "limited")
    return tooManyRequests({ retryAfterSeconds: result.retryAfterSeconds }, AUTH_MESSAGES.tooManyAttempts);
  if (result.status === "failed") return apiError(401, failedMessage);
  // An admin with two-factor sign-in sends the code in the same call ("code").
  if (result.user.role === "admin" && (await twoFactorEnabled(result.user.id))) {
    const code = typeof body.code === "string" ? body.code : "";
    if (!code)
      return Response.json(
        { error: TWO_FACTOR_MESSAGES.required, message: TWO_FACTOR_MESSAGES.required, twoFactorRequired: true },
        { status: 401 },
      );
    if (!(await mayTryCode(result.user.id)))
      return tooManyRequests({ retryAfterSeconds: 900 }, TWO_FACTOR_MESSAGES.tooManyAttempts);
    if (!(await verifySecondFactor(result.user, code))) return apiError(401, TWO_FACTOR_MESSAGES.codeInvalid);
  }
  return { user: result.user, ...(await createApiToken(result.user)) };
}
