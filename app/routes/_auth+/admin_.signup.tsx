import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuthCard, AuthPage, PageForm, OtherWay, NewPasswordFields } from "~/components/auth/auth-card";
import { FormField } from "~/components/ui/form-field";
import { adminSignUpSchema } from "~/schemas/auth";
import { ADMIN_PASSWORD_MIN, AUTH_MESSAGES } from "~/schemas/auth-messages";
import { refuse, tooManyAttempts } from "~/server/auth/auth-forms.server";
import { adminRegistrationOpen, registerAdmin } from "~/server/auth/auth.server";
import { withPasswordPolicy } from "~/server/auth/password.server";
import { clientAddress } from "~/server/platform/client-address.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { usePageForm } from "~/utils/use-validated-form";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Admin Sign Up",
    description: "Register a {brand} admin account with a registration key.",
    path: "/admin/signup",
    matches,
    noindex: true,
  });

export async function loader() {
  return { open: adminRegistrationOpen() };
}

const SECRET_FIELDS = ["password", "confirmPassword", "adminKey"];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: withPasswordPolicy(adminSignUpSchema) });
  const closed = { status: 403, formError: AUTH_MESSAGES.adminSignUpClosed };
  if (!adminRegistrationOpen()) return refuse(submission, SECRET_FIELDS, closed);
  if (submission.status !== "success") return refuse(submission, SECRET_FIELDS, { status: 400 });

  const result = await registerAdmin({ ...submission.value, ip: clientAddress(context) });
  switch (result.status) {
    case "ok":
      return redirectWithToast(request, "/admin/login", {
        title: "Admin account created",
        description: "Sign in with your new admin account.",
        variant: "success",
      });
    case "limited":
      return refuse(submission, SECRET_FIELDS, tooManyAttempts(result.retryAfterSeconds));
    case "bad_key":
      return refuse(submission, SECRET_FIELDS, {
        status: 403,
        fieldErrors: { adminKey: [AUTH_MESSAGES.adminKeyInvalid] },
      });
    case "closed":
      return refuse(submission, SECRET_FIELDS, closed);
    case "taken":
      return refuse(submission, SECRET_FIELDS, { status: 400, formError: AUTH_MESSAGES.signUpFailed });
  }
}

export default function AdminSignUpPage() {
  const { open } = useLoaderData<typeof loader>();
  const { form, fields, pending } = usePageForm(() =>
    import("~/schemas/auth").then((schemas) => schemas.adminSignUpSchema),
  );
  return (
    <AuthPage>
      <AuthCard
        title="Admin Sign Up"
        intro={open ? "You need the admin registration key to create an admin account." : undefined}
      >
        {open ? (
          <PageForm form={form} pending={pending} submitLabel="Create Admin Account" pendingText="Creating account...">
            <FormField meta={fields.username} label="Username" type="text" autoComplete="name" aria-required="true" />
            <FormField meta={fields.email} label="Email" type="email" autoComplete="email" aria-required="true" />
            <NewPasswordFields
              password={fields.password}
              confirmPassword={fields.confirmPassword}
              minLength={ADMIN_PASSWORD_MIN}
            />
            <FormField
              meta={fields.adminKey}
              label="Admin Registration Key"
              type="password"
              autoComplete="off"
              aria-required="true"
            />
          </PageForm>
        ) : (
          <p
            role="status"
            className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            {AUTH_MESSAGES.adminSignUpClosed} Ask an existing admin for access.
          </p>
        )}
        <OtherWay question="Already registered?" label="Admin login" to="/admin/login" className="mt-4" />
      </AuthCard>
    </AuthPage>
  );
}
