// Toasts, one way for every action: the action raises the toast with answerWithToast, the root
// loader takes it (takeToasts) and the toaster shows it, with JavaScript on or off. A toast
// travels in the session cookie (flashed, so it shows once) or, when the action renders the
// page itself in the same request, in that request's context.
import { data, redirect, type AppLoadContext, type Session } from "@remix-run/node";
import { z } from "zod";
import { DEFAULT_TOAST_DURATION_MS, MAX_TOASTS, type Toast, type ToastInput } from "~/utils/toast";
import { getSession, sessionStorage } from "./session.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Toasts an action raised for the page this same request renders (a plain post with errors). */
    toasts?: Toast[];
  }
}

const toastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "success", "error"]).default("default"),
  durationMs: z.number().int().positive().default(DEFAULT_TOAST_DURATION_MS),
});

const FLASH_KEY = "toasts";

function readToasts(value: unknown): Toast[] {
  const parsed = toastSchema.array().safeParse(value);
  return parsed.success ? parsed.data : [];
}

const toastOf = (input: ToastInput): Toast => toastSchema.parse({ id: crypto.randomUUID(), ...input });

/** Adds a toast to a session the caller will commit. */
export function addToast(session: Session, input: ToastInput) {
  session.flash(FLASH_KEY, [...readToasts(session.get(FLASH_KEY)), toastOf(input)].slice(-MAX_TOASTS));
}

/** Adds a toast to the session; returns the Set-Cookie header to send with the response. */
export async function flashToast(request: Request, input: ToastInput) {
  const session = await getSession(request);
  addToast(session, input);
  return sessionStorage.commitSession(session);
}

export async function redirectWithToast(request: Request, url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToast(request, toast));
  return redirect(url, { ...init, headers });
}

/**
 * Whether the page's JavaScript sent this post (a fetcher, or a <Form> Remix submits with
 * fetch) rather than the browser navigating: browsers send `Sec-Fetch-Dest: document` for a
 * navigation and `empty` for a script's fetch. The page then stays and takes the data.
 */
function isEnhancedPost(request: Request) {
  return request.headers.get("Sec-Fetch-Dest") === "empty";
}

type ToastAnswer<T> = {
  toast: ToastInput | null;
  /** The action data: what a fetcher or the page shows besides the toast. */
  data: T;
  status?: number;
  /** Where a plain post goes afterwards (post, redirect, get); without it the page is rendered. */
  redirectTo?: string;
  headers?: HeadersInit;
};

/**
 * The answer of an action that tells the user how it went:
 * - posted by the page's JavaScript: the data, the toast flashed into the session cookie (the
 *   root loader runs again after every post, see root.tsx, and shows it);
 * - a plain post with somewhere to go: a redirect there, the toast in the cookie;
 * - a plain post answered with the page (a form with errors and the typed input): the data,
 *   the toast in this request's context, where the root loader of the same render finds it.
 */
export async function answerWithToast<T>(
  request: Request,
  context: AppLoadContext,
  { toast, data: payload, status = 200, redirectTo, headers: extra }: ToastAnswer<T>,
) {
  const headers = new Headers(extra);
  const enhanced = isEnhancedPost(request);
  if (toast && (enhanced || redirectTo)) headers.append("Set-Cookie", await flashToast(request, toast));
  if (!enhanced && redirectTo) return redirect(redirectTo, { status: 303, headers });
  if (toast && !enhanced) context.toasts = [...(context.toasts ?? []), toastOf(toast)];
  return data(payload, { status, headers });
}

/** Reads (and so clears) the flashed toasts, after those an action of this request raised. */
export async function takeToasts(request: Request, context?: AppLoadContext) {
  const session = await getSession(request);
  const flashed = readToasts(session.get(FLASH_KEY));
  const setCookie = flashed.length > 0 ? await sessionStorage.commitSession(session) : null;
  return { toasts: [...flashed, ...(context?.toasts ?? [])].slice(-MAX_TOASTS), setCookie };
}
