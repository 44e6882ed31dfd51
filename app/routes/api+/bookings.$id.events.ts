// GET /api/bookings/:id/events: server-sent events for one booking's tracker, "change" with
// what changed (tracking, chat, read, booking) as it happens, on any app instance
// (platform/live-stream.server.ts). Only the booking's customer, its driver and admins may
// listen (session cookie or bearer token); anyone else gets 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/auth/api-auth.server";
import { findTrackedBooking } from "~/server/bookings/tracking.server";
import { apiError } from "~/server/platform/api.server";
import { liveTopicStream } from "~/server/platform/live-stream.server";
import type { LiveEvent } from "~/server/platform/live.server";

export const BOOKING_NOT_FOUND = "Booking not found";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const found = await findTrackedBooking(params.id, user);
  if (!found) return apiError(404, BOOKING_NOT_FOUND);
  const bookingId = found.booking.id;
  return liveTopicStream<LiveEvent>(request, {
    userId: user.id,
    topic: bookingId,
    ready: JSON.stringify({ bookingId }),
    change: (event) => JSON.stringify({ kind: event.kind, at: Date.now() }),
  });
}
