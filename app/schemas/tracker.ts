// The tracker's chat box and the driver's status buttons.
import { z } from "zod";
import { MAX_EXTRA_STOPS } from "~/domain/move-inputs";
import { CHAT_MESSAGE_MAX_LENGTH, TRACKING_STATUSES } from "~/domain/tracking";
import { TRACKER_MESSAGES } from "./tracker-messages";

export * from "./tracker-messages";

export const chatMessageSchema = z.object({
  content: z
    .string({ required_error: TRACKER_MESSAGES.messageRequired })
    .trim()
    .min(1, TRACKER_MESSAGES.messageRequired)
    .max(CHAT_MESSAGE_MAX_LENGTH, TRACKER_MESSAGES.messageTooLong),
});

const bookingId = z
  .string({ required_error: TRACKER_MESSAGES.invalidBooking })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, TRACKER_MESSAGES.invalidBooking);

/** The driver's "Collected at stop N" (a drop-off stop is done by its proof of delivery instead). */
export const stopDoneSchema = z.object({
  intent: z.literal("stop-done"),
  bookingId,
  position: z.coerce
    .number({ invalid_type_error: TRACKER_MESSAGES.invalidStop })
    .int(TRACKER_MESSAGES.invalidStop)
    .min(1, TRACKER_MESSAGES.invalidStop)
    .max(MAX_EXTRA_STOPS, TRACKER_MESSAGES.invalidStop),
});

/** "Take this job": an open job offered to the driver. */
export const takeJobSchema = z.object({ intent: z.literal("take"), bookingId });

/** "I can't do this job": an assigned job the driver has not started goes back to the admins. */
export const dropJobSchema = z.object({
  intent: z.literal("drop"),
  bookingId,
  reason: z
    .string()
    .trim()
    .max(500, TRACKER_MESSAGES.dropReasonTooLong)
    .optional()
    .transform((value) => value || undefined),
});

export const trackingUpdateSchema = z.object({
  bookingId,
  status: z.enum(TRACKING_STATUSES, { errorMap: () => ({ message: TRACKER_MESSAGES.invalidStatus }) }),
  etaMinutes: z.coerce
    .number({ invalid_type_error: TRACKER_MESSAGES.invalidEta })
    .int(TRACKER_MESSAGES.invalidEta)
    .min(1, TRACKER_MESSAGES.invalidEta)
    .max(600, TRACKER_MESSAGES.invalidEta)
    .optional(),
});
