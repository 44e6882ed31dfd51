import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Listens to a booking's server-sent events and reloads the page's data (its loaders) when
 * something changes, so the server stays the one source of what the page shows. After a lost
 * connection the browser reconnects by itself; the reload on reconnecting catches up on
 * anything missed meanwhile. Returns nothing: the page simply shows fresh data.
 */
export function useLiveUpdates(bookingId: string | null, { enabled = true } = {}) {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;

  useEffect(() => {
    if (!bookingId || !enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/bookings/${encodeURIComponent(bookingId)}/events`);
    let connectedBefore = false;
    source.addEventListener("ready", () => {
      if (connectedBefore) revalidateRef.current();
      connectedBefore = true;
    });
    source.addEventListener("change", () => revalidateRef.current());
    return () => source.close();
  }, [bookingId, enabled]);
}
