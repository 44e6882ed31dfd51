// The sign-in card: used by the /signin page and by sign-in dialogs
// (the checkout's "Please sign in to pay"). It posts to /signin's action through a fetcher,
// so in a dialog it signs in without leaving the page; without JavaScript the same form is
// a plain POST to /signin. Optional callbacks: close, and a switch to the sign-up card.
// Signed in, it goes on to redirectTo or /.
import { Link } from "@remix-run/react";
import { FormField } from "~/components/ui/form-field";
import { AuthCard, AuthFields, CardForm, OtherWay, type AuthCardProps } from "./auth-card";
import { withRedirectTo } from "./auth-links";
import { useAuthCardForm } from "./use-auth-card-form";

export function SignInCard({ redirectTo, lastResult, onClose, onSwitch, headingLevel = 2, headingId }: AuthCardProps) {
  const { fetcher, form, fields, busy } = useAuthCardForm(
    () => import("~/schemas/auth").then((schemas) => schemas.signInSchema),
    lastResult,
  );
  return (
    <AuthCard
      title="Sign In"
      intro="Enter your email and password to access your account."
      headingLevel={headingLevel}
      headingId={headingId ?? `${form.id}-title`}
      onClose={onClose}
      testId="sign-in-card"
    >
      <CardForm fetcher={fetcher} form={form} page="/signin" redirectTo={redirectTo}>
        <AuthFields form={form} pending={busy} submitLabel="Sign In" pendingText="Signing in...">
          <FormField meta={fields.email} label="Email" type="email" autoComplete="email" aria-required="true" />
          <FormField
            meta={fields.password}
            label="Password"
            type="password"
            autoComplete="current-password"
            aria-required="true"
          />
        </AuthFields>
      </CardForm>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link to="/forgot-password" className="font-medium text-blue-700 hover:underline">
          Forgot your password?
        </Link>
        <OtherWay
          question="No account yet?"
          label="Sign up"
          to={withRedirectTo("/signup", redirectTo)}
          onClick={onSwitch}
        />
      </div>
    </AuthCard>
  );
}
