import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard, AuthPage, PageForm, NewPasswordFields } from "~/components/auth/auth-card";
import { resetPasswordSchema } from "~/schemas/auth";
import { AUTH_MESSAGES, CUSTOMER_PASSWORD_MIN } from "~/schemas/auth-messages";
import { refuse, tooManyAttempts } from "~/server/auth/auth-forms.server";
import { findValidResetToken, resetPassword } from "~/server/auth/auth.server";
import { withPasswordPolicy } from "~/server/auth/password.server";
import { clientAddress } from "~/server/platform/client-address.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";
import { usePageForm } from "~/utils/use-validated-form";

// The token is a secret: the canonical URL leaves it out and the page is never indexed.
export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Choose a New Password",
    description: "Choose a new password for your {brand} account.",
    path: "/reset-password",
    matches,
    noindex: true,
  });

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await findValidResetToken(params.token ?? "");
  return data({ valid: Boolean(found) }, { status: found ? 200 : 410, headers: { "Cache-Control": "no-store" } });
}

const SECRET_FIELDS = ["password", "confirmPassword"];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: withPasswordPolicy(resetPasswordSchema) });
  if (submission.status !== "success") return refuse(submission, SECRET_FIELDS, { status: 400 });
  const result = await resetPassword({
    token: params.token ?? "",
    password: submission.value.password,
    ip: clientAddress(context),
  });
  if (result.status === "limited") return refuse(submission, SECRET_FIELDS, tooManyAttempts(result.retryAfterSeconds));
  if (result.status === "invalid")
    return refuse(submission, SECRET_FIELDS, { status: 410, formError: AUTH_MESSAGES.resetLinkInvalid });
  return redirectWithToast(request, "/signin", {
    title: "Password updated",
    description: "Sign in with your new password.",
    variant: "success",
  });
}

export default function ResetPasswordPage() {
  const { valid } = useLoaderData<typeof loader>();
  const { form, fields, pending } = usePageForm(() =>
    import("~/schemas/auth").then((schemas) => schemas.resetPasswordSchema),
  );
  return (
    <AuthPage>
      <AuthCard title="Choose a new password">
        {valid ? (
          <PageForm form={form} pending={pending} submitLabel="Set New Password" pendingText="Saving...">
            <NewPasswordFields
              password={fields.password}
              confirmPassword={fields.confirmPassword}
              minLength={CUSTOMER_PASSWORD_MIN}
              label="New Password"
            />
          </PageForm>
        ) : (
          <div className="mt-6 space-y-4">
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
            >
              {AUTH_MESSAGES.resetLinkInvalid}
            </p>
            <Link to="/forgot-password" className="inline-block font-medium text-blue-700 hover:underline">
              Ask for a new link
            </Link>
          </div>
        )}
      </AuthCard>
    </AuthPage>
  );
}
