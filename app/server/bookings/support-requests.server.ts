// The tracker's help actions (issue 12): a shared location, a change request or a support
// request, stored as an open SupportRequest tied to the booking and the user. Admins see them
// on the booking's details and in the dashboard's activeComplaints (DECISIONS.md).
import { formatUkDateTime } from "~/domain/uk-datetime";
import { HELP_MESSAGES, type HelpRequestInput } from "~/schemas/help-request";
import { db } from "~/server/platform/db.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import { hitRateLimit, TOO_MANY_REQUESTS_MESSAGE, type RateLimitRule } from "~/server/platform/rate-limit.server";
import type { SessionUser } from "~/views/session-user";

/** Per account: enough for a real move-day, not enough to flood the admins. */
export const HELP_RATE_LIMIT: RateLimitRule = { name: "help-request:user", limit: 10, windowSeconds: 15 * 60 };

/**
 * The booking, if this user may ask for help on it: its customer or its assigned driver.
 * Anyone else (admins included: they have the admin pages) gets null, which pages show as 404.
 */
export async function helpBookingFor(bookingId: string, user: Pick<SessionUser, "id" | "role">) {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: { id: true, reference: true, customerId: true, driver: { select: { userId: true, phone: true } } },
  });
  if (!booking) return null;
  const asCustomer = booking.customerId === user.id;
  const asDriver = user.role === "driver" && booking.driver?.userId === user.id;
  if (!asCustomer && !asDriver) return null;
  return { id: booking.id, reference: booking.reference, driverPhone: booking.driver?.phone ?? null };
}

export type HelpRequestResult =
  { ok: true; id: string } | { ok: false; status: 404 | 429; message: string; retryAfterSeconds?: number };

export async function createHelpRequest({
  bookingId,
  user,
  input,
}: {
  bookingId: string;
  user: Pick<SessionUser, "id" | "role">;
  input: HelpRequestInput;
}): Promise<HelpRequestResult> {
  const booking = await helpBookingFor(bookingId, user);
  if (!booking) return { ok: false, status: 404, message: HELP_MESSAGES.notFound };
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
  return { ok: true, id: row.id };
}

const SUPPORT_REQUEST_KIND_LABELS = {
  support: "Support request",
  change_request: "Change request",
  complaint: "Complaint",
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
