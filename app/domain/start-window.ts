// When a driver may set off on a job: from 2 hours before its start, on its day (UK time).
// Apart from tracking.ts so that the driver's page, which works this out in the browser too,
// does not add it to the customer's tracker's code.
import { ukDateTime, ukInstant } from "./uk-calendar";

/** How long before a move's start its driver may set off. */
const START_WINDOW_HOURS = 2;

export type StartWindow = {
  /** "early" before the window, "open" within it, "over" once the move's day has passed. */
  state: "early" | "open" | "over";
  /** The first moment the driver may set off: 2 hours before the start, never the day before. */
  opensAt: Date;
};

/**
 * "On the way" is for the move's day (UK time), from 2 hours before its start: a driver
 * cannot run a job weeks early, and a missed day is for an admin to sort out.
 */
export function startWindow(moveDate: string, moveTime: string, now: Date): StartWindow {
  const dayStarts = ukInstant(moveDate, "00:00");
  const earliest = ukInstant(moveDate, moveTime).getTime() - START_WINDOW_HOURS * 3_600_000;
  const opensAt = new Date(Math.max(earliest, dayStarts.getTime()));
  const today = ukDateTime(now).date;
  if (today > moveDate) return { state: "over", opensAt };
  return { state: now < opensAt ? "early" : "open", opensAt };
}

/** Why the driver cannot set off yet (or any more); null when they can. */
export function startWindowMessage(window: StartWindow): string | null {
  if (window.state === "early") return `You can start this job on its day, from ${ukDateTime(window.opensAt).time}.`;
  if (window.state === "over") return "This job's day has passed. Please contact EasyMove support to move it on.";
  return null;
}
