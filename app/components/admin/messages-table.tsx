// The messages the app queued, as rows: channel, recipient, subject or first words, state
// (with the last error while it is retried or dead), tries and times, and "Send again" on a
// dead one (a plain form post, so it works without JavaScript). Used by /admin/messages and a
// booking's admin page.
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { MESSAGE_STATE_LABELS, type MessageState } from "~/domain/message-delivery";
import type { AdminMessageRow } from "~/views/admin";

const STATE_LOOKS: Record<MessageState, string> = {
  queued: "bg-slate-100 text-slate-800",
  sent: "bg-green-100 text-green-900",
  retrying: "bg-amber-100 text-amber-900",
  dead: "bg-red-100 text-red-900",
};

export function MessagesTable({
  messages,
  returnTo,
  caption,
}: {
  messages: AdminMessageRow[];
  /** Where "Send again" brings the admin back to. */
  returnTo: string;
  caption: string;
}) {
  return (
    <ScrollRegion label={caption} className="mt-4 rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="stacked-table min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Message
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              To
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              State
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Tries
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Times
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {messages.map((message) => (
            <tr key={message.id} data-testid="message-row" className="align-top">
              <td data-label="Message" className="px-3 py-2">
                <span className="block font-medium text-slate-900">{message.summary ?? "Not composed yet"}</span>
                <span className="text-xs text-slate-600">
                  {message.channel === "sms" ? "Text" : "E-mail"}
                  {message.booking ? (
                    <>
                      {" · "}
                      <Link to={`/admin/bookings/${message.booking.id}`} className="text-blue-700 hover:underline">
                        {message.booking.reference}
                      </Link>
                    </>
                  ) : null}
                </span>
              </td>
              <td data-label="To" className="px-3 py-2 break-all text-slate-800">
                {message.recipient ?? "Not known yet"}
              </td>
              <td data-label="State" className="px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_LOOKS[message.state]}`}>
                  {MESSAGE_STATE_LABELS[message.state]}
                </span>
                {message.lastError ? (
                  <span className="mt-1 block max-w-xs text-xs break-words text-slate-700">
                    Last error: {message.lastError}
                  </span>
                ) : null}
                {message.state === "dead" ? (
                  <Form method="post" action="/admin/messages" className="mt-2">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="messageId" value={message.id} />
                    <input type="hidden" name="returnTo" value={returnTo} />
                    <Button type="submit" variant="secondary" className="px-2 py-1 text-xs">
                      Send again
                      <span className="sr-only">: {message.summary ?? "message"}</span>
                    </Button>
                  </Form>
                ) : null}
              </td>
              <td data-label="Tries" className="px-3 py-2 text-slate-800">
                {message.tries}
              </td>
              <td data-label="Times" className="px-3 py-2 text-xs whitespace-nowrap text-slate-700">
                <span className="block">Queued {message.queuedAt}</span>
                {message.lastTriedAt ? <span className="block">Tried {message.lastTriedAt}</span> : null}
                {message.sentAt ? <span className="block">Sent {message.sentAt}</span> : null}
                {message.deadAt ? <span className="block">Dead {message.deadAt}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
