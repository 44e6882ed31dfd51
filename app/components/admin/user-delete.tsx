// Deleting a user asks first: a dialog with JavaScript, a step of the page
// (?confirmDelete=<id>) without. Both post the users page's own action.
import { Form, Link, useFetcher } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import type { UserActionAnswer } from "~/components/admin/users-table";
import { Button, StatusButton } from "~/components/ui/button";
import { ADMIN_USER_MESSAGES } from "~/schemas/admin-users-messages";
import { useFetcherAnswer } from "~/utils/use-fetcher-answer";
import { useHrefWith } from "~/utils/use-href-with";
import type { AdminUserRow } from "~/views/admin";

/** With JavaScript: the product's question in a dialog; Delete posts through a fetcher. */
export function DeleteDialog({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) {
  const fetcher = useFetcher<UserActionAnswer>();
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
export function DeleteStep({ user, adminId }: { user: AdminUserRow | "missing"; adminId: string }) {
  const cancelTo = useHrefWith()({ confirmDelete: null });
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
