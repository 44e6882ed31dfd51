// A move's route: the pickup, up to 4 extra stops in the customer's order, the final delivery
// (docs/PRICING.md v2), the legs between them, and the order the driver works
// through the stops on the day.
import { FLOOR_ACCESS_LABELS, STOP_TYPE_LABELS, type FloorAccess, type StopType } from "./move-inputs";

/** A route leg, as the breakdown shows it. */
export interface RouteLeg {
  from: string;
  to: string;
  miles: number;
}

/** The form field of route point `point` (0 is the pickup, then the stops, then the delivery). */
export function routePointField(point: number, stopCount: number): string {
  if (point <= 0) return "pickupAddress";
  if (point > stopCount) return "deliveryAddress";
  return `stops[${point - 1}].address`;
}

/** The route's legs from the addresses in order and each leg's tenths of a mile; none for a two-address move. */
export function routeLegs(points: readonly string[], legTenths: readonly number[]): RouteLeg[] {
  if (points.length <= 2 || legTenths.length !== points.length - 1) return [];
  return legTenths.map((tenths, index) => ({ from: points[index]!, to: points[index + 1]!, miles: tenths / 10 }));
}

/** "Second floor, lift available", "Ground floor". */
function accessText(floor: FloorAccess, lift: boolean): string {
  return `${FLOOR_ACCESS_LABELS[floor]}${floor !== "ground" && lift ? ", lift available" : ""}`;
}

/** An extra stop as the screens show it. */
export interface StopView {
  position: number;
  type: StopType;
  typeLabel: string;
  address: string;
  /** "Second floor, lift available". */
  access: string;
  done: boolean;
}

/** A saved stop (a quote's or a booking's) as the screens show it. */
export function stopView(stop: {
  position: number;
  type: StopType;
  address: string;
  floorAccess: FloorAccess;
  liftAvailable: boolean;
  doneAt?: Date | null;
}): StopView {
  return {
    position: stop.position,
    type: stop.type,
    typeLabel: STOP_TYPE_LABELS[stop.type],
    address: stop.address,
    access: accessText(stop.floorAccess, stop.liftAvailable),
    done: Boolean(stop.doneAt),
  };
}

/** A route's addresses in order (a quote request, a saved quote or booking): pickup, the stops, delivery. */
export function routePoints(route: {
  pickupAddress: string;
  deliveryAddress: string;
  stops: readonly { address: string }[];
}): string[] {
  return [route.pickupAddress, ...route.stops.map((stop) => stop.address), route.deliveryAddress];
}

/** "Stop 2 (drop-off)". */
export function stopTitle(position: number, type: StopType): string {
  return `Stop ${position} (${STOP_TYPE_LABELS[type].toLowerCase()})`;
}

// ---------- the day: stops are done in order, between "arrived" and "completed" ----------

interface StopProgress {
  position: number;
  type: StopType;
  doneAt: Date | null;
}

export const STOP_MESSAGES = {
  notArrived: "Mark the stops once you have arrived at the pickup address.",
  outOfOrder: (next: number) => `Please do the stops in order: stop ${next} is next.`,
  alreadyDone: "This stop is already done.",
  unknownStop: "This move has no such stop.",
  needsProof: "A drop-off stop needs its proof of delivery: at least one photo and the recipient's signature.",
  stopsFirst: (next: number) => `Stop ${next} is not done yet. Do every stop before completing the move.`,
} as const;

/** The first stop not done yet, or null when every stop is done. */
export function nextStop<T extends StopProgress>(stops: readonly T[]): T | null {
  return [...stops].sort((a, b) => a.position - b.position).find((stop) => stop.doneAt === null) ?? null;
}

/**
 * Why the driver cannot mark stop `position` done now (null when they can): only after arriving
 * at the pickup, only the next stop, once. A drop-off is marked done by its proof (`withProof`).
 */
export function stopDoneRefusal(
  trackingStatus: string | null | undefined,
  stops: readonly StopProgress[],
  position: number,
  { withProof }: { withProof: boolean },
): string | null {
  const stop = stops.find((candidate) => candidate.position === position);
  if (!stop) return STOP_MESSAGES.unknownStop;
  if (stop.doneAt) return STOP_MESSAGES.alreadyDone;
  if (trackingStatus !== "arrived") return STOP_MESSAGES.notArrived;
  const next = nextStop(stops);
  if (next && next.position !== position) return STOP_MESSAGES.outOfOrder(next.position);
  if (stop.type === "dropoff" && !withProof) return STOP_MESSAGES.needsProof;
  return null;
}

/** Why the move cannot be completed yet because of its stops; null when every stop is done. */
export function stopsLeftRefusal(stops: readonly StopProgress[]): string | null {
  const next = nextStop(stops);
  return next ? STOP_MESSAGES.stopsFirst(next.position) : null;
}

/** The route as lines of text (e-mails): "Pickup: …", "Stop 1 (drop-off): …, Ground floor", "Delivery: …". */
export function routeTextLines(route: {
  pickupAddress: string;
  deliveryAddress: string;
  stops: readonly Pick<StopView, "position" | "type" | "address" | "access">[];
}): string[] {
  return [
    `Pickup: ${route.pickupAddress}`,
    ...route.stops.map((stop) => `${stopTitle(stop.position, stop.type)}: ${stop.address}, ${stop.access}`),
    `Delivery: ${route.deliveryAddress}`,
  ];
}
