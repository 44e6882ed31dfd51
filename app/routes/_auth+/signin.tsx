import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CardPage } from "~/components/auth/auth-card";
import { SignInCard } from "~/components/auth/sign-in-card";
import { AUTH_MESSAGES } from "~/schemas/auth-messages";
import { loadAccountPage, refuse, signedIn, tooManyAttempts } from "~/server/auth/auth-forms.server";
import { authenticateForm } from "~/server/auth/authenticator.server";
import { clientAddress } from "~/server/platform/client-address.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Sign In",
    description: "Sign in to your {brand} account to book and track your moves.",
    path: "/signin",
    matches,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAccountPage(request);
}

const SECRET_FIELDS = ["password"];

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission, result } = await authenticateForm("user", request, clientAddress(context));
  if (submission.status !== "success" || !result) return refuse(submission, SECRET_FIELDS, { status: 400 });

  if (result.status === "limited") return refuse(submission, SECRET_FIELDS, tooManyAttempts(result.retryAfterSeconds));
  // The same answer for an unknown e-mail, a wrong password and a deactivated account.
  if (result.status === "failed")
    return refuse(submission, SECRET_FIELDS, { status: 401, formError: AUTH_MESSAGES.signInFailed });
  const { redirectTo } = submission.value;
  return signedIn(request, submission, result.user, {
    redirectTo,
    toast: { title: "Signed in", description: `Welcome back, ${result.user.username}.` },
  });
}

export default function SignInPage() {
  return <CardPage Card={SignInCard} />;
}
