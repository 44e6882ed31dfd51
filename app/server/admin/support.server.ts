// The support desk, the admin's side: every ticket (support and change
// requests, shared locations, problem reports, visitors' contact forms) by status, the
// admin's reply in a ticket's thread (the ticket then waits on its customer, who gets the
// reply by e-mail), and status changes. Each change goes to the audit log.
import { messageKey } from "~/domain/message-delivery";
import { ticketReplySchema, ticketStatusSchema } from "~/schemas/support-ticket";
import { TICKET_MESSAGES, type TicketStatus } from "~/schemas/support-ticket-messages";
import { TICKET_SELECT, ticketView } from "~/server/bookings/support-requests.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { recordAudit } from "~/server/platform/audit.server";
import { db } from "~/server/platform/db.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import { ADMIN_PAGE_SIZE, pageInfo } from "~/server/platform/pagination.server";
import type { ToastInput } from "~/utils/toast";
import { adminReturnPath } from "./return-path.server";

/** Open tickets first by default: the longest-waiting at the top. */
export async function listTickets({ status, page }: { status: TicketStatus; page: number }) {
  const where = { status };
  const [total, rows] = await Promise.all([
    db.supportRequest.count({ where }),
    db.supportRequest.findMany({
      where,
      orderBy: { updatedAt: status === "resolved" ? "desc" : "asc" },
      skip: (page - 1) * ADMIN_PAGE_SIZE,
      take: ADMIN_PAGE_SIZE,
      select: TICKET_SELECT,
    }),
  ]);
  return { tickets: rows.map(ticketView), page: pageInfo(total, { page, take: ADMIN_PAGE_SIZE }) };
}

/** How many tickets wait in each status (the list's tabs). */
export async function ticketCounts() {
  const groups = await db.supportRequest.groupBy({ by: ["status"], _count: { _all: true } });
  const counts: Record<TicketStatus, number> = { open: 0, waiting_on_customer: 0, resolved: 0 };
  for (const group of groups) counts[group.status] = group._count._all;
  return counts;
}

type TicketChange = { ok: true } | { ok: false; status: 404; message: string };

/** Support answers in the thread; the requester gets the answer by e-mail, and the ticket waits on them. */
export async function replyAsSupport(adminId: string, ticketId: string, body: string): Promise<TicketChange> {
  const ticket = await db.supportRequest.findUnique({
    where: { id: ticketId },
    select: {
      id: true,
      email: true,
      name: true,
      bookingId: true,
      booking: { select: { reference: true } },
      user: { select: { email: true, username: true } },
    },
  });
  if (!ticket) return { ok: false, status: 404, message: TICKET_MESSAGES.notFound };
  await db.$transaction(async (tx) => {
    const reply = await tx.supportReply.create({
      data: { requestId: ticket.id, fromSupport: true, authorId: adminId, body },
      select: { id: true },
    });
    // The requester gets the answer by e-mail (when there is an address to send it to).
    const to = ticket.user?.email ?? ticket.email;
    if (to)
      await queueMessage(
        tx,
        "support-answer",
        { replyId: reply.id },
        { key: messageKey("support-answer", reply.id), bookingId: ticket.bookingId, recipient: to },
      );
    await tx.supportRequest.update({
      where: { id: ticket.id },
      data: { status: "waiting_on_customer", resolvedAt: null },
    });
    await recordAudit(
      {
        actorId: adminId,
        action: "support.reply",
        targetType: "SupportRequest",
        targetId: ticket.id,
        details: { length: body.length },
      },
      tx,
    );
  });
  if (ticket.bookingId) await publishLiveEvent({ bookingId: ticket.bookingId, kind: "booking" });
  return { ok: true };
}

export async function setTicketStatus(adminId: string, ticketId: string, status: TicketStatus): Promise<TicketChange> {
  const ticket = await db.supportRequest.findUnique({
    where: { id: ticketId },
    select: { id: true, status: true, bookingId: true },
  });
  if (!ticket) return { ok: false, status: 404, message: TICKET_MESSAGES.notFound };
  if (ticket.status === status) return { ok: true };
  await db.$transaction(async (tx) => {
    await tx.supportRequest.update({
      where: { id: ticket.id },
      data: { status, resolvedAt: status === "resolved" ? new Date() : null },
    });
    await recordAudit(
      {
        actorId: adminId,
        action: "support.status",
        targetType: "SupportRequest",
        targetId: ticket.id,
        details: { from: ticket.status, to: status },
      },
      tx,
    );
  });
  if (ticket.bookingId) await publishLiveEvent({ bookingId: ticket.bookingId, kind: "booking" });
  return { ok: true };
}

// ---------------------------------------------------------------- the pages' forms

export type TicketFormAnswer = {
  ok: boolean;
  httpStatus: 200 | 400 | 404;
  toast: ToastInput;
  error: Record<string, string[]> | null;
};

/**
 * A reply or a status change posted from /admin/support or a booking's page: its fields
 * checked by the schema, the change made, and the toast that says how it went.
 */
export async function submitTicketForm(adminId: string, fields: Record<string, unknown>): Promise<TicketFormAnswer> {
  const refused = (httpStatus: 400 | 404, error: Record<string, string[]>): TicketFormAnswer => ({
    ok: false,
    httpStatus,
    toast: { title: "Not sent", description: Object.values(error).flat()[0], variant: "error" },
    error,
  });
  if (fields.intent === "status") {
    const parsed = ticketStatusSchema.safeParse(fields);
    if (!parsed.success) return refused(400, parsed.error.flatten().fieldErrors as Record<string, string[]>);
    const changed = await setTicketStatus(adminId, parsed.data.ticketId, parsed.data.status);
    if (!changed.ok) return refused(404, { "": [changed.message] });
    return {
      ok: true,
      httpStatus: 200,
      toast: { title: TICKET_MESSAGES.statusChanged, variant: "success" },
      error: null,
    };
  }
  const parsed = ticketReplySchema.safeParse(fields);
  if (!parsed.success) return refused(400, parsed.error.flatten().fieldErrors as Record<string, string[]>);
  const sent = await replyAsSupport(adminId, parsed.data.ticketId, parsed.data.body);
  if (!sent.ok) return refused(404, { "": [sent.message] });
  return { ok: true, httpStatus: 200, toast: { title: TICKET_MESSAGES.replied, variant: "success" }, error: null };
}

/** Where a plain post goes back to: an admin page it came from, else the support list. */
export function ticketReturnPath(returnTo: unknown) {
  return adminReturnPath(returnTo, "/admin/support");
}
