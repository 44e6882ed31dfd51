// Actions the driver's phone kept while it had no signal, arriving now, in the
// order they were made: a status step, a stop done, a chat message, a position, a proof of
// delivery. Each has its own id: a second delivery is answered as done and applies nothing
// (the `DriverAction` row, written in the transaction of the change). Each is recorded at the
// time it happened on the phone, as far as that is believed (domain/offline-queue.ts). One the
// job no longer allows (given to another driver, cancelled, moved on by an admin) is refused
// with one sentence saying what changed and when.
import { Buffer } from "node:buffer";
import { messageKey } from "~/domain/message-delivery";
import { queuedActionName, queuedActionRefusal, type JobChange } from "~/domain/offline-queue";
import { TRACKING_STATUS_LABELS } from "~/domain/tracking";
import type { QueuedActionInput } from "~/schemas/offline-queue";
import { sendChatMessage } from "~/server/bookings/chat.server";
import { completeWithProof, type ReceivedProof } from "~/server/bookings/delivery-proofs.server";
import { keepPosition } from "~/server/bookings/positions.server";
import {
  advanceTracking,
  completeStop,
  findTrackedBooking,
  type QueuedAction,
} from "~/server/bookings/tracking.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { isUniqueViolation } from "~/server/platform/db-errors.server";
import { db } from "~/server/platform/db.server";
import type { Email, EmailAttachment } from "~/server/platform/email.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { deletePhotos, readPhoto } from "~/server/uploads/photos.server";
import type { SessionUser } from "~/views/session-user";

export type QueuedAnswer =
  | { ok: true; duplicate: boolean }
  /** `refused`: this action (and the job's later ones) can never apply; otherwise try again later. */
  | { ok: false; status: 400 | 403 | 404 | 409 | 429; message: string; refused: boolean };

const NOT_YOURS = "That job is not assigned to you.";

type Outcome = { ok: true } | { ok: false; status: 400 | 403 | 404 | 409 | 429; message: string };

/**
 * Before a kept proof's files are read: the refusal when the job is not this driver's now (the
 * sentence says what became of it), so a stranger's upload is never decoded or stored; null
 * when it is theirs.
 */
export async function queuedProofRefusal(user: SessionUser, bookingId: string): Promise<QueuedAnswer | null> {
  const theirs = await db.booking.count({ where: { id: bookingId, driver: { userId: user.id } } });
  if (theirs > 0) return null;
  const changed = await jobChangeFor(bookingId, user, NOT_YOURS);
  return {
    ok: false,
    status: 404,
    message: queuedActionRefusal(changed, queuedActionName({ kind: "proof" })),
    refused: true,
  };
}

/** Whether this driver ever had the job (theirs now, or given to them and since taken off or given back). */
export function driverHadJob(user: SessionUser, bookingId: string) {
  return hadTheJob(bookingId, user);
}

/** Whether this phone's action was applied before (its row is there). */
async function appliedBefore(actionId: string, userId: string) {
  const row = await db.driverAction.findUnique({ where: { id: actionId }, select: { userId: true } });
  return row !== null && row.userId === userId;
}

/** Applies one queued action (not a proof: queuedProof), or says why it cannot be. */
export async function applyQueuedAction(user: SessionUser, input: QueuedActionInput, now = new Date()) {
  if (await appliedBefore(input.id, user.id)) return { ok: true, duplicate: true } satisfies QueuedAnswer;
  const kept: QueuedAction = { id: input.id, kind: input.kind, happenedAt: input.happenedAt };
  return settle(user, input.bookingId, kept, queuedActionName(input), () => apply(user, input, kept, now));
}

async function apply(user: SessionUser, input: QueuedActionInput, kept: QueuedAction, now: Date): Promise<Outcome> {
  switch (input.kind) {
    case "step":
      return advanceTracking({
        bookingId: input.bookingId,
        user,
        to: input.status,
        etaMinutes: input.etaMinutes,
        kept,
        now,
      });
    case "stop-done":
      return completeStop({ bookingId: input.bookingId, user, position: input.position, kept, now });
    case "position":
      return keepPosition({ bookingId: input.bookingId, user, input, kept, now });
    case "chat": {
      const found = await findTrackedBooking(input.bookingId, user);
      if (!found || found.viewer !== "driver") return { ok: false, status: 404, message: NOT_YOURS };
      return sendChatMessage({ booking: found.booking, viewer: found.viewer, user, content: input.content, kept });
    }
  }
}

