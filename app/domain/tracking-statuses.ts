// The driver's tracking statuses in order, and the one step after each. Apart from
// tracking.ts (whose labels the customer's tracker loads) because the driver's page works out
// its next step in the browser too (job-progress.ts).
export const TRACKING_STATUSES = ["assigned", "en_route", "nearby", "arrived", "completed"] as const;
export type TrackingStatusValue = (typeof TRACKING_STATUSES)[number];

/** The driver's buttons: each status leads to the next one only. */
export function nextTrackingStatus(current: string | null | undefined): TrackingStatusValue | null {
  const index = TRACKING_STATUSES.indexOf((current ?? "assigned") as TrackingStatusValue);
  return index >= 0 && index < TRACKING_STATUSES.length - 1 ? TRACKING_STATUSES[index + 1] : null;
}
