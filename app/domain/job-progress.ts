// A job's progress on the move day, as the driver's screens show it: the next button (on my
// way, nearby, arrived, a stop, the proof), why a proof cannot be handed in yet, and
// the progress after the actions the phone kept offline, so the next step is offered before
// the signal returns. The server's own checks use the same rules.
import type { StopType } from "./move-inputs";
import { nextStop, stopDoneRefusal, stopsLeftRefusal, stopTitle } from "./route-stops";
import { nextTrackingStatus, type TrackingStatusValue } from "./tracking-statuses";

export type JobProgress = {
  status: "pending" | "assigned" | "in_progress" | "completed" | "cancelled";
  trackingStatus: TrackingStatusValue | null;
  stops: { position: number; type: StopType; done: boolean }[];
};

/** What a queued action does to the progress (a message or a position changes none of it). */
export type QueuedEffect =
  | { kind: "step"; status: TrackingStatusValue }
  | { kind: "stop-done"; position: number }
  | { kind: "proof"; stop: number }
  | { kind: "chat" }
  | { kind: "position" };

/** The progress once the queued actions are applied, in order (as the server will apply them). */
export function progressAfter(progress: JobProgress, kept: readonly QueuedEffect[]): JobProgress {
  return kept.reduce<JobProgress>((job, action) => {
    const markDone = (position: number) => ({
      ...job,
      stops: job.stops.map((stop) => (stop.position === position ? { ...stop, done: true } : stop)),
    });
    switch (action.kind) {
      case "step":
        return { ...job, trackingStatus: action.status, status: "in_progress" };
      case "stop-done":
        return markDone(action.position);
      case "proof":
        return action.stop === 0 ? { ...job, trackingStatus: "completed", status: "completed" } : markDone(action.stop);
      default:
        return job;
    }
  }, progress);
}

const asProgress = (stops: JobProgress["stops"]) =>
  stops.map((stop) => ({ ...stop, doneAt: stop.done ? new Date(0) : null }));

const NEXT_BUTTON_LABELS = {
  assigned: "Assigned",
  en_route: "Start: on my way",
  nearby: "I'm nearby",
  arrived: "I've arrived",
  completed: "Job completed",
} as const;

export type NextStep = {
  /** The status button (on my way, nearby, arrived), or the completion's proof link. */
  next: { status: TrackingStatusValue; label: string } | null;
  /** The stop done next (after arriving, before completing), or null. */
  nextStop: { position: number; type: StopType; title: string } | null;
  /** Before the move's day (or after it): why there is no start button. */
  notYet: string | null;
};

/**
 * The driver's next step on the job. `tooSoon` is why the job cannot start yet (before its day,
 * or after it: start-window.ts), worked out by the server for the job as it stands; it only
 * matters before the first step, which a phone never has kept.
 */
export function nextStepOf(progress: JobProgress, tooSoon: string | null): NextStep {
  const next =
    progress.status === "completed" || progress.status === "cancelled"
      ? null
      : nextTrackingStatus(progress.trackingStatus);
  // Once arrived at the pickup, the extra stops come before the final delivery, in order.
  const openStop = next === "completed" ? nextStop(asProgress(progress.stops)) : null;
  const notYet = next === "en_route" ? tooSoon : null;
  return {
    next: next && !notYet && !openStop ? { status: next, label: NEXT_BUTTON_LABELS[next] } : null,
    nextStop: openStop
      ? { position: openStop.position, type: openStop.type, title: stopTitle(openStop.position, openStop.type) }
      : null,
    notYet,
  };
}

export const PROOF_BLOCKERS = {
  cancelled: "That booking has been cancelled.",
  completed: "This job is already completed.",
  notArrived: "Mark the job as arrived before you complete it.",
} as const;

/** Why a proof for `stop` (0: the final delivery) cannot be handed in now; null when it can. */
export function proofBlocker(progress: JobProgress, stop: number): string | null {
  if (progress.status === "cancelled") return PROOF_BLOCKERS.cancelled;
  if (progress.trackingStatus === "completed") return PROOF_BLOCKERS.completed;
  if (progress.trackingStatus !== "arrived") return PROOF_BLOCKERS.notArrived;
  const stops = asProgress(progress.stops);
  return stop === 0
    ? stopsLeftRefusal(stops)
    : stopDoneRefusal(progress.trackingStatus, stops, stop, { withProof: true });
}
