// The tracker's help actions: a shared location, a change request, a support
// request or (the customer's, for 48 hours after completion) a problem report, stored as an
// open SupportRequest tied to the booking and the user. Admins see them on the booking's
// details and in the dashboard's activeComplaints (docs/decisions/011-admin-dashboard-figures.md); the support inbox gets an
// e-mail for each.
import { problemReportOpen } from "~/domain/delivery-proof";
import { messageKey } from "~/domain/message-delivery";
import { formatUkDateTime } from "~/domain/uk-datetime";
import { HELP_MESSAGES, type HelpRequestInput } from "~/schemas/help-request";
import { ticketReplySchema } from "~/schemas/support-ticket";
import { SUPPORT_REQUEST_KIND_LABELS, TICKET_MESSAGES, TICKET_STATUS_LABELS } from "~/schemas/support-ticket-messages";
import { queueMessage } from "~/server/messages/outbox.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import { hitRateLimit, TOO_MANY_REQUESTS_MESSAGE, type RateLimitRule } from "~/server/platform/rate-limit.server";
import type { ToastInput } from "~/utils/toast";
import type { SessionUser } from "~/views/session-user";
import type { TicketView } from "~/views/tracker";
import type { Prisma } from "../../../generated/prisma/client";

/** Per account: enough for a real move-day, not enough to flood the admins. */
export const HELP_RATE_LIMIT: RateLimitRule = { name: "help-request:user", limit: 10, windowSeconds: 15 * 60 };

/**
 * The booking, if this user may ask for help on it: its customer or its assigned driver.
 * Anyone else (admins included: they have the admin pages) gets null, which pages show as 404.
 */
export async function helpBookingFor(bookingId: string, user: Pick<SessionUser, "id" | "role">, now = new Date()) {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: {
      id: true,
      reference: true,
      customerId: true,
      status: true,
      completedAt: true,
      driver: { select: { userId: true, phone: true } },
    },
  });
  if (!booking) return null;
  const asCustomer = booking.customerId === user.id;
  const asDriver = user.role === "driver" && booking.driver?.userId === user.id;
  if (!asCustomer && !asDriver) return null;
  return {
    id: booking.id,
    reference: booking.reference,
    driverPhone: booking.driver?.phone ?? null,
    canReportProblem: asCustomer && booking.status === "completed" && problemReportOpen(booking.completedAt, now),
  };
}

export type HelpRequestResult =
  { ok: true; id: string } | { ok: false; status: 404 | 409 | 429; message: string; retryAfterSeconds?: number };

export async function createHelpRequest({
  bookingId,
  user,
  input,
  now = new Date(),
}: {
  bookingId: string;
  user: Pick<SessionUser, "id" | "role" | "email" | "username">;
  input: HelpRequestInput;
  now?: Date;
}): Promise<HelpRequestResult> {
  const booking = await helpBookingFor(bookingId, user, now);
  if (!booking) return { ok: false, status: 404, message: HELP_MESSAGES.notFound };
  if (input.kind === "complaint" && !booking.canReportProblem)
    return { ok: false, status: 409, message: HELP_MESSAGES.problemWindowClosed };
  const limit = await hitRateLimit(HELP_RATE_LIMIT, user.id);
  if (!limit.allowed)
    return { ok: false, status: 429, message: TOO_MANY_REQUESTS_MESSAGE, retryAfterSeconds: limit.retryAfterSeconds };
  const row = await db.$transaction(async (tx) => {
    const request = await tx.supportRequest.create({
      data: {
        bookingId: booking.id,
        userId: user.id,
        kind: input.kind,
        message: input.message,
        latitude: input.latitude,
        longitude: input.longitude,
      },
      select: { id: true },
    });
    // The support inbox hears of it; the requester, that it arrived (a shared location needs no answer).
    const refs = { requestId: request.id };
    await queueMessage(tx, "help-request-to-support", refs, {
      key: messageKey("help-request-to-support", request.id),
      bookingId: booking.id,
      recipient: env.SUPPORT_EMAIL,
    });
    if (input.kind !== "location_share")
      await queueMessage(tx, "support-acknowledgement", refs, {
        key: messageKey("support-acknowledgement", request.id),
        bookingId: booking.id,
        userId: user.id,
        recipient: user.email,
      });
    return request;
  });
  await publishLiveEvent({ bookingId: booking.id, kind: "booking" });
  return { ok: true, id: row.id };
}

export const TICKET_SELECT = {
  id: true,
  kind: true,
  status: true,
  message: true,
  latitude: true,
  longitude: true,
  name: true,
  email: true,
  createdAt: true,
  user: { select: { username: true, role: true } },
  booking: { select: { id: true, reference: true } },
  claim: { select: { id: true } },
  replies: { orderBy: { createdAt: "asc" }, select: { id: true, fromSupport: true, body: true, createdAt: true } },
} satisfies Prisma.SupportRequestSelect;

type TicketRow = Prisma.SupportRequestGetPayload<{ select: typeof TICKET_SELECT }>;

/** A ticket with its thread (the first message, then the replies), ready to show. */
export function ticketView(row: TicketRow): TicketView {
  return {
    id: row.id,
    kind: row.kind,
    kindText: SUPPORT_REQUEST_KIND_LABELS[row.kind],
    claimId: row.claim?.id ?? null,
    status: row.status,
    statusText: TICKET_STATUS_LABELS[row.status],
    from: row.user
      ? `${row.user.username} (${row.user.role})`
      : row.email
        ? `${row.name ?? "Visitor"} <${row.email}> (contact form)`
        : "A deleted account",
    booking: row.booking,
    latitude: row.latitude,
    longitude: row.longitude,
    createdText: formatUkDateTime(row.createdAt),
    thread: [
      { id: `${row.id}-first`, fromSupport: false, body: row.message, createdAt: row.createdAt },
      ...row.replies,
    ].map((message) => ({
      id: message.id,
      fromSupport: message.fromSupport,
      body: message.body,
      atText: formatUkDateTime(message.createdAt),
      at: message.createdAt.toISOString(),
    })),
  };
}

