// Actions a driver's phone keeps while it has no signal: a status step, a stop done, a proof of
// delivery, a chat message, a position. Each carries the moment it happened on the phone; these
// rules say which moment the server records (a phone's time only when the phone really had no
// signal), how a screen shows the two times, and the one sentence a driver reads when the job
// changed while they were offline.
import { countOf, pluralWord } from "./plural";
import { ukDateTime } from "./uk-calendar";
import { formatUkDateTime } from "./uk-datetime";

export type QueuedActionKind = "step" | "stop-done" | "proof" | "chat" | "position";

/** How far back a phone's time is believed: a clock a day out is wrong, not offline. */
const HAPPENED_WITHIN_MS = 24 * 3_600_000;
/** Two times closer than this read as one: a slow request is not "sent later". */
const SAME_MOMENT_MS = 2 * 60_000;

/**
 * The requests that deliver what the phone kept offline. Every other signed-in request of a
 * driver (a page, its data, the live list, a form, a take) is the server hearing from them:
 * `Driver.lastHeardAt`, kept to within a few seconds.
 */
export function isQueuedDelivery(pathname: string) {
  return pathname === "/api/driver/actions" || /^\/api\/driver\/jobs\/[^/]+\/proof$/.test(pathname);
}

/** The moment recorded for a queued action, and what the phone said when it was not believed. */
export type PhoneTime = {
  /** The moment the server records (the phone's time when believed, else the time received). */
  at: Date;
  /** The phone's own time, whether believed or not; null when it gave none. */
  phoneAt: Date | null;
  /** When the server heard from the driver after the phone's time: the reason it was not believed. */
  onlineAt: Date | null;
};

/**
 * Whose time counts. A phone's time is believed only when the phone really had no signal: the
 * server heard nothing from that driver between that time and the action's arrival. `heardAt`
 * is the latest time the server heard from them, not counting the deliveries of actions the
 * phone kept before this one (they arrive after the signal returns, in order): any other
 * request, or a queued action the phone made later than this one. A phone time is not believed
 * either when it is ahead of the server, more than 24 hours back, or before the job's previous
 * step. When it is not believed, the time received counts.
 */
export function acceptedTime({
  happenedAt,
  receivedAt,
  previousStepAt,
  heardAt,
}: {
  happenedAt: Date | null | undefined;
  receivedAt: Date;
  previousStepAt?: Date | null;
  heardAt?: Date | null;
}): PhoneTime {
  if (!happenedAt || Number.isNaN(happenedAt.getTime())) return { at: receivedAt, phoneAt: null, onlineAt: null };
  const notBelieved = (onlineAt: Date | null = null) => ({ at: receivedAt, phoneAt: happenedAt, onlineAt });
  if (happenedAt > receivedAt) return notBelieved();
  if (receivedAt.getTime() - happenedAt.getTime() > HAPPENED_WITHIN_MS) return notBelieved();
  if (previousStepAt && happenedAt < previousStepAt) return notBelieved();
  if (heardAt && heardAt > happenedAt && heardAt <= receivedAt) return notBelieved(heardAt);
  return { at: happenedAt, phoneAt: happenedAt, onlineAt: null };
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

/** Why a phone's time was not believed, in words, from what was recorded with the step. */
function notBelievedBecause({
  phoneAt,
  receivedAt,
  onlineAt,
}: {
  phoneAt: Date;
  receivedAt: Date;
  onlineAt: Date | null;
}) {
  if (onlineAt) return `the phone was online at ${ukDateTime(onlineAt).time}`;
  if (phoneAt > receivedAt) return "the phone's clock was ahead";
  if (receivedAt.getTime() - phoneAt.getTime() > HAPPENED_WITHIN_MS) return "more than 24 hours before it was sent";
  return "before the job's previous step";
}

/**
 * A step's time for the admins' history, saying both times whenever they differ: "27 Nov 2026,
 * 14:02 (sent 14:19)" when the phone's time was believed, "sent 27 Nov 2026, 14:19, phone says
 * 14:02, not believed: the phone was online at 14:10" when it was not.
 */
export function stepHistoryText(step: {
  happenedAt: Date;
  receivedAt: Date;
  phoneAt: Date | null;
  onlineAt: Date | null;
}) {
  const { happenedAt, receivedAt, phoneAt } = step;
  const believed = !phoneAt || phoneAt.getTime() === happenedAt.getTime();
  if (believed || Math.abs(receivedAt.getTime() - phoneAt.getTime()) <= SAME_MOMENT_MS)
    return stepDateTimeText(happenedAt, receivedAt);
  const sameDay = ukDateTime(phoneAt).date === ukDateTime(receivedAt).date;
  const phoneSays = sameDay ? ukDateTime(phoneAt).time : formatUkDateTime(phoneAt);
  return `sent ${formatUkDateTime(receivedAt)}, phone says ${phoneSays}, not believed: ${notBelievedBecause({ ...step, phoneAt })}`;
}
/** "2 actions are not sent yet. Sign out anyway?": asked before a driver with unsent actions signs out. */
export function signOutQuestion(unsent: number) {
  return `${countOf(unsent, "action")} ${pluralWord(unsent, "is", "are")} not sent yet. Sign out anyway?`;
}

/** What the driver did, as the refusal names it: "your arrival was not recorded". */
export function queuedActionName(action: { kind: QueuedActionKind; status?: string; stop?: number }) {
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
 * The one sentence a driver reads for a job whose queued actions were refused, e.g. "This job
 * was given to another driver at 13:50; your arrival was not recorded."
 */
export function queuedActionRefusal(change: JobChange, actionName: string) {
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
