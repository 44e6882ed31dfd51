import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useFetcher,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Pagination } from "~/components/admin/pagination";
import { Button, StatusButton } from "~/components/ui/button";
import { ADMIN_USER_MESSAGES, userActionSchema, userIdSchema } from "~/schemas/admin-users";
import { findUserRow, listUsers, performUserAction, userRowView } from "~/server/admin/users.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { pageOf } from "~/server/platform/pagination.server";
import { answerWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { useFetcherAnswer } from "~/utils/use-fetcher-answer";

// User Management (spec/02 "Admin screens"). Each row's buttons post here: with JavaScript
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

type UserView = Awaited<ReturnType<typeof loader>>["users"][number];

export default function AdminUsers() {
  const { adminId, users, info, confirmDelete } = useLoaderData<typeof loader>();
  const [deleting, setDeleting] = useState<UserView | null>(null);
  // One fetcher for every row, held here: a row may vanish with the answer (its user deleted
  // meanwhile) while the fetcher's post is still pending.
  const statusFetcher = useFetcher<typeof action>();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">User Management</h1>
        <BackToDashboard />
      </div>

      {confirmDelete ? <DeleteStep user={confirmDelete} adminId={adminId} /> : null}

      <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Username
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-4 py-3">
                Active
              </th>
              <th scope="col" className="px-4 py-3">
                Created
              </th>
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-6 text-center text-slate-600">
                  No users found
                </td>
              </tr>
            ) : (
              users.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isSelf={user.id === adminId}
                  fetcher={statusFetcher}
                  onDelete={() => setDeleting(user)}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination info={info} label="users" />
      <DeleteDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function BackToDashboard() {
  return (
    <Link
      to="/admin/dashboard"
      className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      Back to Dashboard
    </Link>
  );
}

const SELF_NOTE = "You cannot change your own account";

type ActionFetcher = ReturnType<typeof useFetcher<typeof action>>;

function UserRow({
  user,
  isSelf,
  fetcher,
  onDelete,
}: {
  user: UserView;
  isSelf: boolean;
  fetcher: ActionFetcher;
  onDelete: () => void;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const pending = fetcher.state !== "idle" && fetcher.formData?.get("userId") === user.id;
  const intent = user.isActive ? "deactivate" : "activate";
  const confirmParams = new URLSearchParams(location.search);
  confirmParams.set("confirmDelete", user.id);
  const danger =
    "rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-400";

  return (
    <tr data-testid="user-row" data-email={user.email}>
      <td className="px-4 py-3 font-medium text-slate-900">
        {user.username}
        {isSelf ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">You</span> : null}
      </td>
      <td className="px-4 py-3 text-slate-700">{user.email}</td>
      <td className="px-4 py-3 capitalize text-slate-700">{user.role}</td>
      <td className="px-4 py-3" data-testid="user-active">
        {user.isActive ? (
          <span className="font-medium text-green-800">Yes</span>
        ) : (
          <span className="font-medium text-slate-500">No</span>
        )}
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{user.created}</td>
      <td className="px-4 py-3">
        <div className="flex gap-2">
          <fetcher.Form method="post">
            <input type="hidden" name="userId" value={user.id} />
            <input type="hidden" name="intent" value={intent} />
            <StatusButton
              variant="secondary"
              className="px-3 py-1.5"
              pending={pending}
              pendingText={user.isActive ? "Deactivating…" : "Activating…"}
              disabled={isSelf}
              title={isSelf ? SELF_NOTE : undefined}
              aria-label={`${user.isActive ? "Deactivate" : "Activate"} ${user.username}`}
            >
              {user.isActive ? "Deactivate" : "Activate"}
            </StatusButton>
          </fetcher.Form>
          {isSelf ? (
            <button type="button" className={danger} disabled title={SELF_NOTE} aria-label={`Delete ${user.username}`}>
              Delete
            </button>
          ) : hydrated ? (
            <button type="button" className={danger} onClick={onDelete} aria-label={`Delete ${user.username}`}>
              Delete
            </button>
          ) : (
            <Link to={`?${confirmParams}`} className={danger} aria-label={`Delete ${user.username}`}>
              Delete
            </Link>
          )}
        </div>
      </td>
    </tr>
  );
}

/** With JavaScript: the spec's question in a dialog; Delete posts through a fetcher. */
function DeleteDialog({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useFetcherAnswer(fetcher, (answer) => answer.ok && onClose());
  return (
    <ConfirmDialog
      open={user !== null}
      title="Delete user"
      message={ADMIN_USER_MESSAGES.confirmDelete}
      onClose={onClose}
    >
      {user ? (
        <fetcher.Form method="post" className="mt-4">
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{user.username}</span> ({user.email}). Their bookings and
            payments are kept.
          </p>
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="intent" value="delete" />
          <div className="mt-5 flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <StatusButton
              pending={fetcher.state !== "idle"}
              pendingText="Deleting…"
              className="bg-red-700 hover:bg-red-800 disabled:bg-red-400"
            >
              Delete
            </StatusButton>
          </div>
        </fetcher.Form>
      ) : null}
    </ConfirmDialog>
  );
}

/** Without JavaScript: the same question as a step of the page (?confirmDelete=<id>). */
function DeleteStep({ user, adminId }: { user: UserView | "missing"; adminId: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("confirmDelete");
  const cancelTo = `${location.pathname}${params.size > 0 ? `?${params}` : ""}`;
  const box = "mt-6 rounded-xl border p-5";
  if (user === "missing") {
    return (
      <section role="alert" className={`${box} border-amber-300 bg-amber-50 text-amber-900`}>
        <p>{ADMIN_USER_MESSAGES.notFound}</p>
        <Link to={cancelTo} className="mt-2 inline-block font-semibold underline">
          Back to the list
        </Link>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="delete-step-heading"
      data-testid="delete-confirmation"
      className={`${box} border-red-300 bg-red-50`}
    >
      <h2 id="delete-step-heading" className="text-lg font-bold text-red-900">
        Delete user
      </h2>
      <p className="mt-1 text-red-900">{ADMIN_USER_MESSAGES.confirmDelete}</p>
      <p className="mt-2 text-sm text-red-900">
        <span className="font-semibold">{user.username}</span> ({user.email}). Their bookings and payments are kept.
      </p>
      {user.id === adminId ? (
        <p className="mt-3 font-semibold text-red-900">{ADMIN_USER_MESSAGES.selfDelete}</p>
      ) : (
        // The step of a browser without JavaScript: a plain post even where JavaScript runs.
        <Form method="post" reloadDocument className="mt-4 flex gap-3">
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" className="bg-red-700 hover:bg-red-800">
            Delete
          </Button>
          <Link
            to={cancelTo}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Cancel
          </Link>
        </Form>
      )}
    </section>
  );
}

// spec/02: "Error loading users: {message}".
export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || "Error"}`
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-bold text-red-900">User Management</h1>
      <p className="mt-2 text-red-800">
        {ADMIN_USER_MESSAGES.loadError}: {message}
      </p>
      <div className="mt-4 flex gap-3">
        <Link
          to="/admin/users"
          reloadDocument
          className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          Retry
        </Link>
        <BackToDashboard />
      </div>
    </div>
  );
}
