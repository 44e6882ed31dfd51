// The admin's user list: a row per account with its Activate/Deactivate form (one fetcher for
// every row, held by the page) and its Delete (a dialog with JavaScript, a page step without).
import { Link, useLocation, type FetcherWithComponents } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { StatusButton } from "~/components/ui/button";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { AdminUserRow } from "~/views/admin";

export function UsersTable({
  users,
  adminId,
  fetcher,
  onDelete,
}: {
  users: AdminUserRow[];
  adminId: string;
  fetcher: ActionFetcher;
  onDelete: (user: AdminUserRow) => void;
}) {
  return (
    <ScrollRegion label="Users" className="mt-6 rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="stacked-table min-w-full divide-y divide-slate-200 text-sm">
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
                fetcher={fetcher}
                onDelete={() => onDelete(user)}
              />
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const SELF_NOTE = "You cannot change your own account";

/** What the users page's action answers a fetcher: whether it worked (the toast says how). */
export type UserActionAnswer = { ok: boolean };

type ActionFetcher = FetcherWithComponents<UserActionAnswer>;

function UserRow({
  user,
  isSelf,
  fetcher,
  onDelete,
}: {
  user: AdminUserRow;
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
      <td data-label="Username" className="px-4 py-3 font-medium text-slate-900">
        {user.username}
        {isSelf ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">You</span> : null}
      </td>
      <td data-label="Email" className="break-all px-4 py-3 text-slate-700">
        {user.email}
      </td>
      <td data-label="Role" className="px-4 py-3 capitalize text-slate-700">
        {user.role}
      </td>
      <td data-label="Active" className="px-4 py-3" data-testid="user-active">
        {user.isActive ? (
          <span className="font-medium text-green-800">Yes</span>
        ) : (
          <span className="font-medium text-slate-500">No</span>
        )}
      </td>
      <td data-label="Created" className="px-4 py-3 whitespace-nowrap text-slate-700">
        {user.created}
      </td>
      <td data-label="Actions" className="px-4 py-3">
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
