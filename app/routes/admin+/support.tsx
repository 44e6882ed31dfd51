// /admin/support: the support desk. Every ticket (support and change requests, shared
// locations, problem reports after delivery, visitors' contact forms) by status, open ones
// first and the longest-waiting at the top, each with its thread, a reply box and its status.
// A booking's page shows its own tickets with the same forms, which post here.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { Pagination } from "~/components/admin/pagination";
import { TicketCard } from "~/components/support/ticket-card";
import { TICKET_STATUS_LABELS, TICKET_STATUSES, type TicketStatus } from "~/schemas/support-ticket-messages";
import { listTickets, submitTicketForm, ticketCounts, ticketReturnPath } from "~/server/admin/support.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { pageOf } from "~/server/platform/pagination.server";
import { answerWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Support",
    description: "Answer customers' and drivers' support requests.",
    path: "/admin/support",
    matches,
    noindex: true,
  });

const statusOf = (value: string | null): TicketStatus =>
  TICKET_STATUSES.includes(value as TicketStatus) ? (value as TicketStatus) : "open";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get("status"));
  const [list, counts] = await Promise.all([listTickets({ status, page: pageOf(url).page }), ticketCounts()]);
  return { ...list, counts, status };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const fields = Object.fromEntries(await request.formData());
  const answer = await submitTicketForm(admin.id, fields);
  return answerWithToast(request, context, {
    toast: answer.toast,
    data: { ok: answer.ok, error: answer.error },
    status: answer.httpStatus,
    redirectTo: ticketReturnPath(fields.returnTo),
  });
}

export default function AdminSupport() {
  const { tickets, page, counts, status } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Support</h1>
        <BackToDashboard />
      </div>
      <nav aria-label="Tickets by status" className="mt-4 flex flex-wrap gap-2 text-sm">
        {TICKET_STATUSES.map((value) => (
          <Link
            key={value}
            to={`?status=${value}`}
            aria-current={value === status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${value === status ? "border-blue-700 bg-blue-50 font-semibold text-blue-800" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
          >
            {TICKET_STATUS_LABELS[value]} ({counts[value]})
          </Link>
        ))}
      </nav>
      {tickets.length === 0 ? (
        <p className="mt-6 text-slate-700">No tickets are {TICKET_STATUS_LABELS[status].toLowerCase()}.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard
                ticket={ticket}
                side="support"
                replyAction="/admin/support"
                returnTo={`/admin/support?status=${status}`}
              />
              {ticket.booking ? (
                <Link
                  to={`/admin/bookings/${ticket.booking.id}`}
                  className="mt-1 inline-block text-sm text-blue-700 hover:underline"
                >
                  Booking {ticket.booking.reference}
                </Link>
              ) : null}
              {ticket.claimId ? (
                <Link
                  to={`/admin/claims/${ticket.claimId}`}
                  className="ml-4 mt-1 inline-block text-sm font-semibold text-blue-700 hover:underline"
                >
                  Decide the claim
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination info={page} label="Support tickets" one="support ticket" />
    </>
  );
}
