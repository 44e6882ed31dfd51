// /business/signup: opens a business account (company name, optional VAT number, billing
// address) with the signed-in customer's login as its owner. Signed out, the page asks to sign
// in or create a login first and comes back here; a login already on an account goes to /business.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BusinessSignupForm, type FormAnswer } from "~/components/business/business-forms";
import { businessSignupSchema } from "~/schemas/business";
import { getSessionUser, requireUser } from "~/server/auth/auth.server";
import { businessUserOf, openBusinessAccount } from "~/server/business/accounts.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Open a business account",
    description: "One account for your company's moves and deliveries: colleagues, roles and one invoice a month.",
    path: "/business/signup",
    matches,
  });

const BACK_HERE = `?redirectTo=${encodeURIComponent("/business/signup")}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (user && (await businessUserOf(user))) throw redirect("/business");
  return { signedIn: user !== null, customer: user?.role === "customer", email: user?.email ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: businessSignupSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const opened = await openBusinessAccount(user, submission.value);
  if (!opened.ok) return data(submission.reply({ formErrors: [opened.message] }), { status: opened.status });
  return redirectWithToast(request, "/business", {
    title: "Business account opened",
    description: `${submission.value.companyName} is ready: invite your colleagues under Users.`,
    variant: "success",
  });
}

export default function BusinessSignupPage() {
  const { signedIn, customer, email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as FormAnswer;
  return (
    <div className="bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Open a business account</h1>
        {!signedIn ? (
          <div className="mt-3 space-y-3 text-slate-700">
            <p>
              Your login becomes the account&rsquo;s owner. Sign in first, or create a login, and you come straight back
              here.
            </p>
            <p className="flex flex-wrap gap-3">
              <Link
                to={`/signin${BACK_HERE}`}
                className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
              >
                Sign in
              </Link>
              <Link
                to={`/signup${BACK_HERE}`}
                className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
              >
                Create a login
              </Link>
            </p>
          </div>
        ) : !customer ? (
          <p className="mt-3 text-slate-700">
            Business accounts are opened with a customer&rsquo;s login. Sign out and sign in with yours.
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700">
              You ({email}) become the account&rsquo;s owner: billing, users and every order.
            </p>
            <div className="mt-4">
              <BusinessSignupForm lastResult={lastResult} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
