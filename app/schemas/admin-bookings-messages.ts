// The booking admin's messages and limits, with no zod in them.
import { BOOKING_STATUSES } from "~/domain/booking-status";

export const ADMIN_BOOKING_MESSAGES = {
  updateFailed: "Failed to update booking status",
  statusUpdated: "Booking status updated",
  statusUnchanged: "No change",
  assignFailed: "Failed to assign driver",
  driverAssigned: "Driver assigned",
  invalidStatus: `Status must be one of: ${BOOKING_STATUSES.join(", ")}`,
  invalidBookingId: "Invalid booking id",
  bookingNotFound: "Booking not found",
  driverRequired: "Choose a driver to assign",
  driverNotApproved: "Only an approved driver can be assigned",
  driverDisabled: "This driver's account is disabled: enable it under Users to assign them",
  notAssignable: "A completed or cancelled booking cannot be given a driver",
  searchTooLong: "The search term is at most 100 characters long",
  invalidLimit: "limit must be a whole number from 1 to 50",
  invalidAction: "Unknown action",
  trackingRequired: "Choose a tracking status",
  reasonRequired: "Give a reason for the change (at least 5 characters)",
  reasonTooLong: "The reason is at most 500 characters long",
  trackingChanged: "Tracking status changed",
  trackingFailed: "Failed to change the tracking status",
  trackingNeedsDriver: "Assign a driver before changing the tracking status",
  trackingCancelled: "A cancelled booking has no tracking to change",
  refundAmount: "Enter an amount in pounds, like 25 or 12.50",
  refundReason: "Give a reason for the refund (at least 5 characters)",
  rescheduleReason: "Give a reason for the change (at least 5 characters)",
  rescheduled: "Move date changed",
  notUnassignable: "Only a driver of a job that has not started can be taken off it",
  unassigned: "Driver taken off the job",
  notReschedulable: "A move that has started, is done or is cancelled cannot be moved to another day",
} as const;

/** An admin's reason for moving a job's tracking by hand: long enough to mean something. */
export const TRACKING_REASON_MIN = 5;
export const TRACKING_REASON_MAX = 500;

export const SEARCH_TERM_MAX = 100;

/** Record ids are cuids; anything else cannot name a booking or a driver. */
export const RECORD_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
