// Who is asking. The session cookie holds a Session row id; the row (and the user's
// isActive flag) decide on every request, so logging out or deactivating takes effect at once.
import { redirect } from "@remix-run/node";
import { db } from "./db.server";
import { getSession, sessionStorage } from "./session.server";
import { addToast } from "./toast.server";

const SESSION_ID_KEY = "sessionId";
const CUSTOMER_SESSION_DAYS = 30;

export type SessionUser = {
  id: string;
  username: string;
  email: string;
  role: "customer" | "driver" | "admin";
};

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const sessionId = session.get(SESSION_ID_KEY);
  if (typeof sessionId !== "string") return null;
  const row = await db.session.findUnique({
    where: { id: sessionId },
    select: { expiresAt: true, user: { select: { id: true, username: true, email: true, role: true, isActive: true } } },
  });
  if (!row || row.expiresAt <= new Date() || !row.user.isActive) return null;
  const { isActive: _isActive, ...user } = row.user;
  return user;
}

/** Starts a server-side session and returns the Set-Cookie header for it. */
export async function createUserSession(request: Request, userId: string, { days = CUSTOMER_SESSION_DAYS } = {}) {
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const row = await db.session.create({
    data: { userId, expiresAt, userAgent: request.headers.get("user-agent")?.slice(0, 300) },
    select: { id: true },
  });
  const session = await getSession(request);
  session.set(SESSION_ID_KEY, row.id);
  return sessionStorage.commitSession(session, { expires: expiresAt });
}

/** Ends the session on the server and in the browser, and says so in a toast. */
export async function logout(request: Request, redirectTo = "/") {
  const session = await getSession(request);
  const sessionId = session.get(SESSION_ID_KEY);
  if (typeof sessionId === "string") await db.session.deleteMany({ where: { id: sessionId } });
  session.unset(SESSION_ID_KEY);
  addToast(session, { title: "Signed out", description: "You have been signed out.", variant: "success" });
  return redirect(redirectTo, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
}

function redirectBackTo(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The signed-in user, or a redirect to /signin that comes back here afterwards. */
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

/** An approved driver's account. */
export async function requireDriver(request: Request) {
  const user = await requireUser(request);
  if (user.role !== "driver") throw redirect("/");
  return user;
}
