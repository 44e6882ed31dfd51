// When the server last heard from a driver's phone (`Driver.lastHeardAt`): every signed-in
// request of theirs but the delivery of an action the phone kept offline. A queued action's phone
// time is believed only when nothing was heard from the driver after it (domain/offline-queue.ts).
import { isQueuedDelivery } from "~/domain/offline-queue";
import { db } from "~/server/platform/db.server";
import type { SessionUser } from "~/views/session-user";

/**
 * Written at most this often per driver and process: a page's loaders, its data and the live
 * list all ask at once. A phone heard within this long of its kept time may still be believed.
 */
const HEARD_RESOLUTION_MS = 5_000;
const lastWritten = new Map<string, number>();

/** Notes that the server heard from this driver now (not for a queued action's delivery). */
export async function noteDriverContact(request: Request, user: SessionUser, now = Date.now()) {
  if (user.role !== "driver" || isQueuedDelivery(new URL(request.url).pathname)) return;
  if (now - (lastWritten.get(user.id) ?? 0) < HEARD_RESOLUTION_MS) return;
  if (lastWritten.size >= 10_000) lastWritten.clear();
  lastWritten.set(user.id, now);
  const at = new Date(now);
  // Never moved back by a slower instance's older write.
  await db.$executeRaw`
    UPDATE "Driver" SET "lastHeardAt" = GREATEST(COALESCE("lastHeardAt", ${at}), ${at})
    WHERE "userId" = ${user.id}`;
}

/**
 * The latest time the server heard from this driver after `since`, not counting the deliveries
 * of actions their phone kept before `since`: their last request of any other kind, or a kept
 * action made on the phone after `since` that reached us already. Null when nothing was heard.
 */
export async function heardFromDriverSince(userId: string, since: Date): Promise<Date | null> {
  const [driver, laterAction] = await Promise.all([
    db.driver.findUnique({ where: { userId }, select: { lastHeardAt: true } }),
    db.driverAction.findFirst({
      where: { userId, phoneAt: { gt: since } },
      orderBy: { receivedAt: "desc" },
      select: { receivedAt: true },
    }),
  ]);
  const times = [driver?.lastHeardAt, laterAction?.receivedAt].filter(
    (time): time is Date => time != null && time > since,
  );
  return times.length > 0 ? new Date(Math.max(...times.map((time) => time.getTime()))) : null;
}
