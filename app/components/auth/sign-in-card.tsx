// The sign-in card (spec/01 section 2): used by the /signin page and by sign-in dialogs
// (the checkout's "Please sign in to pay"). It posts to /signin's action through a fetcher,
// so in a dialog it signs in without leaving the page; without JavaScript the same form is
// a plain POST to /signin. Optional callbacks: success (stay on the page), close, and a
// switch to the sign-up card; with no success callback, success goes to redirectTo or /.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { signInSchema } from "~/schemas/auth";
import { useAuthCardForm } from "./use-auth-card-form";
import { AuthField, FormErrors, Heading, SubmitButton, withRedirectTo } from "./fields";

export type SignInCardProps = {
  redirectTo?: string;
  /** The /signin action's answer after a post without JavaScript. */
  lastResult?: SubmissionResult<string[]> | null;
  onSuccess?: () => void;
  onClose?: () => void;
  onSwitchToSignUp?: () => void;
  headingLevel?: 1 | 2;
  headingId?: string;
};

export function SignInCard({ redirectTo, lastResult, onSuccess, onClose, onSwitchToSignUp, headingLevel = 2, headingId }: SignInCardProps) {
  const { fetcher, form, fields, busy } = useAuthCardForm(signInSchema, lastResult, onSuccess);

  return (
    <section aria-labelledby={headingId ?? `${form.id}-title`} className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="sign-in-card">
      <div className="flex items-start justify-between gap-4">
        <div>
          <Heading level={headingLevel} id={headingId ?? `${form.id}-title`}>
            Sign In
          </Heading>
          <p className="mt-1 text-sm text-slate-600">Enter your email and password to access your account.</p>
        </div>
        {onClose ? (
          <button type="button" onClick={onClose} aria-label="Close" className="rounded px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100">
            ×
          </button>
        ) : null}
      </div>
      <fetcher.Form method="post" action={withRedirectTo("/signin", redirectTo)} {...getFormProps(form)} className="mt-6 space-y-4">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {onSuccess ? <input type="hidden" name="inDialog" value="true" /> : null}
        <fieldset disabled={busy} className="space-y-4">
          <AuthField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <AuthField meta={fields.password} label="Password" type="password" autoComplete="current-password" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <SubmitButton busy={busy} busyLabel="Signing in...">
            Sign In
          </SubmitButton>
        </fieldset>
      </fetcher.Form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link to="/forgot-password" className="font-medium text-blue-700 hover:underline">
          Forgot your password?
        </Link>
        <p className="text-slate-700">
          No account yet?{" "}
          {onSwitchToSignUp ? (
            <button type="button" onClick={onSwitchToSignUp} className="font-medium text-blue-700 hover:underline">
              Sign up
            </button>
          ) : (
            <Link to={withRedirectTo("/signup", redirectTo)} className="font-medium text-blue-700 hover:underline">
              Sign up
            </Link>
          )}
        </p>
      </div>
    </section>
  );
}
