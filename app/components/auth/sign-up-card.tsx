// The sign-up card: full name (stored as the username), email, password
// and its confirmation. Like the sign-in card it posts to its page's action (/signup)
// through a fetcher, works as a plain form without JavaScript, and takes an optional
// success callback and an optional switch to the sign-in card.
import { FormField } from "~/components/ui/form-field";
import { HoneypotFields } from "~/components/ui/honeypot-fields";
import { CUSTOMER_PASSWORD_MIN } from "~/schemas/auth-messages";
import { AuthCard, AuthFields, CardForm, NewPasswordFields, OtherWay, type AuthCardProps } from "./auth-card";
import { withRedirectTo } from "./auth-links";
import { useAuthCardForm } from "./use-auth-card-form";

export function SignUpCard({ redirectTo, lastResult, onClose, onSwitch, headingLevel = 2, headingId }: AuthCardProps) {
  const { fetcher, form, fields, busy } = useAuthCardForm(
    () => import("~/schemas/auth").then((schemas) => schemas.signUpSchema),
    lastResult,
  );
  return (
    <AuthCard
      title="Create an Account"
      intro="Sign up to book moves and follow them live."
      headingLevel={headingLevel}
      headingId={headingId ?? `${form.id}-title`}
      onClose={onClose}
      testId="sign-up-card"
    >
      <CardForm fetcher={fetcher} form={form} page="/signup" redirectTo={redirectTo}>
        <HoneypotFields />
        <AuthFields form={form} pending={busy} submitLabel="Sign Up" pendingText="Creating account...">
          <FormField meta={fields.username} label="Full Name" type="text" autoComplete="name" aria-required="true" />
          <FormField meta={fields.email} label="Email" type="email" autoComplete="email" aria-required="true" />
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            minLength={CUSTOMER_PASSWORD_MIN}
          />
        </AuthFields>
      </CardForm>
      <div className="mt-4">
        <OtherWay
          question="Already have an account?"
          label="Sign in"
          to={withRedirectTo("/signin", redirectTo)}
          onClick={onSwitch}
        />
      </div>
    </AuthCard>
  );
}
