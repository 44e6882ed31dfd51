// A live topic (one booking, or one driver's offers) as server-sent events: "ready" first, "change"
// each time the topic is notified on any instance (PostgreSQL LISTEN/NOTIFY, live.server.ts), a
// ping under the idle timeouts of common proxies, and the end of the stream when the listening
// connection is lost, so the browser's EventSource reconnects (and catches up) once it is back.
import { eventStream } from "remix-utils/sse/server";
import { apiError } from "./api.server";
import { reserveLiveStream, subscribeToTopic, type LiveEvent, type OfferEvent } from "./live.server";

export const LIVE_STREAM_MESSAGES = {
  tooMany: "Too many live connections are open for this account; this page refreshes by itself instead.",
  unavailable: "Live updates are unavailable right now; the page will try again.",
} as const;

const KEEP_ALIVE_MS = 25_000;

/**
 * The stream of `topic` for `userId` (already allowed to follow it): at most a few per account
 * and instance (429 past them), 503 while live updates are down. `ready` and `change` make the
 * events' data; a change whose data is null is not sent. Changes are sent in the order heard,
 * even when making one's data waits on the database.
 */
export async function liveTopicStream<Event extends LiveEvent | OfferEvent>(
  request: Request,
  {
    userId,
    topic,
    ready,
    change,
  }: { userId: string; topic: string; ready: string; change: (event: Event) => string | null | Promise<string | null> },
) {
  const release = reserveLiveStream(userId);
  if (!release) return apiError(429, LIVE_STREAM_MESSAGES.tooMany, { headers: { "Retry-After": "30" } });

  let send: ((args: { event?: string; data: string }) => void) | undefined;
  let close: (() => void) | undefined;
  let unsubscribe: () => void;
  let sending: Promise<void> = Promise.resolve();
  const sendChange = (event: Event) => {
    sending = sending
      .then(() => change(event))
      .then((data) => {
        if (data !== null) send?.({ event: "change", data });
      })
      .catch(() => close?.()); // the page reconnects and reloads what it missed
  };
  try {
    unsubscribe = await subscribeToTopic<Event>(topic, sendChange, () => close?.());
  } catch {
    release();
    return apiError(503, LIVE_STREAM_MESSAGES.unavailable, { headers: { "Retry-After": "5" } });
  }
  return eventStream(
    request.signal,
    (sendEvent, abort) => {
      send = sendEvent;
      close = abort;
      sendEvent({ event: "ready", data: ready });
      const keepAlive = setInterval(() => sendEvent({ event: "ping", data: String(Date.now()) }), KEEP_ALIVE_MS);
      return () => {
        clearInterval(keepAlive);
        unsubscribe();
        release();
      };
    },
    // (eventStream sets Cache-Control: no-cache; Remix's Express adapter flushes each event
    // through the compression.) Proxies such as nginx must not buffer the stream:
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
