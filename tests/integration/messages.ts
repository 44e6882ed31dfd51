// The integration tests' view of the message queue: the messages a test's actions queued are
// delivered (by the worker's own function, server/messages/delivery.server.ts) before the
// outbox is read. No pg-boss worker runs in these tests; tests/integration/messages.test.ts
// runs the real workers.
import fs from "node:fs/promises";
import path from "node:path";
import { deliverMessage } from "~/server/message-delivery.server";
import { db } from "~/server/platform/db.server";
import { readOutbox as readOutboxFolder } from "~/server/platform/email.server";
import { env } from "~/server/platform/env.server";

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

/** How many e-mails the outbox holds for each address (read once, for many addresses). */
export async function outboxCounts() {
  await deliverQueuedMessages();
  const dir = path.resolve(env.OUTBOX_DIR);
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".json"));
  const counts = new Map<string, number>();
  for (const file of files) {
    const { to } = JSON.parse(await fs.readFile(path.join(dir, file), "utf8")) as { to: string };
    counts.set(to.toLowerCase(), (counts.get(to.toLowerCase()) ?? 0) + 1);
  }
  return counts;
}
