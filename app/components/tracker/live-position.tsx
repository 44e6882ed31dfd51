// Where the driver is, on the tracker: the distance to the next stop and an
// arrival estimate, "last seen …" once positions stop coming, and, with a Google Maps browser
// key, a map of the van and the stop (loaded only here, only when there is a position). The
// facts are always there as text: the map adds to them, it never replaces them.
import { lazy, Suspense, useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { lastSeenText } from "~/domain/live-position";
import { countOf } from "~/domain/plural";
import type { LivePositionView } from "~/views/tracker";

const LiveMap = lazy(() => import("./live-map"));

export function LivePosition({
  position,
  mapsKey,
  viewer,
}: {
  position: LivePositionView;
  mapsKey: string | null;
  viewer: "customer" | "driver" | "admin";
}) {
  // The customer reads "your driver"; the driver reads about themselves; an admin about "the driver".
  const who = viewer === "customer" ? "Your driver" : viewer === "driver" ? "You" : "The driver";
  const is = viewer === "driver" ? "are" : "is";
  const hydrated = useHydrated();
  // With JavaScript, "last seen" keeps counting between updates (the server's text stands without it).
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    const tick = () => setNow(new Date());
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, []);
  const lastSeen = now ? lastSeenText(new Date(position.recordedAt), now) : position.lastSeen;
  const where =
    position.stop && position.miles !== null && position.minutes !== null
      ? position.miles < 0.2
        ? `${who} ${is} at ${position.stop.label}.`
        : `${who} ${is} ${countOf(position.miles, "mile")} from ${position.stop.label}, about ${countOf(position.minutes, "minute")} away.`
      : `${who} ${is} sharing ${viewer === "driver" ? "your" : "their"} position.`;
  return (
    <section
      aria-labelledby="live-position-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="live-position"
    >
      <h2 id="live-position-heading" className="text-lg font-semibold text-slate-900">
        {viewer === "driver"
          ? "Your shared position"
          : viewer === "customer"
            ? "Where your driver is"
            : "Where the driver is"}
      </h2>
      <p className="mt-2 text-slate-900" data-testid="live-distance">
        {where}
      </p>
      {lastSeen ? (
        <p className="mt-1 text-sm font-medium text-amber-800" data-testid="live-last-seen">
          {who} {viewer === "driver" ? "were" : "was"} {lastSeen}.
        </p>
      ) : null}
      {mapsKey && hydrated ? (
        <Suspense fallback={null}>
          <LiveMap apiKey={mapsKey} position={position} />
        </Suspense>
      ) : null}
    </section>
  );
}
