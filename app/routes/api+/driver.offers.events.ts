// GET /api/driver/offers/events (issue 34): server-sent events for drivers, "change" when the
// open jobs change (one opened, taken, or given by an admin), so the portal's list follows live.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { requireApiDriver } from "~/server/auth/api-auth.server";
import { apiError } from "~/server/platform/api.server";
import { OPEN_JOBS_TOPIC, reserveLiveStream, subscribeToBooking } from "~/server/platform/live.server";

const KEEP_ALIVE_MS = 25_000; // under the idle timeouts of common proxies

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiDriver(request);
  const release = reserveLiveStream(user.id);
  if (!release)
    return apiError(
      429,
      "Too many live connections are open for this account; this page refreshes by itself instead.",
      {
        headers: { "Retry-After": "30" },
      },
    );
  let send: ((args: { event?: string; data: string }) => void) | undefined;
  let close: (() => void) | undefined;
  let unsubscribe: () => void;
  try {
    unsubscribe = await subscribeToBooking(
      OPEN_JOBS_TOPIC,
      () => send?.({ event: "change", data: JSON.stringify({ at: Date.now() }) }),
      () => close?.(),
    );
  } catch {
    release();
    return apiError(503, "Live updates are unavailable right now; the page will try again.", {
      headers: { "Retry-After": "5" },
    });
  }
  return eventStream(
    request.signal,
    (sendEvent, abort) => {
      send = sendEvent;
      close = abort;
      sendEvent({ event: "ready", data: "{}" });
      const keepAlive = setInterval(() => sendEvent({ event: "ping", data: String(Date.now()) }), KEEP_ALIVE_MS);
      return () => {
        clearInterval(keepAlive);
        unsubscribe();
        release();
      };
    },
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
