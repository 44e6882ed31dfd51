// Sign in or sign up without leaving the page (the checkout's "Please sign in to pay").
// With JavaScript, the Sign In and Sign Up buttons open the cards in place, in a native
// <dialog>, and the cards switch between each other there. Without JavaScript they are
// plain links to /signin and /signup that come back here (redirectTo) afterwards.
import { Link } from "@remix-run/react";
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { withRedirectTo } from "./auth-links";

// The cards load when the dialog first opens: a signed-in customer's checkout never needs them.
const SignInCard = lazy(() => import("./sign-in-card").then((module) => ({ default: module.SignInCard })));
const SignUpCard = lazy(() => import("./sign-up-card").then((module) => ({ default: module.SignUpCard })));

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
};

export function AuthDialog({
  redirectTo,
  message,
  initialView = "signin",
  defaultOpen = false,
  dismissable = true,
}: AuthDialogProps) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<AuthView>(initialView);
  const Card = view === "signin" ? SignInCard : SignUpCard;
  const headingId = useId();

  // Effects run only once JavaScript does, so this opens it then and never on the server.
  useEffect(() => {
    if (defaultOpen) setOpen(true);
  }, [defaultOpen]);

  const show = (next: AuthView) => {
    setView(next);
    setOpen(true);
  };
  const close = () => setOpen(false);

  return (
    <div className="rounded-xl border border-blue-200 bg-blue-50 p-5" data-testid="auth-prompt">
      {message ? <p className="font-semibold text-slate-900">{message}</p> : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <ClientOnly
          fallback={
            <>
              <Link
                to={withRedirectTo("/signin", redirectTo)}
                className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
              >
                Sign In
              </Link>
              <Link
                to={withRedirectTo("/signup", redirectTo)}
                className="rounded-md border border-blue-700 bg-white px-4 py-2 font-semibold text-blue-800 hover:bg-blue-50"
              >
                Sign Up
              </Link>
            </>
          }
        >
          {() => (
            <>
              <button
                type="button"
                onClick={() => show("signin")}
                className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
              >
                Sign In
              </button>
              <button
                type="button"
                onClick={() => show("signup")}
                className="rounded-md border border-blue-700 bg-white px-4 py-2 font-semibold text-blue-800 hover:bg-blue-50"
              >
                Sign Up
              </button>
            </>
          )}
        </ClientOnly>
      </div>
      <ClientOnly>
        {() => (
          <ModalDialog open={open} dismissable={dismissable} onClosed={close} labelledBy={headingId}>
            <div className="space-y-3">
              {message ? (
                <p role="status" className="rounded-md bg-white px-4 py-2 text-center font-semibold text-slate-900">
                  {message}
                </p>
              ) : null}
              <Suspense fallback={<p role="status">Loading…</p>}>
                <Card
                  headingId={headingId}
                  redirectTo={redirectTo}
                  onClose={dismissable ? close : undefined}
                  onSwitch={() => setView(view === "signin" ? "signup" : "signin")}
                />
              </Suspense>
            </div>
          </ModalDialog>
        )}
      </ClientOnly>
    </div>
  );
}

/** A native modal <dialog> kept in step with `open`; its content exists only while open. */
function ModalDialog({
  open,
  dismissable,
  onClosed,
  labelledBy,
  children,
}: {
  open: boolean;
  dismissable: boolean;
  onClosed: () => void;
  labelledBy: string;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const wantOpen = useRef(open);

  useEffect(() => {
    wantOpen.current = open;
    const dialog = dialogRef.current;
    if (open && !dialog?.open) dialog?.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      data-testid="auth-dialog"
      className="m-auto w-full max-w-md rounded-xl bg-transparent p-0 backdrop:bg-slate-900/60"
      onCancel={(event) => {
        if (!dismissable) event.preventDefault();
      }}
      onClose={() => {
        // A browser may still close a modal the page asked to keep (a second Escape):
        // a non-dismissable dialog then opens again; otherwise the page learns it closed.
        if (!dismissable && wantOpen.current) dialogRef.current?.showModal();
        else onClosed();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
