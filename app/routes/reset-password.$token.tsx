import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { AuthField, FormErrors, SubmitButton } from "~/components/auth/fields";
import { AUTH_MESSAGES, CUSTOMER_PASSWORD_MIN, resetPasswordSchema } from "~/schemas/auth";
import { findValidResetToken, resetPassword } from "~/server/auth.server";
import { clientIp } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import { seo } from "~/utils/seo";

// The token is a secret: the canonical URL leaves it out and the page is never indexed.
export const meta: MetaFunction = ({ matches }) =>
  seo({ title: "Choose a New Password", description: "Choose a new password for your {brand} account.", path: "/reset-password", matches, noindex: true });

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await findValidResetToken(params.token ?? "");
  return data({ valid: Boolean(found) }, { status: found ? 200 : 410, headers: { "Cache-Control": "no-store" } });
}

const SECRET_FIELDS = ["password", "confirmPassword"];

export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400 });
  const result = await resetPassword({ token: params.token ?? "", password: submission.value.password, ip: clientIp(request) });
  if (result.status === "limited") {
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.tooManyAttempts], hideFields: SECRET_FIELDS }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  if (result.status === "invalid") {
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.resetLinkInvalid], hideFields: SECRET_FIELDS }), { status: 410 });
  }
  return redirectWithToast(request, "/signin", {
    title: "Password updated",
    description: "Sign in with your new password.",
    variant: "success",
  });
}

export default function ResetPasswordPage() {
  const { valid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: busy ? null : lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="flex justify-center bg-slate-50 px-4 py-16">
      <section className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
        {valid ? (
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <fieldset disabled={busy} className="space-y-4">
              <AuthField
                meta={fields.password}
                label="New Password"
                type="password"
                autoComplete="new-password"
                hint={`At least ${CUSTOMER_PASSWORD_MIN} characters.`}
              />
              <AuthField meta={fields.confirmPassword} label="Confirm Password" type="password" autoComplete="new-password" />
              <FormErrors id={form.errorId} errors={form.errors} />
              <SubmitButton busy={busy} busyLabel="Saving...">
                Set New Password
              </SubmitButton>
            </fieldset>
          </Form>
        ) : (
          <div className="mt-6 space-y-4">
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {AUTH_MESSAGES.resetLinkInvalid}
            </p>
            <Link to="/forgot-password" className="inline-block font-medium text-blue-700 hover:underline">
              Ask for a new link
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
