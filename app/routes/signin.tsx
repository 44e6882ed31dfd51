import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SignInCard } from "~/components/auth/sign-in-card";
import { AUTH_MESSAGES } from "~/schemas/auth";
import { getSessionUser, safeRedirect, startUserSession } from "~/server/auth.server";
import { authenticateForm } from "~/server/authenticator.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({ title: "Sign In", description: "Sign in to your {brand} account to book and track your moves.", path: "/signin", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission, result } = await authenticateForm("user", request);
  if (submission.status !== "success" || !result) return data(submission.reply({ hideFields: ["password"] }), { status: 400 });

  const { redirectTo, inDialog } = submission.value;
  if (result.status === "limited") {
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.tooManyAttempts], hideFields: ["password"] }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  // The same answer for an unknown e-mail, a wrong password and a deactivated account.
  if (result.status === "failed") {
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.signInFailed], hideFields: ["password"] }), { status: 401 });
  }

  const cookie = await startUserSession(request, result.user, {
    title: "Signed in",
    description: `Welcome back, ${result.user.username}.`,
    variant: "success",
  });
  // A sign-in dialog stays on its page; the page itself goes where the user came from.
  if (inDialog === "true") return data({ ...submission.reply({ resetForm: true }), status: "success" as const }, { headers: { "Set-Cookie": cookie } });
  return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": cookie } });
}

export default function SignInPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="flex justify-center bg-slate-50 px-4 py-16">
      <SignInCard headingLevel={1} redirectTo={redirectTo} lastResult={lastResult} />
    </div>
  );
}
