// Sign in or sign up without leaving the page (the checkout's "Please sign in to pay").
// With JavaScript, the Sign In and Sign Up buttons open the cards in place, in a native
// <dialog>, and the cards switch between each other there. Without JavaScript they are
// plain links to /signin and /signup that come back here (redirectTo) afterwards.
import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { withRedirectTo } from "./auth-card";
import { SignInCard } from "./sign-in-card";
import { SignUpCard } from "./sign-up-card";

export type AuthView = "signin" | "signup";

export type AuthDialogProps = {
  /** Where to come back to after signing in (the current page, usually). A local path. */
  redirectTo: string;
  /** Shown beside the buttons and at the top of the dialog, e.g. "Please sign in to pay". */
  message?: string;
  initialView?: AuthView;
  /** Open as soon as JavaScript runs (the checkout opens it at once). */
  defaultOpen?: boolean;
  /** False: no close button, and Escape does not close it. */
  dismissable?: boolean;
  /** Called once signed in; the dialog closes and the page stays. Without it, success goes to redirectTo. */
  onSuccess?: () => void;
};

export function AuthDialog({ redirectTo, message, initialView = "signin", defaultOpen = false, dismissable = true, onSuccess }: AuthDialogProps) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const wantOpen = useRef(false);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<AuthView>(initialView);
  const Card = view === "signin" ? SignInCard : SignUpCard;
  const headingId = useId();

  useEffect(() => {
    if (hydrated && defaultOpen) setOpen(true);
  }, [hydrated, defaultOpen]);

  useEffect(() => {
    wantOpen.current = open;
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open, hydrated]);

  const show = (next: AuthView) => {
    setView(next);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const succeeded = onSuccess
    ? () => {
        setOpen(false);
        onSuccess();
      }
    : undefined;

  return (
    <div className="rounded-xl border border-blue-200 bg-blue-50 p-5" data-testid="auth-prompt">
      {message ? <p className="font-semibold text-slate-900">{message}</p> : null}
      <div className="mt-3 flex flex-wrap gap-3">
        {hydrated ? (
          <>
            <button type="button" onClick={() => show("signin")} className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">
              Sign In
            </button>
            <button type="button" onClick={() => show("signup")} className="rounded-md border border-blue-700 bg-white px-4 py-2 font-semibold text-blue-800 hover:bg-blue-50">
              Sign Up
            </button>
          </>
        ) : (
          <>
            <Link to={withRedirectTo("/signin", redirectTo)} className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800">
              Sign In
            </Link>
            <Link to={withRedirectTo("/signup", redirectTo)} className="rounded-md border border-blue-700 bg-white px-4 py-2 font-semibold text-blue-800 hover:bg-blue-50">
              Sign Up
            </Link>
          </>
        )}
      </div>
      {hydrated ? (
        <dialog
          ref={dialogRef}
          aria-labelledby={headingId}
          data-testid="auth-dialog"
          className="m-auto w-full max-w-md rounded-xl bg-transparent p-0 backdrop:bg-slate-900/60"
          onCancel={(event) => {
            if (!dismissable) event.preventDefault();
          }}
          onClose={() => {
            // A browser may still close a modal the page asked to keep (a second Escape):
            // a non-dismissable dialog then opens again; otherwise React learns it closed.
            if (!dismissable && wantOpen.current) dialogRef.current?.showModal();
            else setOpen(false);
          }}
        >
          {open ? (
            <div className="space-y-3">
              {message ? (
                <p role="status" className="rounded-md bg-white px-4 py-2 text-center font-semibold text-slate-900">
                  {message}
                </p>
              ) : null}
              <Card
                headingId={headingId}
                redirectTo={redirectTo}
                onSuccess={succeeded}
                onClose={dismissable ? close : undefined}
                onSwitch={() => setView(view === "signin" ? "signup" : "signin")}
              />
            </div>
          ) : null}
        </dialog>
      ) : null}
    </div>
  );
}
