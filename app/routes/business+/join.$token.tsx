// /business/join/:token: the link of an invitation to a business account. Signed in with the
// invited address, "Join <company>" adds the login with the invitation's role; signed out, the
// page asks to sign in or create a login with that address and comes back. An expired, used or
// withdrawn link answers 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BUSINESS_MESSAGES, BUSINESS_ROLE_LABELS } from "~/domain/business";
import { getSessionUser, requireUser } from "~/server/auth/auth.server";
import { acceptInvitation, invitationByToken, invitationPath } from "~/server/business/accounts.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Join a business account",
    description: "Accept an invitation to a business account.",
    path: "/business/join",
    matches,
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const invitation = await invitationByToken(params.token ?? "");
  if (!invitation) throw new Response(BUSINESS_MESSAGES.invitationGone, { status: 404 });
  const user = await getSessionUser(request);
  return {
    accountName: invitation.account.name,
    role: BUSINESS_ROLE_LABELS[invitation.role],
    email: invitation.email,
    signedInAs: user?.email ?? null,
    backHere: `?redirectTo=${encodeURIComponent(invitationPath(params.token ?? ""))}`,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const joined = await acceptInvitation(user, params.token ?? "");
  if (!joined.ok) return data({ message: joined.message }, { status: joined.status });
  return redirectWithToast(request, "/business", {
    title: `Welcome to ${joined.accountName}`,
    description: "You can book for the account now.",
    variant: "success",
  });
}

export default function JoinBusinessPage() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const sameAddress = page.signedInAs?.toLowerCase() === page.email;
  return (
    <div className="bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Join {page.accountName}</h1>
        <p className="mt-2 text-slate-700">
          You are invited as {page.role === "Admin" ? "an" : "a"} {page.role.toLowerCase()}, at{" "}
          <span className="break-all">{page.email}</span>.
        </p>
        <div role="alert" className="mt-3 text-sm font-medium text-red-800">
          {refused?.message ?? (page.signedInAs && !sameAddress ? BUSINESS_MESSAGES.invitationOtherEmail : null)}
        </div>
        {page.signedInAs ? (
          sameAddress ? (
            <Form method="post" className="mt-4">
              <button
                type="submit"
                className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
              >
                Join {page.accountName}
              </button>
            </Form>
          ) : null
        ) : (
          <p className="mt-4 flex flex-wrap gap-3">
            <Link
              to={`/signin${page.backHere}`}
              className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
            >
              Sign in to join
            </Link>
            <Link
              to={`/signup${page.backHere}`}
              className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Create a login
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