/** A booking's tickets for the admin, newest first. */
export async function supportRequestsFor(bookingId: string) {
  const rows = await db.supportRequest.findMany({
    where: { bookingId },
    orderBy: { createdAt: "desc" },
    select: TICKET_SELECT,
  });
  return rows.map(ticketView);
}

/** The tickets this customer or driver opened on a booking, newest first, for the tracker. */
export async function ownTicketsOn(bookingId: string, user: Pick<SessionUser, "id">) {
  const rows = await db.supportRequest.findMany({
    where: { bookingId, userId: user.id, kind: { not: "location_share" } },
    orderBy: { createdAt: "desc" },
    take: 20,
    select: TICKET_SELECT,
  });
  return rows.map(ticketView);
}

type ReplyResult = { ok: true; bookingId: string | null } | { ok: false; status: 404 | 429; message: string };

/**
 * The requester answers in their ticket's thread: the ticket is open again (it waits on
 * support), and the support inbox hears of it. Only the one who opened it may answer.
 */
export async function replyAsRequester({
  ticketId,
  user,
  body,
}: {
  ticketId: string;
  user: Pick<SessionUser, "id" | "username">;
  body: string;
}): Promise<ReplyResult> {
  const ticket = await db.supportRequest.findFirst({
    where: { id: ticketId, userId: user.id },
    select: { id: true, kind: true, booking: { select: { id: true, reference: true } } },
  });
  if (!ticket) return { ok: false, status: 404, message: TICKET_MESSAGES.notFound };
  const limit = await hitRateLimit(HELP_RATE_LIMIT, user.id);
  if (!limit.allowed) return { ok: false, status: 429, message: TOO_MANY_REQUESTS_MESSAGE };
  await db.$transaction(async (tx) => {
    const reply = await tx.supportReply.create({
      data: { requestId: ticket.id, fromSupport: false, authorId: user.id, body },
      select: { id: true },
    });
    await tx.supportRequest.update({ where: { id: ticket.id }, data: { status: "open", resolvedAt: null } });
    await queueMessage(
      tx,
      "requester-reply-to-support",
      { replyId: reply.id },
      {
        key: messageKey("requester-reply-to-support", reply.id),
        bookingId: ticket.booking?.id,
        recipient: env.SUPPORT_EMAIL,
      },
    );
  });
  if (ticket.booking) await publishLiveEvent({ bookingId: ticket.booking.id, kind: "booking" });
  return { ok: true, bookingId: ticket.booking?.id ?? null };
}

/** The tracker's reply form, checked and sent: the toast that says how it went, and the field errors. */
export async function submitRequesterReply(
  user: Pick<SessionUser, "id" | "username">,
  fields: Record<string, unknown>,
): Promise<{
  ok: boolean;
  httpStatus: 200 | 400 | 404 | 429;
  toast: ToastInput;
  error: Record<string, string[]> | null;
}> {
  const parsed = ticketReplySchema.safeParse(fields);
  const sent = parsed.success
    ? await replyAsRequester({ ticketId: parsed.data.ticketId, user, body: parsed.data.body })
    : null;
  if (sent?.ok)
    return { ok: true, httpStatus: 200, toast: { title: TICKET_MESSAGES.replied, variant: "success" }, error: null };
  const error = sent ? { "": [sent.message] } : (parsed.error!.flatten().fieldErrors as Record<string, string[]>);
  return {
    ok: false,
    httpStatus: sent ? sent.status : 400,
    toast: { title: "Not sent", description: Object.values(error).flat()[0], variant: "error" },
    error,
  };
}

/** A visitor without an account writes to support (the FAQ's live chat, signed out): a ticket of its own. */
export async function createContactTicket(
  input: { name: string; email: string; message: string },
  clientAddress: string,
) {
  const limit = await hitRateLimit(CONTACT_RATE_LIMIT, clientAddress);
  if (!limit.allowed) return { status: "limited" as const, retryAfterSeconds: limit.retryAfterSeconds };
  const row = await db.$transaction(async (tx) => {
    const request = await tx.supportRequest.create({
      data: { kind: "support", message: input.message, name: input.name, email: input.email },
      select: { id: true },
    });
    const refs = { requestId: request.id };
    await queueMessage(tx, "contact-to-support", refs, {
      key: messageKey("contact-to-support", request.id),
      recipient: env.SUPPORT_EMAIL,
    });
    await queueMessage(tx, "support-acknowledgement", refs, {
      key: messageKey("support-acknowledgement", request.id),
      recipient: input.email,
    });
    return request;
  });
  return { status: "sent" as const, id: row.id };
}

/** Per client address, as every form that sends e-mail is. */
const CONTACT_RATE_LIMIT: RateLimitRule = { name: "support-contact", limit: 5, windowSeconds: 3600 };

/**
 * Where "Live chat" takes a signed-in customer: support on their next (or latest) booking;
 * null when they have none (they get the contact form, as a visitor does).
 */
export async function supportChatTarget(user: Pick<SessionUser, "id" | "role">) {
  if (user.role !== "customer") return null;
  const booking = await db.booking.findFirst({
    where: { customerId: user.id, status: { not: "cancelled" } },
    orderBy: [{ status: "asc" }, { moveDate: "desc" }],
    select: { id: true },
  });
  return booking ? `/bookings/${booking.id}/help?kind=support` : null;
}
