// POST /api/driver/jobs/:id/proof: a proof of delivery the driver's phone kept
// while offline, sent when the signal returns: the proof form's fields and files (multipart),
// with `actionId`, `happenedAt` and `stop` (0 for the final delivery, which completes the job).
// Answers as POST /api/driver/actions does; sent twice, the second changes nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { queuedProofSchema } from "~/schemas/offline-queue";
import { requireApiDriver } from "~/server/auth/api-auth.server";
import { receiveProof } from "~/server/bookings/delivery-proofs.server";
import { applyQueuedProof, queuedProofRefusal } from "~/server/drivers/offline-queue.server";
import { apiError, enforceRateLimit, requireMethod, validationError } from "~/server/platform/api.server";
import { deletePhotos } from "~/server/uploads/photos.server";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { largeBody: true };

const NOT_YOURS = "That job is not assigned to you.";

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiDriver(request);
  await enforceRateLimit(context);
  const bookingId = params.id ?? "";
  if (!RECORD_ID_PATTERN.test(bookingId)) return apiError(404, NOT_YOURS);
  // Whose job it is, before a byte of a photo is decoded or stored.
  const refusal = await queuedProofRefusal(user, bookingId);
  if (refusal && !refusal.ok) return apiError(refusal.status, refusal.message, { refused: true });
  const received = await receiveProof(request, bookingId);
  if (!received.ok) {
    const [first] = Object.values(received.errors).flat();
    const fieldErrors = Object.fromEntries(Object.entries(received.errors).filter(([name]) => name !== ""));
    return apiError(received.status, first ?? "Please check the proof.", {
      fieldErrors,
      refused: received.status === 400,
    });
  }
  const kept = queuedProofSchema.safeParse({
    actionId: received.formData.get("actionId"),
    happenedAt: received.formData.get("happenedAt"),
    stop: received.formData.get("stop") ?? "0",
  });
  if (!kept.success) {
    await deletePhotos(
      [...received.proof.photos, ...(received.proof.signature ? [received.proof.signature] : [])].map(
        (photo) => photo.key,
      ),
    );
    return validationError(kept.error);
  }
  const answer = await applyQueuedProof(user, {
    bookingId,
    stop: kept.data.stop,
    kept: { id: kept.data.actionId, kind: "proof", happenedAt: kept.data.happenedAt },
    proof: received.proof,
  });
  if (!answer.ok) return apiError(answer.status, answer.message, { refused: answer.refused });
  return Response.json({ success: true, duplicate: answer.duplicate });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
