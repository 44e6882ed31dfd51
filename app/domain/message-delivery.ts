// How a message (an e-mail or a text) is retried until delivered: the first retry
// within a minute, then backing off to at most 30 minutes apart, for at least 48 hours. A
// refusal that will not change (no such mailbox, a number that cannot take texts) is not
// retried: the message is dead at once, and an admin may send it again.

export const MESSAGE_STATES = ["queued", "sent", "retrying", "dead"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  queued: "Queued",
  sent: "Sent",
  retrying: "Retrying",
  dead: "Dead",
};

/** pg-boss's `retryDelay`: the first retry comes 30 to 60 seconds after the first try. */
export const RETRY_DELAY_SECONDS = 30;
/** Retries are never further apart than this. */
export const LONGEST_RETRY_SECONDS = 30 * 60;
/** A message is tried for at least this long before it is dead. */
export const KEEP_TRYING_HOURS = 48;

/**
 * The shortest and longest wait before retry number `retry` (1 for the first), as pg-boss
 * computes it with `retryBackoff`: `retryDelay * 2^retry`, less a random part of up to half,
 * capped at `retryDelayMax` (its SQL, failJobsBody in pg-boss's plans.js).
 */
export function retryWaitSeconds(retry: number): { shortest: number; longest: number } {
  const doubled = RETRY_DELAY_SECONDS * 2 ** Math.min(16, retry);
  return {
    shortest: Math.min(LONGEST_RETRY_SECONDS, doubled / 2),
    longest: Math.min(LONGEST_RETRY_SECONDS, doubled),
  };
}

/** How many retries make sure of KEEP_TRYING_HOURS even if every wait is the shortest. */
export function retryLimit(): number {
  let waited = 0;
  let retries = 0;
  while (waited < KEEP_TRYING_HOURS * 3600) {
    retries += 1;
    waited += retryWaitSeconds(retries).shortest;
  }
  return retries;
}

/**
 * A refusal that retrying will not change. SMTP: a 5xx reply (550 no such mailbox). Twilio: a
 * 4xx answer other than 429 (too many requests), e.g. 21211 not a valid number, 21610 the
 * recipient replied STOP, 21614 not a mobile number.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { responseCode, status } = error as { responseCode?: unknown; status?: unknown };
  if (typeof responseCode === "number") return responseCode >= 500 && responseCode < 600;
  if (typeof status === "number") return status >= 400 && status < 500 && status !== 429;
  return false;
}

/** A message's key: what happened, to which booking or account. A second message with it is not made. */
export const messageKey = (event: string, ...ids: (string | number)[]) => [event, ...ids].join(":");
