// The driver's live position: how often the driver's phone sends it, which
// stop it is measured to, the distance and arrival estimate from the offline geometry, and
// when a position is old enough to say so. The distance and arrival estimate to the next
// stop come from the offline geometry (distance.ts, estimateTrip).
// (No import of ./distance here: the driver's page runs positionIsDue, and the distance
// module carries the postcode table.)
import type { StopType } from "./move-inputs";
import { countOf } from "./plural";
import { nextStop, stopTitle } from "./route-stops";

type LatLng = readonly [number, number];

/** The phone sends its position every 15 s, or sooner once it has moved 100 m. */
const POSITION_INTERVAL_MS = 15_000;
const POSITION_MIN_METRES = 100;

/** After this long without a position, the tracker says when the driver was last seen. */
const STALE_AFTER_MS = 2 * 60_000;

/** Tracks are deleted this long after the job ends (the privacy notice says so). */
export const TRACK_KEEP_DAYS = 30;

/** The statuses during which a driver shares their position. */
const SHARING_STATUSES = ["en_route", "nearby", "arrived"] as const;

export function isSharingStatus(status: string | null | undefined): boolean {
  return (SHARING_STATUSES as readonly string[]).includes(status ?? "");
}

/** Straight-line metres between two nearby points (an equirectangular approximation: plenty for 100 m). */
function metresBetween(a: LatLng, b: LatLng) {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const x = toRadians(b[1] - a[1]) * Math.cos(toRadians((a[0] + b[0]) / 2));
  const y = toRadians(b[0] - a[0]);
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

/** Whether the phone should send a new position now (the first, or 15 s or 100 m since the last). */
export function positionIsDue(last: { point: LatLng; at: number } | null, next: LatLng, now: number): boolean {
  if (!last) return true;
  return now - last.at >= POSITION_INTERVAL_MS || metresBetween(last.point, next) >= POSITION_MIN_METRES;
}

/** Where the driver is heading next: its address, and how the tracker names it. */
export type NextStop = { address: string; label: string };

/**
 * Where the driver is heading: the pickup until they arrive there, then each extra stop not
 * done yet, in order, then the final delivery.
 */
export function nextStopOf(booking: {
  trackingStatus: string | null;
  pickupAddress: string;
  deliveryAddress: string;
  stops?: readonly { position: number; type: StopType; address: string; doneAt: Date | null }[];
}): NextStop {
  if (booking.trackingStatus !== "arrived") return { address: booking.pickupAddress, label: "the pickup address" };
  const stop = nextStop(booking.stops ?? []);
  if (stop) return { address: stop.address, label: stopTitle(stop.position, stop.type).toLowerCase() };
  return { address: booking.deliveryAddress, label: "the delivery address" };
}

/** "last seen 3 min ago" once positions have stopped coming; null while they are fresh. */
export function lastSeenText(recordedAt: Date, now: Date): string | null {
  const age = now.getTime() - recordedAt.getTime();
  if (age < STALE_AFTER_MS) return null;
  const minutes = Math.floor(age / 60_000);
  if (minutes < 60) return `last seen ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `last seen ${countOf(hours, "hour")} ago`;
}
