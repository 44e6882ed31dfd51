// Proof of delivery. The driver completes a job by handing in its proof:
// photos, the recipient's name, a signature and any damage noted. The proof is saved, then
// the job steps to "completed" by the one tracking rule (tracking.server.ts refuses that step
// without a proof). The customer sees it on the tracker and in the completion e-mail, admins
// on the booking; its files are served only to those three (deliveryProofFile).
import { parseWithZod } from "@conform-to/zod";
import { PROOF_MAX_PHOTOS } from "~/domain/delivery-proof";
import { proofBlocker, type JobProgress } from "~/domain/job-progress";
import { stepDateTimeText } from "~/domain/offline-queue";
import { stopTitle } from "~/domain/route-stops";
import { deliveryProofSchema, type DeliveryProofInput } from "~/schemas/delivery-proof";
import { maxPhotoFormBytes } from "~/server/platform/body-limits.server";
import { db } from "~/server/platform/db.server";
import { deletePhotos, readPhoto, receivePhotoForm, type StoredPhoto } from "~/server/uploads/photos.server";
import type { SessionUser } from "~/views/session-user";
import type { DeliveryProofView } from "~/views/tracker";
import {
  advanceTracking,
  completeStop,
  findTrackedBooking,
  stepTime,
  TRACKING_MESSAGES,
  type QueuedAction,
} from "./tracking.server";

/** The final delivery address's proof; extra stops number from 1 (BookingStop.position). */
const FINAL_STOP = 0;

/** Where a job's proof photos are stored. */
const proofFolder = (bookingId: string) => `proofs/${bookingId}`;

/**
 * The job a driver (or an admin) may hand a proof in for, for the proof page: the final
 * delivery (stop 0), or a drop-off stop (1 to 4). Null for anyone else, or a stop the move
 * does not have.
 */
export async function jobToComplete(bookingId: string, user: SessionUser, stop = FINAL_STOP) {
  const found = await findTrackedBooking(bookingId, user);
  if (!found || found.viewer === "customer" || !found.booking.driver) return null;
  const { booking } = found;
  const extraStop = stop === FINAL_STOP ? null : booking.stops.find((candidate) => candidate.position === stop);
  if (stop !== FINAL_STOP && extraStop?.type !== "dropoff") return null;
  const progress: JobProgress = {
    status: booking.status,
    trackingStatus: booking.trackingStatus,
    stops: booking.stops.map((candidate) => ({
      position: candidate.position,
      type: candidate.type,
      done: candidate.doneAt !== null,
    })),
  };
  return {
    id: booking.id,
    reference: booking.reference,
    stop,
    /** "Stop 2 (drop-off)", or null for the final delivery. */
    stopTitle: extraStop ? stopTitle(extraStop.position, extraStop.type) : null,
    deliveryAddress: extraStop?.address ?? booking.deliveryAddress,
    customerName: booking.customerName ?? booking.customer?.username ?? "the customer",
    /** Where the job is, so a phone that kept "I've arrived" offline can offer the form. */
    progress,
    blocker: proofBlocker(progress, stop),
  };
}

/** A proof as the form sent it, checked: the fields, the stored photos and a drawn signature. */
export type ReceivedProof = { input: DeliveryProofInput; photos: StoredPhoto[]; signature: StoredPhoto | null };

/** The text as typed, to fill the form again. */
type ProofFields = { recipientName?: string; signedName?: string; damageNotes?: string };

export type ProofForm =
  | { ok: true; proof: ReceivedProof; formData: FormData; fields: ProofFields }
  | { ok: false; status: number; errors: Record<string, string[]>; fields: ProofFields };

const typed = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
};

/**
 * Reads the proof form (multipart: photos streamed, checked and resized, a drawn signature)
 * and checks its fields. When anything is wrong, the stored photos are deleted again.
 */
export async function receiveProof(request: Request, bookingId: string): Promise<ProofForm> {
  const received = await receivePhotoForm(request, {
    folder: proofFolder(bookingId),
    photoField: "photos",
    signatureField: "signature",
    maxPhotos: PROOF_MAX_PHOTOS,
    requestLimit: maxPhotoFormBytes(),
  });
  if (!received.ok) return { ok: false, status: received.status, errors: { "": [received.message] }, fields: {} };

  const { formData, photos, signature, photoErrors } = received;
  const fields = {
    recipientName: typed(formData, "recipientName"),
    signedName: typed(formData, "signedName"),
    damageNotes: typed(formData, "damageNotes"),
  };
  formData.set("photoCount", String(photos.length));
  if (signature) formData.set("signatureDrawn", "on");
  const submission = parseWithZod(formData, { schema: deliveryProofSchema });
  if (submission.status !== "success" || photoErrors.length > 0) {
    await deletePhotos([...photos, ...(signature ? [signature] : [])].map((photo) => photo.key));
    const errors: Record<string, string[]> = { ...(submission.status === "success" ? {} : submission.error) } as Record<
      string,
      string[]
    >;
    // A refused photo is the reason, not "add at least one".
    if (photoErrors.length > 0) errors.photos = photoErrors;
    return { ok: false, status: 400, errors, fields };
  }
  return { ok: true, proof: { input: submission.value, photos, signature }, formData, fields };
}

