// Messages we promise to send: each is a Message row and a job on the queue, both
// made in the transaction of the change the message reports, so they commit together or not
// at all. No request sends anything itself; the queue's worker composes and delivers
// (delivery.server.ts), retried until sent or dead.
import { addJob, addJobs, QUEUES } from "~/server/jobs/job-queue.server";
import { env } from "~/server/platform/env.server";
import { createId } from "~/server/platform/ids.server";
import { currentRequestId, currentVisitorOrigin } from "~/server/platform/request-context.server";
import type { Prisma } from "../../../generated/prisma/client";
import { channelOf, type MessageKind, type MessageRefs } from "./message-kinds";

type Transaction = Prisma.TransactionClient;

/** The domain every Message-ID ends with: the sender's. */
function messageIdDomain() {
  return env.MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? new URL(env.SITE_URL).hostname;
}

/**
 * Adds a message and its job inside `tx`. `key` names what happened, to which booking or
 * account (messageKey): a second message with the same key is not made, and false is returned.
 */
export async function queueMessage<Kind extends MessageKind>(
  tx: Transaction,
  kind: Kind,
  refs: MessageRefs[Kind],
  {
    key,
    bookingId = null,
    userId = null,
    recipient = null,
  }: { key: string; bookingId?: string | null; userId?: string | null; recipient?: string | null },
): Promise<boolean> {
  return (await queueMessages(tx, [{ kind, refs, key, bookingId, userId, recipient }])) === 1;
}

/** One message for queueMessages: what queueMessage takes, as one value. */
export type QueuedMessage<Kind extends MessageKind = MessageKind> = {
  kind: Kind;
  refs: MessageRefs[Kind];
  key: string;
  bookingId?: string | null;
  userId?: string | null;
  recipient?: string | null;
};

/**
 * Adds many messages and their jobs inside `tx` in two statements, however many there are (a
 * job's offers to hundreds of drivers). As queueMessage, a key already used makes no message.
 * Returns how many were made.
 */
export async function queueMessages(tx: Transaction, messages: readonly QueuedMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const domain = messageIdDomain();
  const ids = messages.map(() => createId());
  const column = <T>(pick: (message: QueuedMessage, index: number) => T) => messages.map(pick);
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "Message" ("id", "key", "kind", "channel", "refs", "headerId", "bookingId", "userId", "recipient", "requestId", "visitorOrigin")
    SELECT m."id", m."key", m."kind", m."channel"::"MessageChannel", m."refs", m."headerId", m."bookingId", m."userId", m."recipient",
      ${currentRequestId() ?? null}, ${(env.siteUrlFollowsVisitor && currentVisitorOrigin()) || null}
    FROM unnest(
      ${ids}::text[], ${column((message) => message.key)}::text[], ${column((message) => message.kind)}::text[],
      ${column((message) => channelOf(message.kind))}::text[], ${column((message) => JSON.stringify(message.refs))}::jsonb[],
      ${ids.map((id) => `<${id}@${domain}>`)}::text[], ${column((message) => message.bookingId ?? null)}::text[],
      ${column((message) => message.userId ?? null)}::text[], ${column((message) => message.recipient ?? null)}::text[]
    ) AS m("id", "key", "kind", "channel", "refs", "headerId", "bookingId", "userId", "recipient")
    ON CONFLICT ("key") DO NOTHING
    RETURNING "id"`;
  await addJobs(
    tx,
    QUEUES.messages,
    inserted.map((row) => ({ messageId: row.id })),
  );
  return inserted.length;
}

/** "Send again" on a dead message: queued anew, with a job of its own. False if it is not dead. */
export async function sendAgain(tx: Transaction, messageId: string): Promise<boolean> {
  const { count } = await tx.message.updateMany({
    where: { id: messageId, state: "dead" },
    data: { state: "queued", deadAt: null, leaseUntil: null },
  });
  if (count === 0) return false;
  await addJob(tx, QUEUES.messages, { messageId });
  return true;
}
