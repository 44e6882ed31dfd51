import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { AuthField, FormErrors, SubmitButton } from "~/components/auth/fields";
import { adminLoginSchema, AUTH_MESSAGES } from "~/schemas/auth";
import { getSessionUser, safeRedirect, startUserSession } from "~/server/auth.server";
import { authenticateForm } from "~/server/authenticator.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

// Outside the guarded admin layout (the "_" opts out of it), with the admin header.
export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({ title: "Admin Login", description: "Sign in to the {brand} admin portal.", path: "/admin/login", matches, noindex: true });

const ADMIN_HOME = "/admin/dashboard";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), ADMIN_HOME);
  const user = await getSessionUser(request);
  if (user?.role === "admin") throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission, result } = await authenticateForm("admin", request);
  if (submission.status !== "success" || !result) return data(submission.reply({ hideFields: ["password"] }), { status: 400 });

  const { redirectTo } = submission.value;
  if (result.status === "limited") {
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.tooManyAttempts], hideFields: ["password"] }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  if (result.status === "failed") {
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.adminLoginFailed], hideFields: ["password"] }), { status: 401 });
  }
  // Admin sessions last 24 hours.
  const cookie = await startUserSession(request, result.user, { title: "Signed in", description: `Welcome back, ${result.user.username}.`, variant: "success" });
  return redirect(safeRedirect(redirectTo, ADMIN_HOME), { headers: { "Set-Cookie": cookie } });
}

export default function AdminLoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: busy ? null : lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="flex justify-center bg-slate-50 px-4 py-16">
      <section className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in with your admin account.</p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <fieldset disabled={busy} className="space-y-4">
            <AuthField meta={fields.email} label="Email" type="email" autoComplete="username" />
            <AuthField meta={fields.password} label="Password" type="password" autoComplete="current-password" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <SubmitButton busy={busy} busyLabel="Signing in...">
              Sign In
            </SubmitButton>
          </fieldset>
        </Form>
        <p className="mt-4 text-sm text-slate-700">
          Need an admin account?{" "}
          <Link to="/admin/signup" className="font-medium text-blue-700 hover:underline">
            Register with a key
          </Link>
        </p>
      </section>
    </div>
  );
}
