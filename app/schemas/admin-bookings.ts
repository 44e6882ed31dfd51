// /admin/bookings and its JSON API: the list's filters, a
// booking's new status and an assigned driver. The product's texts are word for word.
import { z } from "zod";
import { BOOKING_STATUSES } from "~/domain/booking-status";
import { MOVE_TIME } from "~/domain/move-inputs";
import { QUOTE_MESSAGES } from "~/domain/quote-messages";
import { TRACKING_STATUSES } from "~/domain/tracking";
import {
  ADMIN_BOOKING_MESSAGES,
  RECORD_ID_PATTERN,
  SEARCH_TERM_MAX,
  TRACKING_REASON_MAX,
  TRACKING_REASON_MIN,
} from "./admin-bookings-messages";
import { moveDateField } from "./quote";

export * from "./admin-bookings-messages";

const bookingStatusField = z.enum(BOOKING_STATUSES, {
  errorMap: () => ({ message: ADMIN_BOOKING_MESSAGES.invalidStatus }),
});

const bookingIdField = z
  .string({ required_error: ADMIN_BOOKING_MESSAGES.invalidBookingId })
  .regex(RECORD_ID_PATTERN, ADMIN_BOOKING_MESSAGES.invalidBookingId);

/** POST /api/admin/booking/:id/update { status }. */
export const bookingStatusUpdateSchema = z.object({ status: bookingStatusField });

/** The page's row forms: a new status, or a driver to assign. */
export const adminBookingActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("status"), bookingId: bookingIdField, status: bookingStatusField }),
    z.object({
      intent: z.literal("assign"),
      bookingId: bookingIdField,
      driverId: z
        .string({ required_error: ADMIN_BOOKING_MESSAGES.driverRequired })
        .regex(RECORD_ID_PATTERN, ADMIN_BOOKING_MESSAGES.driverRequired),
    }),
  ],
  { errorMap: () => ({ message: ADMIN_BOOKING_MESSAGES.invalidAction }) },
);
export type AdminBookingAction = z.output<typeof adminBookingActionSchema>;

/** A booking's page: an admin sets its tracking status by hand, past the driver's rule, with a reason. */
export const trackingOverrideSchema = z.object({
  trackingStatus: z.enum(TRACKING_STATUSES, { errorMap: () => ({ message: ADMIN_BOOKING_MESSAGES.trackingRequired }) }),
  reason: z
    .string({ required_error: ADMIN_BOOKING_MESSAGES.reasonRequired })
    .trim()
    .min(TRACKING_REASON_MIN, ADMIN_BOOKING_MESSAGES.reasonRequired)
    .max(TRACKING_REASON_MAX, ADMIN_BOOKING_MESSAGES.reasonTooLong),
});

/** An admin's refund of a paid booking (an upheld problem report, goodwill): pounds and pence, and why. */
export const adminRefundSchema = z.object({
  intent: z.literal("refund"),
  requestId: z.string().regex(/^[\w-]{8,64}$/, ADMIN_BOOKING_MESSAGES.refundAmount),
  amount: z
    .string({ required_error: ADMIN_BOOKING_MESSAGES.refundAmount })
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, ADMIN_BOOKING_MESSAGES.refundAmount)
    .transform((value) => Math.round(Number(value) * 100))
    .refine((pence) => pence > 0, ADMIN_BOOKING_MESSAGES.refundAmount),
  reason: z
    .string({ required_error: ADMIN_BOOKING_MESSAGES.refundReason })
    .trim()
    .min(TRACKING_REASON_MIN, ADMIN_BOOKING_MESSAGES.refundReason)
    .max(TRACKING_REASON_MAX, ADMIN_BOOKING_MESSAGES.reasonTooLong),
});

/** A booking's page: the move put to another day or time, at the customer's request; the price stays. */
export const rescheduleSchema = z.object({
  intent: z.literal("reschedule"),
  moveDate: moveDateField,
  moveTime: z.string({ required_error: QUOTE_MESSAGES.moveTime }).regex(MOVE_TIME, QUOTE_MESSAGES.moveTime),
  reason: z
    .string({ required_error: ADMIN_BOOKING_MESSAGES.rescheduleReason })
    .trim()
    .min(TRACKING_REASON_MIN, ADMIN_BOOKING_MESSAGES.rescheduleReason)
    .max(TRACKING_REASON_MAX, ADMIN_BOOKING_MESSAGES.reasonTooLong),
});

/** GET /api/admin/bookings?searchTerm=&status=&page= (the API refuses a bad value). */
export const bookingListQuerySchema = z.object({
  searchTerm: z.string().trim().max(SEARCH_TERM_MAX, ADMIN_BOOKING_MESSAGES.searchTooLong).optional(),
  // "", "all" and no value all mean every status.
  status: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "" || value === "all") return undefined;
      const status = bookingStatusField.safeParse(value);
      if (status.success) return status.data;
      ctx.addIssue({ code: "custom", message: ADMIN_BOOKING_MESSAGES.invalidStatus });
      return z.NEVER;
    }),
});

/** ?limit= of the dashboard lists' API (default 5). */
export const listLimitSchema = z.object({
  limit: z.coerce
    .number({ invalid_type_error: ADMIN_BOOKING_MESSAGES.invalidLimit })
    .int(ADMIN_BOOKING_MESSAGES.invalidLimit)
    .min(1, ADMIN_BOOKING_MESSAGES.invalidLimit)
    .max(50, ADMIN_BOOKING_MESSAGES.invalidLimit)
    .default(5),
});

/** The page's filters from its URL: lenient (a bad status shows every status, a long term is cut). */
export function readBookingFilters(params: URLSearchParams) {
  const searchTerm = (params.get("searchTerm") ?? "").trim().slice(0, SEARCH_TERM_MAX);
  const status = bookingStatusField.safeParse(params.get("status"));
  return { searchTerm, status: status.success ? status.data : undefined };
}

/** The name an admin looks for in a booking's assign form (`?driver=`), cut to the search's length. */
export function readDriverSearch(params: URLSearchParams) {
  return (params.get("driver") ?? "").trim().slice(0, SEARCH_TERM_MAX);
}
