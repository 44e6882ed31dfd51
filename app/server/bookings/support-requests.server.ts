// The tracker's help actions (issue 12): a shared location, a change request, a support
// request or (the customer's, for 48 hours after completion) a problem report, stored as an
// open SupportRequest tied to the booking and the user. Admins see them on the booking's
// details and in the dashboard's activeComplaints (DECISIONS.md); the support inbox gets an
// e-mail for each.
import { problemReportOpen } from "~/domain/delivery-proof";
import { formatUkDateTime } from "~/domain/uk-datetime";
import { HELP_MESSAGES, type HelpRequestInput } from "~/schemas/help-request";
import { db } from "~/server/platform/db.server";
import { sendEmail } from "~/server/platform/email.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import { hitRateLimit, TOO_MANY_REQUESTS_MESSAGE, type RateLimitRule } from "~/server/platform/rate-limit.server";
import type { SessionUser } from "~/views/session-user";

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
  user: Pick<SessionUser, "id" | "role">;
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
  const row = await db.supportRequest.create({
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
  await publishLiveEvent({ bookingId: booking.id, kind: "booking" });
  await sendEmail({
    to: env.SUPPORT_EMAIL,
    subject: `${SUPPORT_REQUEST_KIND_LABELS[input.kind]}: ${booking.reference}`,
    text: [
      `${SUPPORT_REQUEST_KIND_LABELS[input.kind]} from the ${user.role === "driver" ? "driver" : "customer"} of ${booking.reference}:`,
      "",
      input.message,
      ...(input.latitude !== null ? ["", `Location: ${input.latitude}, ${input.longitude}`] : []),
      "",
      `The booking: ${absoluteUrl(`/admin/bookings/${booking.id}`)}`,
    ].join("\n"),
  }).catch((error) => console.error("Could not e-mail support about a request", error));
  return { ok: true, id: row.id };
}

const SUPPORT_REQUEST_KIND_LABELS = {
  support: "Support request",
  change_request: "Change request",
  complaint: "Problem report",
  location_share: "Shared location",
} as const;

/** A booking's requests for the admin, newest first. */
export async function supportRequestsFor(bookingId: string) {
  const rows = await db.supportRequest.findMany({
    where: { bookingId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      kind: true,
      status: true,
      message: true,
      latitude: true,
      longitude: true,
      createdAt: true,
      user: { select: { username: true, role: true } },
    },
  });
  return rows.map(({ createdAt, user, ...row }) => ({
    ...row,
    kindText: SUPPORT_REQUEST_KIND_LABELS[row.kind],
    from: user ? `${user.username} (${user.role})` : "A deleted account",
    createdAt: createdAt.toISOString(),
    createdText: formatUkDateTime(createdAt),
  }));
}
