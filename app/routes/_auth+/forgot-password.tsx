import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { AuthCard, AuthPage, PageForm, OtherWay } from "~/components/auth/auth-card";
import { FormField } from "~/components/ui/form-field";
import { forgotPasswordSchema } from "~/schemas/auth";
import { AUTH_MESSAGES } from "~/schemas/auth-messages";
import { requestPasswordReset } from "~/server/auth/auth.server";
import { clientAddress } from "~/server/platform/client-address.server";
import { seo } from "~/utils/seo";
import { usePageForm } from "~/utils/use-validated-form";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Forgot Password",
    description: "Reset the password of your {brand} account by e-mail.",
    path: "/forgot-password",
    matches,
    noindex: true,
  });

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await requestPasswordReset({ email: submission.value.email, ip: clientAddress(context) });
  if (result.status === "limited") {
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.tooManyAttempts] }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  // The same answer whether or not the address has an account.
  return data({ ...submission.reply({ resetForm: true }), status: "success" as const });
}

export default function ForgotPasswordPage() {
  const { form, fields, pending, lastResult } = usePageForm(() =>
    import("~/schemas/auth").then((schemas) => schemas.forgotPasswordSchema),
  );
  const sent = lastResult?.status === "success";
  return (
    <AuthPage>
      <AuthCard
        title="Forgot your password?"
        intro="Enter the email of your account and we will send you a link to choose a new password."
      >
        {sent ? (
          <p
            role="status"
            className="mt-6 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
          >
            {AUTH_MESSAGES.resetRequestSent}
          </p>
        ) : null}
        <PageForm form={form} pending={pending} submitLabel="Send Reset Link" pendingText="Sending...">
          <FormField meta={fields.email} label="Email" type="email" autoComplete="email" aria-required="true" />
        </PageForm>
        <OtherWay question="Remembered it?" label="Sign in" to="/signin" className="mt-4" />
      </AuthCard>
    </AuthPage>
  );
}
