// /business/users: the account's users and open invitations, for its owner and admins. Invite a
// colleague by e-mail (the link works 7 days), change a user's role, remove a user, withdraw an
// invitation. Plain posts without JavaScript, each answered with a toast.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { InviteForm, type FormAnswer } from "~/components/business/business-forms";
import {
  BUSINESS_ROLE_LABELS,
  BUSINESS_ROLES,
  MAX_BUSINESS_USERS,
  roleChangeRefusal,
  removalRefusal,
} from "~/domain/business";
import { formatUkDateTime } from "~/domain/uk-datetime";
import { invitationSchema } from "~/schemas/business";
import {
  accountUsers,
  changeRole,
  inviteToAccount,
  removeMember,
  requireBusinessUser,
  withdrawInvitation,
  type BusinessChange,
} from "~/server/business/accounts.server";
import { answerWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Users",
    description: "Your business account's users and invitations.",
    path: "/business/users",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireBusinessUser(request, "users");
  const { members, invitations } = await accountUsers(member.accountId);
  return {
    accountName: member.accountName,
    canInviteAdmins: roleChangeRefusal(member.role, null, "admin") === null,
    seatsLeft: MAX_BUSINESS_USERS - members.length - invitations.length,
    members: members.map((row) => ({
      id: row.id,
      name: row.user.username,
      email: row.user.email,
      role: row.role,
      roleLabel: BUSINESS_ROLE_LABELS[row.role],
      you: row.user.id === member.user.id,
      roles: BUSINESS_ROLES.filter(
        (role) => role !== row.role && roleChangeRefusal(member.role, row.role, role) === null,
      ),
      removable: removalRefusal(member.role, row.role, row.user.id === member.user.id) === null,
    })),
    invitations: invitations.map((row) => ({
      id: row.id,
      email: row.email,
      roleLabel: BUSINESS_ROLE_LABELS[row.role],
      expires: formatUkDateTime(row.expiresAt),
    })),
  };
}

const rowAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), memberId: z.string().min(1).max(40), role: z.enum(BUSINESS_ROLES) }),
  z.object({ intent: z.literal("remove"), memberId: z.string().min(1).max(40) }),
  z.object({ intent: z.literal("withdraw"), invitationId: z.string().min(1).max(40) }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireBusinessUser(request, "users");
  const formData = await request.formData();
  if (formData.get("intent") === "invite") {
    const submission = parseWithZod(formData, { schema: invitationSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const invited = await inviteToAccount(member, submission.value);
    if (!invited.ok) return data(submission.reply({ formErrors: [invited.message] }), { status: invited.status });
    return answerWithToast(request, context, {
      toast: { title: "Invitation sent", description: invited.message, variant: "success" },
      data: submission.reply({ resetForm: true }),
      redirectTo: "/business/users",
    });
  }
  const parsed = rowAction.safeParse(Object.fromEntries(formData));
  let answer: BusinessChange;
  if (!parsed.success) answer = { ok: false, status: 404, message: "That form was not one of this page's" };
  else if (parsed.data.intent === "role") answer = await changeRole(member, parsed.data.memberId, parsed.data.role);
  else if (parsed.data.intent === "remove") answer = await removeMember(member, parsed.data.memberId);
  else answer = await withdrawInvitation(member, parsed.data.invitationId);
  return answerWithToast(request, context, {
    toast: answer.ok
      ? { title: "Done", description: answer.message, variant: "success" }
      : { title: "Not changed", description: answer.message, variant: "error" },
    data: null,
    status: answer.ok ? 200 : answer.status,
    redirectTo: "/business/users",
  });
}

const smallButton =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";

export default function BusinessUsersPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as FormAnswer;
  return (
    <div className="bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-4xl">
        <h1 className="text-2xl font-bold text-slate-900">Users of {page.accountName}</h1>
        <p className="mt-1 text-sm text-slate-700">
          {page.seatsLeft > 0
            ? `${page.seatsLeft} of ${MAX_BUSINESS_USERS} places left, counting open invitations.`
            : `All ${MAX_BUSINESS_USERS} places are taken, counting open invitations.`}
        </p>
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Users">
          {page.members.map((member) => (
            <li
              key={member.id}
              className="flex flex-wrap items-center justify-between gap-3 p-4"
              data-testid="business-user"
            >
              <div>
                <p className="font-semibold text-slate-900">
                  {member.name}
                  {member.you ? " (you)" : ""}
                </p>
                <p className="text-sm text-slate-700">
                  {member.email} · {member.roleLabel}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {member.roles.map((role) => (
                  <Form method="post" key={role}>
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="memberId" value={member.id} />
                    <input type="hidden" name="role" value={role} />
                    <button type="submit" className={smallButton}>
                      Make {BUSINESS_ROLE_LABELS[role].toLowerCase()}
                      <span className="sr-only"> ({member.name})</span>
                    </button>
                  </Form>
                ))}
                {member.removable ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="memberId" value={member.id} />
                    <button type="submit" className={smallButton}>
                      {member.you ? "Leave the account" : "Remove"}
                      {member.you ? null : <span className="sr-only"> {member.name}</span>}
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        {page.invitations.length > 0 ? (
          <section aria-labelledby="invitations-heading" className="mt-8">
            <h2 id="invitations-heading" className="text-lg font-semibold text-slate-900">
              Open invitations
            </h2>
            <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {page.invitations.map((invitation) => (
                <li
                  key={invitation.id}
                  className="flex flex-wrap items-center justify-between gap-3 p-4"
                  data-testid="business-invitation"
                >
                  <p className="text-sm text-slate-800">
                    <span className="font-semibold">{invitation.email}</span> as {invitation.roleLabel.toLowerCase()},
                    until {invitation.expires}
                  </p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="withdraw" />
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <button type="submit" className={smallButton}>
                      Withdraw<span className="sr-only"> the invitation to {invitation.email}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="invite-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
            Invite a colleague
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            We e-mail them a link that works for 7 days. If they already have a login with that address, they join with
            it.
          </p>
          <div className="mt-4">
            <InviteForm lastResult={lastResult} canInviteAdmins={page.canInviteAdmins} />
          </div>
        </section>
      </div>
    </div>
  );
}
