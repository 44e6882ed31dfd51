import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { Pagination } from "~/components/admin/pagination";
import { DeleteDialog, DeleteStep } from "~/components/admin/user-delete";
import { UsersTable, type UserActionAnswer } from "~/components/admin/users-table";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { userActionSchema, userIdSchema } from "~/schemas/admin-users";
import { ADMIN_USER_MESSAGES } from "~/schemas/admin-users-messages";
import { findUserRow, listUsers, performUserAction, userRowView } from "~/server/admin/users.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { pageOf } from "~/server/platform/pagination.server";
import { answerWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import type { AdminUserRow } from "~/views/admin";

// User Management. Each row's buttons post here: with JavaScript
// through a fetcher (the answer is a toast, the table refreshes in place), without it as a
// plain form (POST, then a redirect with the toast). Delete asks first: a dialog with
// JavaScript, the ?confirmDelete=<id> step without.
export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "User Management",
    description: "Activate, deactivate and delete {brand} accounts.",
    path: "/admin/users",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const { users, info } = await listUsers(pageOf(url));
  const confirmId = url.searchParams.get("confirmDelete");
  const confirming = confirmId && userIdSchema.safeParse(confirmId).success ? await findUserRow(confirmId) : null;
  return {
    adminId: admin.id,
    users: users.map(userRowView),
    info,
    confirmDelete: confirmId === null ? null : confirming ? userRowView(confirming) : ("missing" as const),
  };
}

/** Back to the list as it was (its page), without the confirmation step. */
function listUrl(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("confirmDelete");
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = Object.fromEntries(await request.formData());
  const outcome = await performUserAction(admin.id, userActionSchema.safeParse(form), form.intent);
  return answerWithToast(request, context, {
    toast: outcome.toast,
    data: { ok: outcome.ok },
    status: outcome.ok ? 200 : 400,
    redirectTo: listUrl(request),
  });
}

export default function AdminUsers() {
  const { adminId, users, info, confirmDelete } = useLoaderData<typeof loader>();
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  // One fetcher for every row, held here: a row may vanish with the answer (its user deleted
  // meanwhile) while the fetcher's post is still pending.
  const statusFetcher = useFetcher<UserActionAnswer>();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">User Management</h1>
        <BackToDashboard />
      </div>

      {confirmDelete ? <DeleteStep user={confirmDelete} adminId={adminId} /> : null}

      <UsersTable users={users} adminId={adminId} fetcher={statusFetcher} onDelete={setDeleting} />
      <Pagination info={info} label="users" one="user" />
      <DeleteDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      describe={({ reason }) => ({
        title: "User Management",
        text: `${ADMIN_USER_MESSAGES.loadError}: ${reason ?? "Unknown error"}`,
      })}
      retryTo="/admin/users"
      actions={<BackToDashboard look="error" />}
    />
  );
}
