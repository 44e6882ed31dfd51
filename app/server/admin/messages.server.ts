// /admin/messages: every e-mail and text the app queued, newest first, with
// its channel, recipient, subject or first words, state (queued, sent, retrying with the last
// error, dead), tries and times; filtered by state, booking and recipient. "Send again" puts a
// dead message back on the queue (server/messages/outbox.server.ts), written to the audit log.
import { MESSAGE_STATES, type MessageState } from "~/domain/message-delivery";
import { formatUkDateTime } from "~/domain/uk-datetime";
import { sendAgain } from "~/server/messages/outbox.server";
import { recordAudit } from "~/server/platform/audit.server";
import { db } from "~/server/platform/db.server";
import { ADMIN_PAGE_SIZE, pageInfo } from "~/server/platform/pagination.server";
import { runningTotals } from "~/server/platform/running-totals.server";
import type { AdminMessageRow } from "~/views/admin";
import type { Prisma } from "../../../generated/prisma/client";
import { adminReturnPath } from "./return-path.server";

export type MessageFilters = { state: MessageState | null; booking: string; recipient: string };

/** The filters of the list's GET form, as typed; anything unknown is no filter. */
export function messageFiltersOf(url: URL): MessageFilters {
  const state = url.searchParams.get("state");
  return {
    state: MESSAGE_STATES.includes(state as MessageState) ? (state as MessageState) : null,
    booking: (url.searchParams.get("booking") ?? "").trim().slice(0, 100),
    recipient: (url.searchParams.get("recipient") ?? "").trim().slice(0, 320),
  };
}

function whereOf({ state, booking, recipient }: MessageFilters): Prisma.MessageWhereInput {
  return {
    ...(state ? { state } : {}),
    // A booking by its reference (as admins say it) or its id (the booking page's link).
    ...(booking ? { booking: { OR: [{ reference: { equals: booking, mode: "insensitive" } }, { id: booking }] } } : {}),
    ...(recipient ? { recipient: { contains: recipient, mode: "insensitive" } } : {}),
  };
}

const MESSAGE_SELECT = {
  id: true,
  kind: true,
  channel: true,
  recipient: true,
  subject: true,
  preview: true,
  state: true,
  tries: true,
  lastError: true,
  createdAt: true,
  lastTriedAt: true,
  sentAt: true,
  deadAt: true,
  booking: { select: { id: true, reference: true } },
} satisfies Prisma.MessageSelect;

type MessageRow = Prisma.MessageGetPayload<{ select: typeof MESSAGE_SELECT }>;

const when = (date: Date | null) => (date ? formatUkDateTime(date) : null);

function messageView(row: MessageRow): AdminMessageRow {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    // The subject, or a text's first words; not yet known before its first try.
    summary: row.subject ?? row.preview,
    state: row.state,
    tries: row.tries,
    lastError: row.state === "sent" ? null : row.lastError,
    queuedAt: when(row.createdAt)!,
    lastTriedAt: when(row.lastTriedAt),
    sentAt: when(row.sentAt),
    deadAt: when(row.deadAt),
    booking: row.booking,
  };
}

export async function listMessages(filters: MessageFilters, { page }: { page: number }) {
  const where = whereOf(filters);
  const [total, rows] = await Promise.all([
    // Every message, or a state's: the running totals; a search counts its matches.
    filters.booking || filters.recipient
      ? db.message.count({ where })
      : messageCounts().then((counts) =>
          filters.state ? counts[filters.state] : MESSAGE_STATES.reduce((sum, state) => sum + counts[state], 0),
        ),
    db.message.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * ADMIN_PAGE_SIZE,
      take: ADMIN_PAGE_SIZE,
      select: MESSAGE_SELECT,
    }),
  ]);
  return { messages: rows.map(messageView), page: pageInfo(total, { page, take: ADMIN_PAGE_SIZE }) };
}

/** How many messages are in each state (the list's filter, the dashboard). */
export async function messageCounts() {
  // Running totals: the table grows by every e-mail and text ever sent.
  const totals = await runningTotals();
  return Object.fromEntries(MESSAGE_STATES.map((state) => [state, totals.get(`messages:${state}`) ?? 0])) as Record<
    MessageState,
    number
  >;
}

/** A booking's messages, newest first (its admin page). */
export async function messagesOfBooking(bookingId: string) {
  const rows = await db.message.findMany({
    where: { bookingId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
    select: MESSAGE_SELECT,
  });
  return rows.map(messageView);
}

const MESSAGE_ADMIN_TEXT = {
  resent: "Message queued again",
  notDead: "Only a dead message can be sent again",
  badForm: "That form was not one of this page's",
} as const;

/** "Send again" on a dead message: queued anew (its composer reads the address as it is now). */
async function resendMessage(adminId: string, messageId: string) {
  return db.$transaction(async (tx) => {
    const queued = await sendAgain(tx, messageId);
    if (!queued) return { ok: false as const, status: 409 as const, message: MESSAGE_ADMIN_TEXT.notDead };
    await recordAudit({ actorId: adminId, action: "message.resend", targetType: "Message", targetId: messageId }, tx);
    return { ok: true as const };
  });
}

/** Where "Send again" returns: the list with its filters, or a booking's page. */
export function messageReturnPath(returnTo: unknown) {
  return adminReturnPath(returnTo, "/admin/messages");
}

/** The list's "Send again" form, checked: its toast and status. */
export async function submitMessageForm(adminId: string, fields: Record<string, unknown>) {
  const messageId = typeof fields.messageId === "string" ? fields.messageId.slice(0, 100) : "";
  if (fields.intent !== "resend" || !messageId)
    return {
      ok: false,
      httpStatus: 400 as const,
      toast: { title: MESSAGE_ADMIN_TEXT.badForm, variant: "error" as const },
    };
  const result = await resendMessage(adminId, messageId);
  return result.ok
    ? { ok: true, httpStatus: 200 as const, toast: { title: MESSAGE_ADMIN_TEXT.resent, variant: "success" as const } }
    : { ok: false, httpStatus: result.status, toast: { title: result.message, variant: "error" as const } };
}
