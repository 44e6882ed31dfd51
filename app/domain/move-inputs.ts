// What a customer tells us about a move before any price: its start time, the floors and the
// urgency levels there are. Apart from pricing.ts, so that a form can list them without the
// pricing rulebook's code.

/** A move's start time, "HH:MM" on the 24-hour clock, and the time a quote assumes without one. */
export const MOVE_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const DEFAULT_MOVE_TIME = "09:00";

export const FLOOR_ACCESS_LEVELS = ["ground", "firstFloor", "secondFloor", "thirdFloorPlus"] as const;

export type FloorAccess = (typeof FLOOR_ACCESS_LEVELS)[number];

export const URGENCIES = ["standard", "priority", "express"] as const;

export type Urgency = (typeof URGENCIES)[number];

export const FLOOR_ACCESS_LABELS: Readonly<Record<FloorAccess, string>> = {
  ground: "Ground floor",
  firstFloor: "First floor",
  secondFloor: "Second floor",
  thirdFloorPlus: "Third floor or higher",
};

/** docs/PRICING.md v2: up to 4 stops between the pickup and the final delivery. */
export const MAX_EXTRA_STOPS = 4;

export const STOP_TYPES = ["pickup", "dropoff"] as const;

export type StopType = (typeof STOP_TYPES)[number];

export const STOP_TYPE_LABELS: Readonly<Record<StopType, string>> = {
  pickup: "Pickup",
  dropoff: "Drop-off",
};

/** An extra stop, in route order between the pickup and the final delivery. */
export interface MoveStop {
  address: string;
  type: StopType;
  floorAccess: FloorAccess;
  liftAvailable: boolean;
}
