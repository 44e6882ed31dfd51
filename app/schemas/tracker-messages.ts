// The tracker's messages, with no zod in them (schemas/tracker.ts loads when a form is first used).
import { CHAT_MESSAGE_MAX_LENGTH, TRACKING_STATUSES } from "~/domain/tracking";

export const TRACKER_MESSAGES = {
  messageRequired: "Please type a message.",
  messageTooLong: `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters long.`,
  invalidStatus: `Status must be one of: ${TRACKING_STATUSES.slice(1).join(", ")}`,
  invalidEta: "Minutes to arrival must be a whole number from 1 to 600.",
  invalidBooking: "Invalid booking id",
  invalidStop: "This move has no such stop.",
  dropReasonTooLong: "Please keep the reason under 500 characters.",
  jobNotFound: "This job is not yours, or it no longer exists.",
  jobStarted: "This job has started, so it cannot be dropped here. Please call support to hand it over.",
} as const;
