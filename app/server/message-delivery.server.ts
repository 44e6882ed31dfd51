// The queue's worker for messages: composes a message from its refs, delivers it, and records
// what happened. A message is sent once: it is leased while a worker sends it, and one that is
// sent or dead is left alone, so a retry or a second job after a success sends nothing. Every
// copy carries the message's own Message-ID. A failure is retried by the queue (backing off,
// domain/message-delivery.ts); a permanent refusal is dead at once.
import { randomUUID } from "node:crypto";
import { isPermanentRefusal } from "~/domain/message-delivery";
import { composeMessage } from "./message-composers.server";
import { db } from "./platform/db.server";
import { deliverEmail } from "./platform/email.server";
import { logger } from "./platform/logger.server";
import { metrics } from "./platform/metrics.server";
import { runAsQueuedBy } from "./platform/request-context.server";
import { deliverText } from "./platform/sms.server";

/** A worker holds a message this long while it sends it (longer than the queue's job timeout). */
const LEASE_SECONDS = 180;
const PREVIEW_LENGTH = 120;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

type Leased = {
  id: string;
  kind: string;
  refs: unknown;
  headerId: string;
  channel: string;
  requestId: string | null;
  visitorOrigin: string | null;
};

async function lease(messageId: string): Promise<Leased | null> {
  const [message] = await db.$queryRaw<Leased[]>`
    UPDATE "Message" SET "leaseUntil" = now() + make_interval(secs => ${LEASE_SECONDS}), "lastTriedAt" = now()
    WHERE "id" = ${messageId} AND "state" IN ('queued', 'retrying')
      AND ("leaseUntil" IS NULL OR "leaseUntil" < now())
    RETURNING "id", "kind", "refs", "headerId", "channel"::text AS "channel", "requestId", "visitorOrigin"`;
  return message ?? null;
}

/**
 * Delivers one message. Returns when it is sent, dead or not this worker's to send; throws
 * when it should be tried again (the queue retries the job).
 */
export async function deliverMessage(messageId: string): Promise<void> {
  const message = await lease(messageId);
  if (!message) return;
  // Composed and sent as part of the request that queued it: its correlation id in the logs and
  // the e-mail's headers, and (a local demo) the visitor's origin in its links, whichever
  // instance's worker sends it.
  await runAsQueuedBy(message.requestId ?? randomUUID(), () => send(message), message.visitorOrigin ?? undefined);
}

async function send(message: Leased) {
  // Who it went to and what it said are written with its outcome, in one write.
  let shown: { recipient: string; subject?: string; preview: string } | undefined;
  let providerId: string | undefined;
  try {
    const composed = await composeMessage(message.kind, message.refs);
    if (!composed) {
      await markDead(message.id, "Nothing to send: the message has no recipient any more.");
      return;
    }
    if ("body" in composed) {
      // A text: its first words stand for a subject.
      shown = { recipient: composed.to, preview: composed.body.slice(0, PREVIEW_LENGTH) };
      providerId = await deliverText(composed, { messageId: message.headerId });
    } else {
      shown = { recipient: composed.to, subject: composed.subject, preview: composed.text.slice(0, PREVIEW_LENGTH) };
      await deliverEmail(composed, { messageId: message.headerId });
    }
  } catch (error) {
    const permanent = isPermanentRefusal(error);
    await db.message.update({
      where: { id: message.id },
      data: {
        ...shown,
        tries: { increment: 1 },
        lastError: errorText(error),
        leaseUntil: null,
        ...(permanent ? { state: "dead", deadAt: new Date() } : { state: "retrying" }),
      },
    });
    metrics.messages.inc({ channel: message.channel, outcome: permanent ? "dead" : "failed" });
    logger.warn(
      { messageId: message.id, kind: message.kind, permanent, err: errorText(error) },
      "message not delivered",
    );
    if (permanent) return;
    throw error;
  }
  await db.message.update({
    where: { id: message.id },
    data: {
      ...shown,
      providerId,
      state: "sent",
      sentAt: new Date(),
      tries: { increment: 1 },
      lastError: null,
      leaseUntil: null,
    },
  });
  metrics.messages.inc({ channel: message.channel, outcome: "sent" });
}

/** A message whose retries ran out (the queue's dead letter), or that has nothing to send. */
export async function markDead(messageId: string, reason?: string) {
  const [dead] = await db.$queryRaw<{ channel: string }[]>`
    UPDATE "Message" SET "state" = 'dead', "deadAt" = now(), "leaseUntil" = NULL,
      "lastError" = COALESCE(${reason ?? null}, "lastError")
    WHERE "id" = ${messageId} AND "state" IN ('queued', 'retrying')
    RETURNING "channel"::text AS "channel"`;
  if (dead) metrics.messages.inc({ channel: dead.channel, outcome: "dead" });
}
