import { createCookieSessionStorage } from "@remix-run/node";
import { env } from "./env.server";

/** The signed, httpOnly cookie that carries the session id and flash toasts. */
export const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: "__session",
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