export type CompleteResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * Saves the proof and completes the job. The photos were stored by the form's reader; when
 * the job cannot be completed they are deleted again, and nothing else is kept.
 */
export async function completeWithProof({
  bookingId,
  stop = FINAL_STOP,
  user,
  input,
  photos,
  signature,
  kept,
  now = new Date(),
}: {
  bookingId: string;
  /** 0: the final delivery, which completes the job; 1 to 4: a drop-off stop, which it marks done. */
  stop?: number;
  user: SessionUser;
  input: DeliveryProofInput;
  photos: StoredPhoto[];
  signature: StoredPhoto | null;
  /** A proof the driver's phone kept offline: recorded once, at the time it was handed in. */
  kept?: QueuedAction;
  now?: Date;
}): Promise<CompleteResult> {
  const files = [...photos, ...(signature ? [signature] : [])].map((photo) => photo.key);
  const job = await jobToComplete(bookingId, user, stop);
  if (!job || job.blocker) {
    await deletePhotos(files);
    return job
      ? { ok: false, status: 409, message: job.blocker! }
      : { ok: false, status: 404, message: TRACKING_MESSAGES.notYours };
  }
  const time = await stepTime(bookingId, user, kept, now);
  const at = time.at;
  const replaced = await db.$transaction(async (tx) => {
    const earlier = await tx.deliveryProof.findUnique({
      where: { bookingId_stop: { bookingId, stop } },
      select: { id: true, signatureKey: true, photos: { select: { storageKey: true } } },
    });
    if (earlier) await tx.deliveryProof.delete({ where: { id: earlier.id } });
    await tx.deliveryProof.create({
      data: {
        bookingId,
        stop,
        recipientName: input.recipientName,
        signatureKey: signature?.key ?? null,
        signedName: signature ? null : input.signedName,
        damageNotes: input.damageNotes,
        recordedById: user.id,
        createdAt: now,
        happenedAt: at,
        photos: {
          create: photos.map((photo) => ({
            storageKey: photo.key,
            mimeType: photo.mimeType,
            sizeBytes: photo.sizeBytes,
            width: photo.width,
            height: photo.height,
          })),
        },
      },
    });
    return earlier
      ? [...earlier.photos.map((photo) => photo.storageKey), ...(earlier.signatureKey ? [earlier.signatureKey] : [])]
      : [];
  });
  await deletePhotos(replaced);
  const moved =
    stop === FINAL_STOP
      ? await advanceTracking({ bookingId, user, to: "completed", kept, queuedTime: time, now })
      : await completeStop({ bookingId, user, position: stop, withProof: true, kept, queuedTime: time, now });
  return moved.ok ? { ok: true } : { ok: false, status: moved.status, message: moved.message };
}

const proofFileUrl = (proofId: string, file: string) =>
  `/delivery-proof/${encodeURIComponent(proofId)}/${encodeURIComponent(file)}`;

/**
 * A booking's proofs of delivery as the tracker and the admin page show them: each drop-off
 * stop's in route order, then the final delivery's. None yet: an empty list.
 */
export async function deliveryProofViews(bookingId: string): Promise<DeliveryProofView[]> {
  const proofs = await db.deliveryProof.findMany({
    where: { bookingId },
    include: { photos: { orderBy: { createdAt: "asc" } } },
  });
  const inRouteOrder = proofs.sort((a, b) => (a.stop || Infinity) - (b.stop || Infinity));
  return inRouteOrder.map((proof) => ({
    stop: proof.stop,
    title: proof.stop === FINAL_STOP ? "Proof of delivery" : `Proof of delivery: stop ${proof.stop} (drop-off)`,
    recipientName: proof.recipientName,
    signature: proof.signatureKey
      ? { kind: "drawn", url: proofFileUrl(proof.id, "signature") }
      : { kind: "typed", name: proof.signedName ?? proof.recipientName },
    damageNotes: proof.damageNotes,
    at: proof.happenedAt.toISOString(),
    atText: stepDateTimeText(proof.happenedAt, proof.createdAt),
    photos: proof.photos.map((photo, index) => ({
      url: proofFileUrl(proof.id, photo.id),
      width: photo.width,
      height: photo.height,
      alt: `${proof.stop === FINAL_STOP ? "Delivery" : `Stop ${proof.stop}`} photo ${index + 1} of ${proof.photos.length}`,
    })),
  }));
}

/**
 * A proof's file (a photo by its id, or "signature") for someone who may see the booking:
 * its customer, its driver or an admin. Anyone else gets null, as for a file that is not there.
 */
export async function deliveryProofFile(proofId: string, file: string, user: SessionUser) {
  if (proofId.length > 64 || file.length > 64) return null;
  const proof = await db.deliveryProof.findUnique({
    where: { id: proofId },
    select: {
      bookingId: true,
      signatureKey: true,
      photos: { where: { id: file }, select: { storageKey: true, mimeType: true } },
    },
  });
  if (!proof || !(await findTrackedBooking(proof.bookingId, user))) return null;
  const stored =
    file === "signature"
      ? proof.signatureKey
        ? { storageKey: proof.signatureKey, mimeType: "image/png" }
        : null
      : (proof.photos[0] ?? null);
  if (!stored) return null;
  const read = await readPhoto(stored.storageKey);
  return read ? { ...read, mimeType: stored.mimeType } : null;
}
