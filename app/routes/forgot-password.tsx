import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { AuthField, FormErrors, SubmitButton } from "~/components/auth/fields";
import { AUTH_MESSAGES, forgotPasswordSchema } from "~/schemas/auth";
import { requestPasswordReset } from "~/server/auth.server";
import { clientIp } from "~/server/rate-limit.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({ title: "Forgot Password", description: "Reset the password of your {brand} account by e-mail.", path: "/forgot-password", matches, noindex: true });

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await requestPasswordReset({ email: submission.value.email, ip: clientIp(request) });
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
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: busy ? null : lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sent = lastResult?.status === "success";
  return (
    <div className="flex justify-center bg-slate-50 px-4 py-16">
      <section className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
        <p className="mt-1 text-sm text-slate-600">Enter the email of your account and we will send you a link to choose a new password.</p>
        {sent ? (
          <p role="status" className="mt-6 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
            {AUTH_MESSAGES.resetRequestSent}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <fieldset disabled={busy} className="space-y-4">
            <AuthField meta={fields.email} label="Email" type="email" autoComplete="email" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <SubmitButton busy={busy} busyLabel="Sending...">
              Send Reset Link
            </SubmitButton>
          </fieldset>
        </Form>
        <p className="mt-4 text-sm text-slate-700">
          Remembered it?{" "}
          <Link to="/signin" className="font-medium text-blue-700 hover:underline">
            Sign in
          </Link>
        </p>
      </section>
    </div>
  );
}
