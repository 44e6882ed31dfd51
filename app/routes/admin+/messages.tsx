// /admin/messages: every e-mail and text the app queued, newest first, filtered by
// state, booking and recipient (a GET form, so a filter is a linkable URL), 25 to a page. A
// dead message can be sent again.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { MessagesTable } from "~/components/admin/messages-table";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { MESSAGE_STATE_LABELS, MESSAGE_STATES } from "~/domain/message-delivery";
import {
  listMessages,
  messageCounts,
  messageFiltersOf,
  messageReturnPath,
  submitMessageForm,
} from "~/server/admin/messages.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { pageOf } from "~/server/platform/pagination.server";
import { answerWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Messages",
    description: "Every e-mail and text sent or waiting to be sent.",
    path: "/admin/messages",
    matches,
    noindex: true,
  });

const LIST_PATH = "/admin/messages";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = messageFiltersOf(url);
  const [list, counts] = await Promise.all([listMessages(filters, pageOf(url)), messageCounts()]);
  return { ...list, counts, filters };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const fields = Object.fromEntries(await request.formData());
  const answer = await submitMessageForm(admin.id, fields);
  return answerWithToast(request, context, {
    toast: answer.toast,
    data: { ok: answer.ok },
    status: answer.httpStatus,
    redirectTo: messageReturnPath(fields.returnTo),
  });
}

export default function AdminMessages() {
  const { messages, page, counts, filters } = useLoaderData<typeof loader>();
  const location = useLocation();
  const filtered = Boolean(filters.state || filters.booking || filters.recipient);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Messages</h1>
        <BackToDashboard />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {MESSAGE_STATES.map((state) => `${MESSAGE_STATE_LABELS[state]}: ${counts[state]}`).join(" · ")}
      </p>

      {/* A GET form, so a filter is a linkable URL. */}
      <Form
        method="get"
        action={LIST_PATH}
        role="search"
        aria-label="Filter messages"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <SelectField
          id="state"
          name="state"
          label="State"
          defaultValue={filters.state ?? ""}
          options={[
            { value: "", label: "Any state" },
            ...MESSAGE_STATES.map((state) => ({ value: state, label: MESSAGE_STATE_LABELS[state] })),
          ]}
          className="w-40"
        />
        <Field
          id="booking"
          name="booking"
          type="search"
          label="Booking"
          defaultValue={filters.booking}
          maxLength={100}
          placeholder="Reference"
          className="w-44"
        />
        <Field
          id="recipient"
          name="recipient"
          type="search"
          label="Recipient"
          defaultValue={filters.recipient}
          maxLength={320}
          placeholder="E-mail address or number"
          className="min-w-56 flex-1"
        />
        <Button type="submit">Filter</Button>
        {filtered ? (
          <Link to={LIST_PATH} className="py-2 text-sm font-medium text-blue-700 hover:underline">
            Clear filters
          </Link>
        ) : null}
      </Form>

      {messages.length === 0 ? (
        <p className="mt-6 text-slate-700" data-testid="no-messages">
          {filtered ? "No message matches these filters." : "No message has been queued yet."}
        </p>
      ) : (
        <MessagesTable messages={messages} returnTo={`${location.pathname}${location.search}`} caption="Messages" />
      )}
      <Pagination info={page} label="messages" one="message" />
    </>
  );
}
