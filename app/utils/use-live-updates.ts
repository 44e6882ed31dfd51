import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Listens to a booking's server-sent events and reloads the page's data (its loaders) when
 * something changes, so the server stays the one source of what the page shows. After a lost
 * connection the browser reconnects by itself; the reload on reconnecting catches up on
 * anything missed meanwhile. Returns nothing: the page simply shows fresh data.
 */
/** How often a page without a live stream reloads its data (as the no-JS page refreshes). */
const POLL_INTERVAL_MS = 30_000;

export function useLiveUpdates(bookingId: string | null, { enabled = true } = {}) {
  useLiveStream(bookingId ? `/api/bookings/${encodeURIComponent(bookingId)}/events` : null, { enabled });
}

/**
 * The same for any of our event streams. With `onChange`, each change's data goes to it
 * instead, for a page that applies the change itself (the driver's open jobs,
 * /api/driver/offers/events); the page still reloads after a lost connection.
 */
export function useLiveStream(
  path: string | null,
  { enabled = true, onChange }: { enabled?: boolean; onChange?: (data: string) => void } = {},
) {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!path || !enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(path);
    let connectedBefore = false;
    source.addEventListener("ready", () => {
      if (connectedBefore) revalidateRef.current();
      connectedBefore = true;
    });
    source.addEventListener("change", (event) =>
      onChangeRef.current ? onChangeRef.current(event.data) : revalidateRef.current(),
    );
    // Refused (too many streams open, a 429) or gone for good: the browser will not retry,
    // so the page polls instead.
    let polling: ReturnType<typeof setInterval> | undefined;
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED || polling) return;
      polling = setInterval(() => revalidateRef.current(), POLL_INTERVAL_MS);
    });
    return () => {
      source.close();
      if (polling) clearInterval(polling);
    };
  }, [path, enabled]);
}
