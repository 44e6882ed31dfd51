// The tracker's chat box and the driver's status buttons.
import { z } from "zod";
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

export const trackingUpdateSchema = z.object({
  bookingId: z
    .string({ required_error: TRACKER_MESSAGES.invalidBooking })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, TRACKER_MESSAGES.invalidBooking),
  status: z.enum(TRACKING_STATUSES, { errorMap: () => ({ message: TRACKER_MESSAGES.invalidStatus }) }),
  etaMinutes: z.coerce
    .number({ invalid_type_error: TRACKER_MESSAGES.invalidEta })
    .int(TRACKER_MESSAGES.invalidEta)
    .min(1, TRACKER_MESSAGES.invalidEta)
    .max(600, TRACKER_MESSAGES.invalidEta)
    .optional(),
});
