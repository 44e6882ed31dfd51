// The integration tests' view of the message queue: the messages a test's actions queued are
// delivered (by the worker's own function, server/messages/delivery.server.ts) before the
// outbox is read. No pg-boss worker runs in these tests; tests/integration/messages.test.ts
// runs the real workers.
import { deliverMessage } from "~/server/message-delivery.server";
import { db } from "~/server/platform/db.server";
import { readOutbox as readOutboxFolder } from "~/server/platform/email.server";

/** Delivers every message waiting its first try, oldest first. A failure leaves it retrying. */
export async function deliverQueuedMessages() {
  const queued = await db.message.findMany({
    where: { state: "queued" },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  for (const { id } of queued) await deliverMessage(id).catch(() => {});
}

/** The outbox's messages to one address, newest last, once the queued messages are delivered. */
export async function readOutbox(to: string) {
  await deliverQueuedMessages();
  return readOutboxFolder(to);
}
