import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { AuthField, FormErrors, SubmitButton } from "~/components/auth/fields";
import { ADMIN_PASSWORD_MIN, adminSignUpSchema, AUTH_MESSAGES } from "~/schemas/auth";
import { adminRegistrationOpen, registerAdmin } from "~/server/auth.server";
import { clientIp } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({ title: "Admin Sign Up", description: "Register a {brand} admin account with a registration key.", path: "/admin/signup", matches, noindex: true });

export async function loader() {
  return { open: adminRegistrationOpen() };
}

const SECRET_FIELDS = ["password", "confirmPassword", "adminKey"];

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: adminSignUpSchema });
  if (!adminRegistrationOpen()) {
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.adminSignUpClosed], hideFields: SECRET_FIELDS }), { status: 403 });
  }
  if (submission.status !== "success") return data(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400 });

  const result = await registerAdmin({ ...submission.value, ip: clientIp(request) });
  switch (result.status) {
    case "ok":
      return redirectWithToast(request, "/admin/login", {
        title: "Admin account created",
        description: "Sign in with your new admin account.",
        variant: "success",
      });
    case "limited":
      return data(submission.reply({ formErrors: [AUTH_MESSAGES.tooManyAttempts], hideFields: SECRET_FIELDS }), {
        status: 429,
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      });
    case "bad_key":
      return data(submission.reply({ fieldErrors: { adminKey: [AUTH_MESSAGES.adminKeyInvalid] }, hideFields: SECRET_FIELDS }), { status: 403 });
    case "closed":
      return data(submission.reply({ formErrors: [AUTH_MESSAGES.adminSignUpClosed], hideFields: SECRET_FIELDS }), { status: 403 });
    case "taken":
      return data(submission.reply({ formErrors: [AUTH_MESSAGES.signUpFailed], hideFields: SECRET_FIELDS }), { status: 400 });
  }
}

export default function AdminSignUpPage() {
  const { open } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: busy ? null : lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminSignUpSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="flex justify-center bg-slate-50 px-4 py-16">
      <section className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Admin Sign Up</h1>
        {open ? (
          <>
            <p className="mt-1 text-sm text-slate-600">You need the admin registration key to create an admin account.</p>
            <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
              <fieldset disabled={busy} className="space-y-4">
                <AuthField meta={fields.username} label="Username" type="text" autoComplete="name" />
                <AuthField meta={fields.email} label="Email" type="email" autoComplete="email" />
                <AuthField
                  meta={fields.password}
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  hint={`At least ${ADMIN_PASSWORD_MIN} characters.`}
                />
                <AuthField meta={fields.confirmPassword} label="Confirm Password" type="password" autoComplete="new-password" />
                <AuthField meta={fields.adminKey} label="Admin Registration Key" type="password" autoComplete="off" />
                <FormErrors id={form.errorId} errors={form.errors} />
                <SubmitButton busy={busy} busyLabel="Creating account...">
                  Create Admin Account
                </SubmitButton>
              </fieldset>
            </Form>
          </>
        ) : (
          <p role="status" className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {AUTH_MESSAGES.adminSignUpClosed} Ask an existing admin for access.
          </p>
        )}
        <p className="mt-4 text-sm text-slate-700">
          Already registered?{" "}
          <Link to="/admin/login" className="font-medium text-blue-700 hover:underline">
            Admin login
          </Link>
        </p>
      </section>
    </div>
  );
}