/**
 * A proof of delivery the phone kept: its photos are already stored by the form's reader.
 * Sent twice, the second is answered as done and its photos are deleted again.
 */
export async function applyQueuedProof(
  user: SessionUser,
  { bookingId, stop, kept, proof }: { bookingId: string; stop: number; kept: QueuedAction; proof: ReceivedProof },
  now = new Date(),
) {
  const files = [...proof.photos, ...(proof.signature ? [proof.signature] : [])].map((photo) => photo.key);
  if (await appliedBefore(kept.id, user.id)) {
    await deletePhotos(files);
    return { ok: true, duplicate: true } satisfies QueuedAnswer;
  }
  const name = queuedActionName({ kind: "proof" });
  return settle(user, bookingId, kept, name, () => completeWithProof({ bookingId, stop, user, ...proof, kept, now }));
}

/** Runs the change; a refusal becomes the driver's one sentence, a race with its own copy "done". */
async function settle(
  user: SessionUser,
  bookingId: string,
  kept: QueuedAction,
  actionName: string,
  change: () => Promise<Outcome>,
): Promise<QueuedAnswer> {
  let outcome: Outcome;
  try {
    outcome = await change();
  } catch (error) {
    // Two deliveries of one action at once: the other one's row won.
    if (isUniqueViolation(error) && (await appliedBefore(kept.id, user.id))) return { ok: true, duplicate: true };
    throw error;
  }
  if (outcome.ok) return { ok: true, duplicate: false };
  // Refused because a copy of it was applied meanwhile (the step moved on by this very action).
  if (await appliedBefore(kept.id, user.id)) return { ok: true, duplicate: true };
  if (outcome.status === 400 || outcome.status === 429) return { ...outcome, refused: outcome.status === 400 };
  const changed = await jobChangeFor(bookingId, user, outcome.message);
  return { ok: false, status: outcome.status, message: queuedActionRefusal(changed, actionName), refused: true };
}

/** What happened to the job meanwhile, for the refusal's sentence. */
async function jobChangeFor(bookingId: string, user: SessionUser, refusal: string): Promise<JobChange> {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: {
      status: true,
      cancelledAt: true,
      updatedAt: true,
      trackingStatus: true,
      driver: { select: { userId: true } },
      trackingEvents: {
        orderBy: { happenedAt: "desc" },
        take: 1,
        select: { happenedAt: true, status: true, createdById: true },
      },
    },
  });
  if (!booking || !(await hadTheJob(bookingId, user))) return { kind: "other", message: refusal };
  if (booking.status === "cancelled") return { kind: "cancelled", at: booking.cancelledAt ?? booking.updatedAt };
  if (!booking.driver) return { kind: "taken-off", at: booking.updatedAt };
  if (booking.driver.userId !== user.id) return { kind: "reassigned", at: booking.updatedAt };
  const latest = booking.trackingEvents[0];
  if (latest && latest.createdById !== user.id && booking.trackingStatus)
    return {
      kind: "status-changed",
      at: latest.happenedAt,
      statusLabel: TRACKING_STATUS_LABELS[booking.trackingStatus],
    };
  return { kind: "other", message: refusal };
}

/** Whether the driver ever had this job: only then do they hear what became of it. */
async function hadTheJob(bookingId: string, user: SessionUser) {
  const driver = await db.driver.findUnique({ where: { userId: user.id }, select: { id: true } });
  if (!driver) return false;
  const [booking, assigned, stepped, dropped] = await Promise.all([
    db.booking.count({ where: { id: bookingId, driverId: driver.id } }),
    db.auditLog.count({
      where: { targetType: "Booking", targetId: bookingId, details: { path: ["driverId"], equals: driver.id } },
    }),
    db.trackingEvent.count({ where: { bookingId, createdById: user.id } }),
    db.driverJobEvent.count({ where: { bookingId, driverId: driver.id, kind: "dropped" } }),
  ]);
  return booking + assigned + stepped + dropped > 0;
}

