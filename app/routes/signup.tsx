import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { SignUpCard } from "~/components/auth/sign-up-card";
import { AUTH_MESSAGES, signUpSchema } from "~/schemas/auth";
import { getSessionUser, registerCustomer, safeRedirect, startUserSession } from "~/server/auth.server";
import { isSpam } from "~/server/honeypot.server";
import { clientIp } from "~/server/rate-limit.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({ title: "Sign Up", description: "Create your {brand} account to book moves and follow your driver live.", path: "/signup", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

const SECRET_FIELDS = ["password", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  // A bot in the honeypot is sent on as if signed up; no account is made.
  if (isSpam(formData)) return redirect(safeRedirect(formData.get("redirectTo")));
  const submission = parseWithZod(formData, { schema: signUpSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400 });

  const { username, email, password, redirectTo, inDialog } = submission.value;
  const result = await registerCustomer({ username, email, password, ip: clientIp(request) });
  if (result.status === "limited") {
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.tooManyAttempts], hideFields: SECRET_FIELDS }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  // A taken e-mail says no more than "Registration failed".
  if (result.status === "taken") {
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.signUpFailed], hideFields: SECRET_FIELDS }), { status: 400 });
  }

  const cookie = await startUserSession(request, result.user, {
    title: "Account created",
    description: `Welcome, ${result.user.username}.`,
    variant: "success",
  });
  if (inDialog === "true") return data({ ...submission.reply({ resetForm: true }), status: "success" as const }, { headers: { "Set-Cookie": cookie } });
  return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": cookie } });
}

export default function SignUpPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="flex justify-center bg-slate-50 px-4 py-16">
      <SignUpCard headingLevel={1} redirectTo={redirectTo} lastResult={lastResult} />
    </div>
  );
}
