// The driver's tracking status (docs/decisions/007-booking-status-payment-state-tracking.md: set by the driver or an
// admin, never by timers), what it does to the booking, and the chat's limits. When a job
// may start: start-window.ts.
import type { TrackingStatusValue } from "./tracking-statuses";
import { addDays, ukDateTime } from "./uk-calendar";

export { nextTrackingStatus, TRACKING_STATUSES, type TrackingStatusValue } from "./tracking-statuses";

/** The progress bar: assigned 10, en_route 40, nearby 70, arrived 100, completed 100, otherwise 0. */
export function trackingProgress(status: string | null | undefined): number {
  switch (status) {
    case "assigned":
      return 10;
    case "en_route":
      return 40;
    case "nearby":
      return 70;
    case "arrived":
    case "completed":
      return 100;
    default:
      return 0;
  }
}

export const TRACKING_STATUS_LABELS: Readonly<Record<TrackingStatusValue, string>> = {
  assigned: "Driver assigned",
  en_route: "On the way",
  nearby: "Nearby",
  arrived: "Arrived",
  completed: "Move completed",
};

/** What the customer reads when the driver reaches each status. */
export const TRACKING_STATUS_UPDATES: Readonly<Record<TrackingStatusValue, string>> = {
  assigned: "Your driver has been assigned to this move.",
  en_route: "Your driver is on the way to the pickup address.",
  nearby: "Your driver is nearby.",
  arrived: "Your driver has arrived.",
  completed: "Your move is complete. Thank you for moving with EasyMove!",
};

/** The day-before reminder goes out from this UK time on the eve of the move, not at midnight. */
const REMINDER_FROM = "10:00";

/** The move date (YYYY-MM-DD) whose customers are due their reminder at `now`: tomorrow, from 10:00. */
export function reminderMoveDate(now: Date): string | null {
  const { date, time } = ukDateTime(now);
  return time >= REMINDER_FROM ? addDays(date, 1) : null;
}

/** The booking status a tracking status implies: on the road is in progress; completed is completed. */
export function bookingStatusForTracking(status: TrackingStatusValue): "assigned" | "in_progress" | "completed" {
  if (status === "assigned") return "assigned";
  return status === "completed" ? "completed" : "in_progress";
}

export const CHAT_MESSAGE_MAX_LENGTH = 500;

/** The six quick phrases, for each side of the chat. */
export const QUICK_PHRASES = {
  user: [
    "Hi, how long until you arrive?",
    "I'm ready for pickup.",
    "Please call me when you arrive.",
    "There is parking right outside.",
    "Please ring the bell.",
    "Thank you!",
  ],
  driver: [
    "I'm on my way.",
    "I'll be there in 10 minutes.",
    "I've arrived outside.",
    "Running a little late, sorry.",
    "Where can I park?",
    "Thank you!",
  ],
} as const;
