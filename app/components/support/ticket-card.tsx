// A support ticket and its thread, as its requester (on the tracker) or support (on the admin
// pages) reads it, with the reply box for the side looking. Plain forms: without JavaScript a
// reply posts and comes back with a toast; with it, the post happens in place (a fetcher) and
// the thread reloads.
import { useFetcher } from "@remix-run/react";
import { useRef } from "react";
import { StatusButton } from "~/components/ui/button";
import { REPLY_MAX, TICKET_STATUS_LABELS, TICKET_STATUSES } from "~/schemas/support-ticket-messages";
import { useFetcherAnswer } from "~/utils/use-fetcher-answer";
import type { TicketView } from "~/views/tracker";

const STATUS_STYLE: Record<TicketView["status"], string> = {
  open: "bg-amber-100 text-amber-900",
  waiting_on_customer: "bg-blue-100 text-blue-900",
  resolved: "bg-slate-100 text-slate-700",
};

type ReplyAnswer = { ok?: boolean; error?: Record<string, string[] | null> | null; status?: string };

export function TicketCard({
  ticket,
  side,
  replyAction,
  returnTo,
}: {
  ticket: TicketView;
  /** Who reads: the requester sees "You" and "EasyMove support"; support sees the requester's name. */
  side: "requester" | "support";
  /** Where the reply form posts. */
  replyAction: string;
  /** The admin pages: where a plain post comes back to. */
  returnTo?: string;
}) {
  const reply = useFetcher<ReplyAnswer>();
  const status = useFetcher<ReplyAnswer>();
  const replyError = reply.data?.error?.body?.[0] ?? reply.data?.error?.[""]?.[0] ?? null;
  // Sent: the box empties, and focus stays where it was (on the button).
  const replyForm = useRef<HTMLFormElement>(null);
  useFetcherAnswer(reply, (answer) => {
    if (answer.ok) replyForm.current?.reset();
  });
  const headingId = `ticket-${ticket.id}-heading`;
  const replyId = `ticket-${ticket.id}-reply`;
  return (
    <article
      id={`ticket-${ticket.id}`}
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="ticket"
      data-status={ticket.status}
      data-kind={ticket.kind}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {ticket.kindText}
          {side === "support" && ticket.booking ? `, ${ticket.booking.reference}` : ""}
        </h3>
        <span
          className={`rounded px-1.5 text-xs font-semibold ${STATUS_STYLE[ticket.status]}`}
          data-testid="ticket-status"
        >
          {ticket.statusText}
        </span>
      </div>
      {side === "support" ? <p className="text-sm text-slate-600">From {ticket.from}</p> : null}
      {ticket.latitude !== null && ticket.longitude !== null ? (
        <a
          href={`https://www.openstreetmap.org/?mlat=${ticket.latitude}&mlon=${ticket.longitude}#map=17/${ticket.latitude}/${ticket.longitude}`}
          target="_blank"
          rel="noreferrer"
          className="text-sm text-blue-700 hover:underline"
        >
          {ticket.latitude.toFixed(5)}, {ticket.longitude.toFixed(5)} (map)
        </a>
      ) : null}
      <ol className="mt-3 space-y-2" data-testid="ticket-thread">
        {ticket.thread.map((message) => (
          <li
            key={message.id}
            className={`rounded-md px-3 py-2 text-sm ${message.fromSupport ? "bg-blue-50 text-slate-900" : "bg-slate-50 text-slate-900"}`}
          >
            <p className="text-xs font-semibold text-slate-600">
              {message.fromSupport ? "EasyMove support" : side === "requester" ? "You" : "Customer"} ·{" "}
              <time dateTime={message.at}>{message.atText}</time>
            </p>
            <p className="mt-1 whitespace-pre-line break-words">{message.body}</p>
          </li>
        ))}
      </ol>
      <reply.Form
        ref={replyForm}
        method="post"
        action={replyAction}
        className="mt-3 space-y-2"
        aria-busy={reply.state !== "idle" || undefined}
      >
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="ticketId" value={ticket.id} />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <label htmlFor={replyId} className="block text-sm font-medium text-slate-800">
          {side === "support" ? "Reply to the customer" : "Reply to support"}
        </label>
        <textarea
          id={replyId}
          name="body"
          rows={2}
          maxLength={REPLY_MAX}
          aria-invalid={replyError ? true : undefined}
          aria-describedby={replyError ? `${replyId}-error` : undefined}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
        />
        {replyError ? (
          <p id={`${replyId}-error`} role="alert" className="text-sm text-red-700">
            {replyError}
          </p>
        ) : null}
        <StatusButton pending={reply.state !== "idle"} pendingText="Sending…" variant="secondary">
          Send reply
        </StatusButton>
      </reply.Form>
      {side === "support" ? (
        <status.Form method="post" action={replyAction} className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="ticketId" value={ticket.id} />
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          <label className="text-sm text-slate-800">
            Status
            <select
              name="status"
              defaultValue={ticket.status}
              className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {TICKET_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {TICKET_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <StatusButton pending={status.state !== "idle"} pendingText="Saving…" variant="secondary">
            Set status
          </StatusButton>
        </status.Form>
      ) : null}
    </article>
  );
}
