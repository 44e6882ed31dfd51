import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { CardPage } from "~/components/auth/auth-card";
import { SignUpCard } from "~/components/auth/sign-up-card";
import { signUpSchema } from "~/schemas/auth";
import { AUTH_MESSAGES } from "~/schemas/auth-messages";
import { loadAccountPage, refuse, signedIn, tooManyAttempts } from "~/server/auth/auth-forms.server";
import { registerCustomer, safeRedirect } from "~/server/auth/auth.server";
import { withPasswordPolicy } from "~/server/auth/password.server";
import { clientAddress } from "~/server/platform/client-address.server";
import { isSpam } from "~/server/platform/honeypot.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Sign Up",
    description: "Create your {brand} account to book moves and follow your driver live.",
    path: "/signup",
    matches,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAccountPage(request);
}

const SECRET_FIELDS = ["password", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  // A bot in the honeypot is sent on as if signed up; no account is made.
  if (isSpam(formData)) return redirect(safeRedirect(formData.get("redirectTo")));
  const submission = parseWithZod(formData, { schema: withPasswordPolicy(signUpSchema) });
  if (submission.status !== "success") return refuse(submission, SECRET_FIELDS, { status: 400 });

  const { username, email, password } = submission.value;
  const result = await registerCustomer({ username, email, password, ip: clientAddress(context) });
  if (result.status === "limited") return refuse(submission, SECRET_FIELDS, tooManyAttempts(result.retryAfterSeconds));
  // A taken e-mail says no more than "Registration failed".
  if (result.status === "taken")
    return refuse(submission, SECRET_FIELDS, { status: 400, formError: AUTH_MESSAGES.signUpFailed });
  const { redirectTo } = submission.value;
  return signedIn(request, submission, result.user, {
    redirectTo,
    toast: { title: "Account created", description: `Welcome, ${result.user.username}.` },
  });
}

export default function SignUpPage() {
  return <CardPage Card={SignUpCard} />;
}