/**
 * A proof the job refused (it changed while the driver was offline) is not lost: from the
 * refusal's message the driver sends it to support, as a ticket on the booking and an e-mail
 * to the support inbox with its photos attached.
 */
export async function queuedProofToSupport(
  user: SessionUser,
  {
    bookingId,
    actionId,
    proof,
    why,
  }: {
    bookingId: string;
    /** The phone's own id for this hand-over: sent again, it is answered as done. */
    actionId: string;
    proof: ReceivedProof;
    why: string | null;
  },
): Promise<{ ok: true; duplicate: boolean } | { ok: false; status: 404; message: string }> {
  const photos = [...proof.photos, ...(proof.signature ? [proof.signature] : [])].map((photo) => ({
    key: photo.key,
    mimeType: photo.mimeType,
  }));
  const duplicate = async () => {
    await deletePhotos(photos.map((photo) => photo.key));
    return { ok: true, duplicate: true } as const;
  };
  if (await appliedBefore(actionId, user.id)) return duplicate();
  const booking = await db.booking.findUnique({ where: { id: bookingId }, select: { reference: true } });
  if (!booking || !(await hadTheJob(bookingId, user))) {
    await deletePhotos(photos.map((photo) => photo.key));
    return { ok: false, status: 404, message: NOT_YOURS };
  }
  const { input } = proof;
  const message = [
    `A proof of delivery for ${booking.reference}, handed in on the driver's phone without a signal, was not recorded.`,
    ...(why ? [`Why: ${why}`] : []),
    `Received by: ${input.recipientName}`,
    proof.signature ? "Signature: drawn on the driver's screen (attached)" : `Signature: typed as ${input.signedName}`,
    `Damage noted: ${input.damageNotes ?? "none"}`,
    `Photos: ${proof.photos.length} (attached to the e-mail to support)`,
  ].join("\n");
  try {
    await db.$transaction(async (tx) => {
      // The hand-over's row first: a second delivery racing this one fails on its key.
      const now = new Date();
      await tx.driverAction.create({
        data: { id: actionId, userId: user.id, bookingId, kind: "proof-to-support", happenedAt: now, receivedAt: now },
      });
      const ticket = await tx.supportRequest.create({
        data: { bookingId, userId: user.id, kind: "support", message },
        select: { id: true },
      });
      await queueMessage(
        tx,
        "kept-proof-to-support",
        { requestId: ticket.id, photos },
        { key: messageKey("kept-proof-to-support", ticket.id), bookingId, recipient: env.SUPPORT_EMAIL },
      );
    });
  } catch (error) {
    if (isUniqueViolation(error) && (await appliedBefore(actionId, user.id))) return duplicate();
    throw error;
  }
  return { ok: true, duplicate: false };
}

/** The support inbox's copy of a refused proof, its photos (and a drawn signature) attached. */
export async function composeQueuedProofToSupport({
  requestId,
  photos,
}: {
  requestId: string;
  photos: { key: string; mimeType: string }[];
}): Promise<Email | null> {
  const ticket = await db.supportRequest.findUnique({
    where: { id: requestId },
    select: { message: true, booking: { select: { id: true, reference: true } }, user: { select: { username: true } } },
  });
  if (!ticket?.booking) return null;
  const attachments: EmailAttachment[] = [];
  for (const [index, photo] of photos.entries()) {
    const stored = await readPhoto(photo.key);
    if (!stored) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
    attachments.push({
      filename: `kept-proof-${index + 1}.${photo.mimeType === "image/png" ? "png" : "jpg"}`,
      content: Buffer.concat(chunks),
      contentType: photo.mimeType,
    });
  }
  return {
    to: env.SUPPORT_EMAIL,
    subject: `Proof of delivery not recorded: ${ticket.booking.reference}`,
    text: [
      `From the driver ${ticket.user?.username ?? ""}:`.replace(" :", ":"),
      "",
      ticket.message,
      "",
      `The booking: ${absoluteUrl(`/admin/bookings/${ticket.booking.id}`)}`,
    ].join("\n"),
    attachments,
  };
}
