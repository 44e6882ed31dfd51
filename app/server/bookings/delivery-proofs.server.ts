// Proof of delivery (issue 20, part 3). The driver completes a job by handing in its proof:
// photos, the recipient's name, a signature and any damage noted. The proof is saved, then
// the job steps to "completed" by the one tracking rule (tracking.server.ts refuses that step
// without a proof). The customer sees it on the tracker and in the completion e-mail, admins
// on the booking; its files are served only to those three (deliveryProofFile).
import { stopDoneRefusal, stopsLeftRefusal, stopTitle } from "~/domain/route-stops";
import { formatUkDateTime } from "~/domain/uk-datetime";
import { DELIVERY_PROOF_MESSAGES, type DeliveryProofInput } from "~/schemas/delivery-proof";
import { db } from "~/server/platform/db.server";
import { deletePhotos, readPhoto, type StoredPhoto } from "~/server/uploads/photos.server";
import type { SessionUser } from "~/views/session-user";
import type { DeliveryProofView } from "~/views/tracker";
import { advanceTracking, completeStop, findTrackedBooking, TRACKING_MESSAGES } from "./tracking.server";

/** The final delivery address's proof; extra stops number from 1 (BookingStop.position). */
const FINAL_STOP = 0;

/** Where a job's proof photos are stored. */
export const proofFolder = (bookingId: string) => `proofs/${bookingId}`;

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
  const blocker =
    booking.status === "cancelled"
      ? "That booking has been cancelled."
      : booking.trackingStatus === "completed"
        ? DELIVERY_PROOF_MESSAGES.completed
        : booking.trackingStatus !== "arrived"
          ? DELIVERY_PROOF_MESSAGES.notArrived
          : extraStop
            ? stopDoneRefusal(booking.trackingStatus, booking.stops, stop, { withProof: true })
            : stopsLeftRefusal(booking.stops);
  return {
    id: booking.id,
    reference: booking.reference,
    stop,
    /** "Stop 2 (drop-off)", or null for the final delivery. */
    stopTitle: extraStop ? stopTitle(extraStop.position, extraStop.type) : null,
    deliveryAddress: extraStop?.address ?? booking.deliveryAddress,
    customerName: booking.customerName ?? booking.customer?.username ?? "the customer",
    blocker,
  };
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
  now = new Date(),
}: {
  bookingId: string;
  /** 0: the final delivery, which completes the job; 1 to 4: a drop-off stop, which it marks done. */
  stop?: number;
  user: SessionUser;
  input: DeliveryProofInput;
  photos: StoredPhoto[];
  signature: StoredPhoto | null;
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
      ? await advanceTracking({ bookingId, user, to: "completed", now })
      : await completeStop({ bookingId, user, position: stop, withProof: true, now });
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
    at: proof.createdAt.toISOString(),
    atText: formatUkDateTime(proof.createdAt),
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
