// /admin/login/code: the second step of an admin's sign-in with two-factor on. The password
// was right (the cookie says so for five minutes); the 6-digit code from the authenticator app,
// or a recovery code, starts the session. Works without JavaScript.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { AuthCard, AuthPage, OtherWay, PageForm } from "~/components/auth/auth-card";
import { FormField } from "~/components/ui/form-field";
import { twoFactorCodeSchema } from "~/schemas/auth";
import { TWO_FACTOR_MESSAGES } from "~/schemas/auth-messages";
import { refuse } from "~/server/auth/auth-forms.server";
import { startUserSession } from "~/server/auth/auth.server";
import { forgetPendingSignIn, mayTryCode, pendingSignIn, verifySecondFactor } from "~/server/auth/two-factor.server";
import { db } from "~/server/platform/db.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { usePageForm } from "~/utils/use-validated-form";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Sign-in code",
    description: "The second step of signing in to the {brand} admin portal.",
    path: "/admin/login/code",
    matches,
    noindex: true,
  });

const CODE_FIELDS = ["code"];

async function startAgain(request: Request) {
  const headers = { "Set-Cookie": await forgetPendingSignIn(request) };
  return redirectWithToast(
    request,
    "/admin/login",
    { title: "Sign in again", description: TWO_FACTOR_MESSAGES.expired, variant: "error" },
    { headers },
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await pendingSignIn(request))) throw await startAgain(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const pending = await pendingSignIn(request);
  if (!pending) return startAgain(request);
  const submission = parseWithZod(await request.formData(), { schema: twoFactorCodeSchema });
  if (submission.status !== "success") return refuse(submission, CODE_FIELDS, { status: 400 });
  const user = await db.user.findUnique({
    where: { id: pending.userId },
    select: { id: true, email: true, role: true, username: true, isActive: true },
  });
  if (!user?.isActive || user.role !== "admin") return startAgain(request);
  if (!(await mayTryCode(user.id)))
    return refuse(submission, CODE_FIELDS, {
      status: 429,
      formError: TWO_FACTOR_MESSAGES.tooManyAttempts,
      headers: { "Retry-After": "900" },
    });
  if (!(await verifySecondFactor(user, submission.value.code)))
    return refuse(submission, CODE_FIELDS, { status: 401, fieldErrors: { code: [TWO_FACTOR_MESSAGES.codeInvalid] } });
  const cookie = await startUserSession(request, user, {
    title: "Signed in",
    description: `Welcome back, ${user.username}.`,
    variant: "success",
  });
  return redirect(pending.redirectTo, { headers: { "Set-Cookie": cookie } });
}

export default function AdminLoginCodePage() {
  const { form, fields, pending } = usePageForm(() =>
    import("~/schemas/auth").then((schemas) => schemas.twoFactorCodeSchema),
  );
  return (
    <AuthPage>
      <AuthCard
        title="Enter your sign-in code"
        intro="Open your authenticator app and type the 6-digit code it shows for this site. Lost your phone? Type one of your recovery codes instead."
      >
        <PageForm form={form} pending={pending} submitLabel="Verify" pendingText="Checking...">
          <FormField
            meta={fields.code}
            label="Code"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            aria-required="true"
          />
        </PageForm>
        <OtherWay question="Not you?" label="Start again" to="/admin/login" className="mt-4" />
      </AuthCard>
    </AuthPage>
  );
}
