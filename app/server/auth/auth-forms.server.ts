// How the account pages answer a post (sign-in, sign-up, admin login and sign-up, password
// reset): a refused form comes back with what was typed but never its secrets; a signed-in
// account gets its session, staying on the page in a dialog, else going where it came from.
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { AUTH_MESSAGES } from "~/schemas/auth";
import { afterSignIn, getSessionUser, safeRedirect, startUserSession } from "~/server/auth/auth.server";
import { rememberPasswordPassed, twoFactorEnabled } from "~/server/auth/two-factor.server";
import type { ToastInput } from "~/utils/toast";
import type { SessionUser } from "~/views/session-user";

/** Where an admin with two-factor sign-in gives the code after the password. */
const TWO_FACTOR_STEP = "/admin/login/code";

type ReplyOptions = {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
  resetForm?: boolean;
};
type Submission = { reply: (options?: ReplyOptions) => SubmissionResult<string[]> };

export type Refusal = {
  status: number;
  formError?: string;
  fieldErrors?: Record<string, string[]>;
  headers?: HeadersInit;
};

/** The form back, with its errors (and a message of the server's), secret fields blank. */
export function refuse(
  submission: Submission,
  hideFields: string[],
  { status, formError, fieldErrors, headers }: Refusal,
) {
  return data(submission.reply({ formErrors: formError ? [formError] : undefined, fieldErrors, hideFields }), {
    status,
    headers,
  });
}

/** Refused for too many attempts: 429, with when to try again. */
export function tooManyAttempts(retryAfterSeconds: number): Refusal {
  return {
    status: 429,
    formError: AUTH_MESSAGES.tooManyAttempts,
    headers: { "Retry-After": String(retryAfterSeconds) },
  };
}

/** The account is signed in: a session (with a toast) starts, and the browser goes on to redirectTo. */
export async function signedIn(
  request: Request,
  submission: Submission,
  user: Pick<SessionUser, "id" | "role">,
  { toast, redirectTo, fallback = "/" }: { toast: ToastInput; redirectTo?: string; fallback?: string },
) {
  // An admin with two-factor sign-in gives the code first: no session until then.
  if (user.role === "admin" && (await twoFactorEnabled(user.id))) {
    const pending = await rememberPasswordPassed(request, user.id, safeRedirect(redirectTo, fallback));
    return redirect(TWO_FACTOR_STEP, { headers: { "Set-Cookie": pending } });
  }
  const cookie = await startUserSession(request, user, { variant: "success", ...toast });
  return redirect(afterSignIn(user.role, safeRedirect(redirectTo, fallback)), { headers: { "Set-Cookie": cookie } });
}

/** /signin and /signup: where to go afterwards; someone already signed in goes there now. */
export async function loadAccountPage(request: Request) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}
