// Actions a driver's phone keeps while it has no signal (issue 35): a status step, a stop
// done, a proof of delivery, a chat message, a position. Each carries the moment it happened
// on the phone; these rules say which moment the server records, how a screen shows the two
// times, and the one sentence a driver reads when the job changed while they were offline.
import { ukDateTime } from "./uk-calendar";
import { formatUkDateTime } from "./uk-datetime";

export type KeptActionKind = "step" | "stop-done" | "proof" | "chat" | "position";

/** How far back a phone's time is believed: a clock a day out is wrong, not offline. */
const HAPPENED_WITHIN_MS = 24 * 3_600_000;
/** Two times closer than this read as one: a slow request is not "sent later". */
const SAME_MOMENT_MS = 2 * 60_000;

/**
 * The moment the server records for an action: the phone's time when it is in the past,
 * not before the job's previous step and within 24 hours; otherwise the time received (a
 * phone clock ahead of the server is clamped to it, one far behind is not believed).
 */
export function acceptedTime({
  happenedAt,
  receivedAt,
  previousStepAt,
}: {
  happenedAt: Date | null | undefined;
  receivedAt: Date;
  previousStepAt?: Date | null;
}): Date {
  if (!happenedAt || Number.isNaN(happenedAt.getTime())) return receivedAt;
  if (happenedAt > receivedAt) return receivedAt;
  if (receivedAt.getTime() - happenedAt.getTime() > HAPPENED_WITHIN_MS) return receivedAt;
  if (previousStepAt && happenedAt < previousStepAt) return receivedAt;
  return happenedAt;
}

/** Whether a screen says both times: they differ by more than 2 minutes. */
export function sentLater(happenedAt: Date, receivedAt: Date) {
  return receivedAt.getTime() - happenedAt.getTime() > SAME_MOMENT_MS;
}

/** "14:02", or "14:02 (sent 14:19)" for an action that reached us later (UK time). */
export function stepTimeText(happenedAt: Date, receivedAt: Date) {
  const at = ukDateTime(happenedAt).time;
  return sentLater(happenedAt, receivedAt) ? `${at} (sent ${ukDateTime(receivedAt).time})` : at;
}

/** "27 Nov 2026, 14:02", or "27 Nov 2026, 14:02 (sent 14:19)". */
export function stepDateTimeText(happenedAt: Date, receivedAt: Date) {
  const at = formatUkDateTime(happenedAt);
  return sentLater(happenedAt, receivedAt) ? `${at} (sent ${ukDateTime(receivedAt).time})` : at;
}

/** What the driver did, as the refusal names it: "your arrival was not recorded". */
export function keptActionName(action: { kind: KeptActionKind; status?: string; stop?: number }) {
  switch (action.kind) {
    case "step":
      return action.status === "en_route"
        ? "your start"
        : action.status === "nearby"
          ? "your “nearby”"
          : action.status === "arrived"
            ? "your arrival"
            : "the completion";
    case "stop-done":
      return `your “stop ${action.stop ?? ""} done”`;
    case "proof":
      return "your proof of delivery";
    case "chat":
      return "your message";
    case "position":
      return "your position";
  }
}

/** What happened to the job while the driver was offline, as the server found it. */
export type JobChange =
  | { kind: "reassigned"; at: Date }
  | { kind: "taken-off"; at: Date }
  | { kind: "cancelled"; at: Date }
  | { kind: "status-changed"; at: Date; statusLabel: string }
  | { kind: "other"; message: string };

/**
 * The one sentence a driver reads for a job whose kept actions were refused, e.g. "This job
 * was given to another driver at 13:50; your arrival was not recorded."
 */
export function keptActionRefusal(change: JobChange, actionName: string) {
  const recorded = `${actionName} was not recorded.`;
  switch (change.kind) {
    case "reassigned":
      return `This job was given to another driver at ${ukDateTime(change.at).time}; ${recorded}`;
    case "taken-off":
      return `This job was taken off you at ${ukDateTime(change.at).time}; ${recorded}`;
    case "cancelled":
      return `This job was cancelled at ${ukDateTime(change.at).time}; ${recorded}`;
    case "status-changed":
      return `Our team set this job to “${change.statusLabel}” at ${ukDateTime(change.at).time}; ${recorded}`;
    case "other":
      return `${change.message} ${recorded.charAt(0).toUpperCase()}${recorded.slice(1)}`;
  }
}
