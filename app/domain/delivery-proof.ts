// Proof of delivery: what a driver hands over at each drop-off, and how long the customer
// has to report a problem afterwards.

/** Photos a driver may send with one proof (at least one is required). */
export const PROOF_MAX_PHOTOS = 6;

/** The largest photo taken (a phone's own, before it is made smaller): a proof's or a claim's. */
export const PHOTO_MAX_MB = 15;

/** A customer may report a problem with the move for this long after it was completed. */
export const PROBLEM_REPORT_HOURS = 48;

/** True while the customer may still report a problem with a move completed at `completedAt`. */
export function problemReportOpen(completedAt: Date | null, now: Date): boolean {
  if (!completedAt) return false;
  return now.getTime() - completedAt.getTime() <= PROBLEM_REPORT_HOURS * 3_600_000;
}

/** The path of the page where a driver completes a job (or a drop-off stop, 1 to 4) with its proof. */
export function completeJobPath(bookingId: string, stop = 0) {
  const path = `/driver/jobs/${encodeURIComponent(bookingId)}/complete`;
  return stop > 0 ? `${path}?stop=${stop}` : path;
}
