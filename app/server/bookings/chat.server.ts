// Chat between a booking's customer and its driver: stored messages with sender, time and
// read state. A message is read once the other side has had it on screen. Admins may read
// the conversation but take no part in it (and reading it marks nothing).
import { formatUkDateTime } from "~/domain/uk-datetime";
import { db } from "~/server/platform/db.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import { hitRateLimit, type RateLimitRule } from "~/server/platform/rate-limit.server";
import type { SessionUser } from "~/views/session-user";
import type { ChatMessageView } from "~/views/tracker";
import { queuedActionTime, recordQueuedAction, type QueuedAction, type Viewer } from "./tracking.server";

type Side = "user" | "driver";

/** The chat's sender value for each side of a booking; admins have none. */
export function chatSideOf(viewer: Viewer): Side | null {
  return viewer === "customer" ? "user" : viewer === "driver" ? "driver" : null;
}

export const CHAT_RATE_LIMIT: RateLimitRule = { name: "chat", limit: 20, windowSeconds: 60 };

export const CHAT_MESSAGES = {
  readOnly: "Only the customer and the driver can send messages here.",
  closed: "This booking is closed, so its chat is too.",
  tooMany: "You're sending messages too quickly. Please wait a moment.",
} as const;

/** The conversation as the viewer sees it: oldest first, the viewer's own messages marked. */
export async function chatMessages(bookingId: string, viewer: Viewer): Promise<ChatMessageView[]> {
  const side = chatSideOf(viewer);
  const rows = await db.chatMessage.findMany({
    where: { bookingId },
    orderBy: { createdAt: "asc" },
    take: 200,
    select: { id: true, sender: true, content: true, readAt: true, createdAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    sender: row.sender,
    mine: row.sender === side,
    content: row.content,
    read: row.readAt !== null,
    at: formatUkDateTime(row.createdAt),
    time: row.createdAt.toISOString(),
  }));
}

/** The other side's messages are now seen: mark them read and tell the sender's screen. */
export async function markChatSeen(bookingId: string, viewer: Viewer) {
  const side = chatSideOf(viewer);
  if (!side) return;
  const { count } = await db.chatMessage.updateMany({
    where: { bookingId, sender: side === "user" ? "driver" : "user", readAt: null },
    data: { readAt: new Date() },
  });
  if (count > 0) await publishLiveEvent({ bookingId, kind: "read" });
}

/** How many of the other side's messages are waiting to be read, per booking (the driver's job list). */
export async function unreadCounts(bookingIds: string[], side: Side) {
  if (bookingIds.length === 0) return new Map<string, number>();
  const groups = await db.chatMessage.groupBy({
    by: ["bookingId"],
    where: { bookingId: { in: bookingIds }, sender: side === "user" ? "driver" : "user", readAt: null },
    _count: { _all: true },
  });
  return new Map(groups.map((group) => [group.bookingId, group._count._all]));
}

export type SendChatResult = { ok: true } | { ok: false; status: 403 | 409 | 429; message: string };

export async function sendChatMessage({
  booking,
  viewer,
  user,
  content,
  kept,
}: {
  booking: { id: string; status: string };
  viewer: Viewer;
  user: SessionUser;
  content: string;
  /** A message the driver's phone kept offline: sent once (tracking.server.ts, recordQueuedAction). */
  kept?: QueuedAction;
}): Promise<SendChatResult> {
  const side = chatSideOf(viewer);
  if (!side) return { ok: false, status: 403, message: CHAT_MESSAGES.readOnly };
  if (booking.status === "cancelled") return { ok: false, status: 409, message: CHAT_MESSAGES.closed };
  const limit = await hitRateLimit(CHAT_RATE_LIMIT, user.id);
  if (!limit.allowed) return { ok: false, status: 429, message: CHAT_MESSAGES.tooMany };
  const now = new Date();
  const time = kept ? await queuedActionTime(user, kept, now) : null;
  await db.$transaction(async (tx) => {
    await tx.chatMessage.create({ data: { bookingId: booking.id, sender: side, senderUserId: user.id, content } });
    if (kept && time) await recordQueuedAction(tx, kept, { userId: user.id, bookingId: booking.id, time, now });
  });
  await publishLiveEvent({ bookingId: booking.id, kind: "chat" });
  return { ok: true };
}
