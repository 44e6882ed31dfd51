import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuthCard, AuthPage, PageForm, OtherWay } from "~/components/auth/auth-card";
import { FormField } from "~/components/ui/form-field";
import { AUTH_MESSAGES } from "~/schemas/auth-messages";
import { refuse, signedIn, tooManyAttempts } from "~/server/auth/auth-forms.server";
import { getSessionUser, safeRedirect } from "~/server/auth/auth.server";
import { authenticateForm } from "~/server/auth/authenticator.server";
import { clientAddress } from "~/server/platform/client-address.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { usePageForm } from "~/utils/use-validated-form";

// Outside the guarded admin layout (the "_" opts out of it), with the admin header.
export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Admin Login",
    description: "Sign in to the {brand} admin portal.",
    path: "/admin/login",
    matches,
    noindex: true,
  });

const ADMIN_HOME = "/admin/dashboard";
const SECRET_FIELDS = ["password"];

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), ADMIN_HOME);
  const user = await getSessionUser(request);
  if (user?.role === "admin") throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission, result } = await authenticateForm("admin", request, clientAddress(context));
  if (submission.status !== "success" || !result) return refuse(submission, SECRET_FIELDS, { status: 400 });

  if (result.status === "limited") return refuse(submission, SECRET_FIELDS, tooManyAttempts(result.retryAfterSeconds));
  if (result.status === "failed")
    return refuse(submission, SECRET_FIELDS, { status: 401, formError: AUTH_MESSAGES.adminLoginFailed });
  // Admin sessions last 24 hours (startUserSession knows the role).
  const toast = { title: "Signed in", description: `Welcome back, ${result.user.username}.` };
  return signedIn(request, submission, result.user, {
    redirectTo: submission.value.redirectTo,
    fallback: ADMIN_HOME,
    toast,
  });
}

export default function AdminLoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const { form, fields, pending } = usePageForm(() =>
    import("~/schemas/auth").then((schemas) => schemas.adminLoginSchema),
  );
  return (
    <AuthPage>
      <AuthCard title="Admin Login" intro="Sign in with your admin account.">
        <PageForm form={form} pending={pending} submitLabel="Sign In" pendingText="Signing in...">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormField meta={fields.email} label="Email" type="email" autoComplete="username" aria-required="true" />
          <FormField
            meta={fields.password}
            label="Password"
            type="password"
            autoComplete="current-password"
            aria-required="true"
          />
        </PageForm>
        <OtherWay question="Need an admin account?" label="Register with a key" to="/admin/signup" className="mt-4" />
      </AuthCard>
    </AuthPage>
  );
}
