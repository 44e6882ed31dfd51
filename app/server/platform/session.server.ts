import { createCookieSessionStorage } from "@remix-run/node";
import { env } from "./env.server";

const SESSION_COOKIE = "__session";

/** The signed, httpOnly cookie that carries the session id and flash toasts. */
export const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: SESSION_COOKIE,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.NODE_ENV === "production" && env.SITE_URL.startsWith("https:"),
    secrets: [env.SESSION_SECRET],
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** Whether a Cookie header carries a session cookie at all (signed in, or a toast waiting). */
export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return (cookieHeader ?? "").split(";").some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}
