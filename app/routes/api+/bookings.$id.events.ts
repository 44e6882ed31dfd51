// GET /api/bookings/:id/events: server-sent events for one booking's tracker, "change" with
// what changed (tracking, chat, read, booking) as it happens, from PostgreSQL LISTEN/NOTIFY so
// a change made on any app instance reaches every open tracker. Only the booking's customer,
// its driver and admins may listen (session cookie or bearer token); anyone else gets 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { requireApiUser } from "~/server/auth/api-auth.server";
import { findTrackedBooking } from "~/server/bookings/tracking.server";
import { apiError } from "~/server/platform/api.server";
import { reserveLiveStream, subscribeToBooking } from "~/server/platform/live.server";

export const BOOKING_NOT_FOUND = "Booking not found";
export const LIVE_STREAM_MESSAGES = {
  tooMany: "Too many live connections are open for this account; this page refreshes by itself instead.",
} as const;
const KEEP_ALIVE_MS = 25_000; // under the idle timeouts of common proxies

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const found = await findTrackedBooking(params.id, user);
  if (!found) return apiError(404, BOOKING_NOT_FOUND);
  const bookingId = found.booking.id;
  const release = reserveLiveStream(user.id);
  if (!release) {
    return apiError(429, LIVE_STREAM_MESSAGES.tooMany, { headers: { "Retry-After": "30" } });
  }

  let unsubscribe: () => void;
  try {
    unsubscribe = await subscribeToBooking(
      bookingId,
      (event) => send?.({ event: "change", data: JSON.stringify({ kind: event.kind, at: Date.now() }) }),
      () => close?.(),
    );
  } catch {
    release();
    return apiError(503, "Live updates are unavailable right now; the page will try again.", {
      headers: { "Retry-After": "5" },
    });
  }

  let send: ((args: { event?: string; data: string }) => void) | undefined;
  let close: (() => void) | undefined;
  return eventStream(
    request.signal,
    (sendEvent, abort) => {
      send = sendEvent;
      // The listening connection was lost: end the stream, and the browser's EventSource
      // reconnects (and catches up) once it is back.
      close = abort;
      sendEvent({ event: "ready", data: JSON.stringify({ bookingId }) });
      const keepAlive = setInterval(() => sendEvent({ event: "ping", data: String(Date.now()) }), KEEP_ALIVE_MS);
      return () => {
        clearInterval(keepAlive);
        unsubscribe();
        release();
      };
    },
    // (eventStream sets Cache-Control: no-cache; Remix's Express adapter flushes each event
    // through remix-serve's compression.) Proxies such as nginx must not buffer the stream:
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
