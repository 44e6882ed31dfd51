// A booking's five statuses and its payment state (docs/decisions/007-booking-status-payment-state-tracking.md), with the
// words people read. No zod here, so pages can import it without the validator.

export const BOOKING_STATUSES = ["pending", "assigned", "in_progress", "completed", "cancelled"] as const;
export type BookingStatusValue = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Readonly<Record<BookingStatusValue, string>> = {
  pending: "Pending",
  assigned: "Assigned",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const PAYMENT_STATE_LABELS = {
  unpaid: "Unpaid",
  paid: "Paid",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
} as const;
export type PaymentStateValue = keyof typeof PAYMENT_STATE_LABELS;

/**
 * A move can be put to another day or time (by an admin, at the customer's request) until it
 * starts: its booking is pending or assigned and its driver has not set out.
 */
export const canReschedule = (status: BookingStatusValue, trackingStatus: string | null) =>
  (status === "pending" || status === "assigned") && (trackingStatus === null || trackingStatus === "assigned");

/** A driver can be given to a booking that is not over yet. */
export const DRIVER_ASSIGNABLE_STATUSES: readonly BookingStatusValue[] = ["pending", "assigned", "in_progress"];
