// How reliable a driver is, shown honestly: completed jobs, rating, the share of arrivals on
// time (against the booked start) and the jobs they dropped. "New driver" is a badge for the
// first few jobs, never a stand-in for a missing rating.
import { ratingText } from "./ratings";

/** Below this many completed jobs a driver is shown as new. */
const NEW_DRIVER_BELOW_JOBS = 5;

/** An arrival up to this many minutes after the booked start counts as on time. */
export const ON_TIME_GRACE_MINUTES = 15;

export function isNewDriver(completedJobs: number) {
  return completedJobs < NEW_DRIVER_BELOW_JOBS;
}

/** "4.7 / 5", or "No ratings yet". */
export function driverRatingText(ratingTenths: number | null) {
  const rating = ratingText(ratingTenths);
  return rating ? `${rating} / 5` : "No ratings yet";
}

/** Whole minutes after the booked start (0 when early or on the minute). */
export function minutesLate(bookedStart: Date, arrivedAt: Date) {
  return Math.max(0, Math.floor((arrivedAt.getTime() - bookedStart.getTime()) / 60_000));
}

export function arrivedOnTime(lateMinutes: number) {
  return lateMinutes <= ON_TIME_GRACE_MINUTES;
}

/** "92% on time (23 of 25)", or "No arrivals yet". */
export function onTimeText(onTime: number, arrivals: number) {
  if (arrivals === 0) return "No arrivals yet";
  return `${Math.round((onTime * 100) / arrivals)}% on time (${onTime} of ${arrivals})`;
}
