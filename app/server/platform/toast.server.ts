// Toasts are flashed through the session so they survive redirects and show without JS.
import { redirect, type Session } from "@remix-run/node";
import { z } from "zod";
import { DEFAULT_TOAST_DURATION_MS, MAX_TOASTS, type Toast, type ToastInput } from "~/utils/toast";
import { getSession, sessionStorage } from "./session.server";

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

/** Adds a toast to a session the caller will commit. */
export function addToast(session: Session, input: ToastInput) {
  const toast = toastSchema.parse({ id: crypto.randomUUID(), ...input });
  session.flash(FLASH_KEY, [...readToasts(session.get(FLASH_KEY)), toast].slice(-MAX_TOASTS));
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

/** Reads (and so clears) the flashed toasts. */
export async function takeToasts(request: Request) {
  const session = await getSession(request);
  const toasts = readToasts(session.get(FLASH_KEY));
  const setCookie = toasts.length > 0 ? await sessionStorage.commitSession(session) : null;
  return { toasts, setCookie };
}
