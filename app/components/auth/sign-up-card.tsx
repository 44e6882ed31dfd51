// The sign-up card (spec/01 section 2): full name (stored as the username), email, password
// and its confirmation. Like the sign-in card it posts to its page's action (/signup)
// through a fetcher, works as a plain form without JavaScript, and takes an optional
// success callback and an optional switch to the sign-in card.
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { CUSTOMER_PASSWORD_MIN, signUpSchema } from "~/schemas/auth";
import { useAuthCardForm } from "./use-auth-card-form";
import { AuthField, FormErrors, Heading, SubmitButton, withRedirectTo } from "./fields";

export type SignUpCardProps = {
  redirectTo?: string;
  lastResult?: SubmissionResult<string[]> | null;
  onSuccess?: () => void;
  onClose?: () => void;
  onSwitchToSignIn?: () => void;
  headingLevel?: 1 | 2;
  headingId?: string;
};

export function SignUpCard({ redirectTo, lastResult, onSuccess, onClose, onSwitchToSignIn, headingLevel = 2, headingId }: SignUpCardProps) {
  const { fetcher, form, fields, busy } = useAuthCardForm(signUpSchema, lastResult, onSuccess);

  return (
    <section aria-labelledby={headingId ?? `${form.id}-title`} className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="sign-up-card">
      <div className="flex items-start justify-between gap-4">
        <div>
          <Heading level={headingLevel} id={headingId ?? `${form.id}-title`}>
            Create an Account
          </Heading>
          <p className="mt-1 text-sm text-slate-600">Sign up to book moves and follow them live.</p>
        </div>
        {onClose ? (
          <button type="button" onClick={onClose} aria-label="Close" className="rounded px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100">
            ×
          </button>
        ) : null}
      </div>
      <fetcher.Form method="post" action={withRedirectTo("/signup", redirectTo)} {...getFormProps(form)} className="mt-6 space-y-4">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {onSuccess ? <input type="hidden" name="inDialog" value="true" /> : null}
        <HoneypotInputs />
        <fieldset disabled={busy} className="space-y-4">
          <AuthField meta={fields.username} label="Full Name" type="text" autoComplete="name" />
          <AuthField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <AuthField
            meta={fields.password}
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${CUSTOMER_PASSWORD_MIN} characters.`}
          />
          <AuthField meta={fields.confirmPassword} label="Confirm Password" type="password" autoComplete="new-password" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <SubmitButton busy={busy} busyLabel="Creating account...">
            Sign Up
          </SubmitButton>
        </fieldset>
      </fetcher.Form>
      <p className="mt-4 text-sm text-slate-700">
        Already have an account?{" "}
        {onSwitchToSignIn ? (
          <button type="button" onClick={onSwitchToSignIn} className="font-medium text-blue-700 hover:underline">
            Sign in
          </button>
        ) : (
          <Link to={withRedirectTo("/signin", redirectTo)} className="font-medium text-blue-700 hover:underline">
            Sign in
          </Link>
        )}
      </p>
    </section>
  );
}
