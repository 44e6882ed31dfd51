// POST /api/driver/jobs/:id/proof-to-support: a proof of delivery the phone kept
// offline that the job refused (it was given to another driver, cancelled or moved on) goes
// to support instead, from the refusal's message: a ticket on the booking and an e-mail with
// the photos. The proof form's fields and files (multipart), `actionId` (the phone's own id for
// this hand-over: sent twice, the second is answered as a duplicate, with no second ticket or
// e-mail) and `why`, the refusal's sentence.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { queuedActionIdSchema } from "~/schemas/offline-queue";
import { requireApiDriver } from "~/server/auth/api-auth.server";
import { receiveProof } from "~/server/bookings/delivery-proofs.server";
import { queuedProofToSupport, driverHadJob } from "~/server/drivers/offline-queue.server";
import { apiError, enforceRateLimit, requireMethod, validationError } from "~/server/platform/api.server";
import { deletePhotos } from "~/server/uploads/photos.server";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { largeBody: true };

const WHY_MAX = 500;
const NOT_YOURS = "That job is not assigned to you.";

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiDriver(request);
  await enforceRateLimit(context);
  const bookingId = params.id ?? "";
  // Only a driver who had the job, before a byte of a photo is decoded or stored.
  if (!RECORD_ID_PATTERN.test(bookingId) || !(await driverHadJob(user, bookingId))) return apiError(404, NOT_YOURS);
  const received = await receiveProof(request, bookingId);
  if (!received.ok) {
    const [first] = Object.values(received.errors).flat();
    return apiError(received.status, first ?? "Please check the proof.");
  }
  const actionId = queuedActionIdSchema.safeParse(received.formData.get("actionId"));
  if (!actionId.success) {
    await deletePhotos(
      [...received.proof.photos, ...(received.proof.signature ? [received.proof.signature] : [])].map(
        (photo) => photo.key,
      ),
    );
    return validationError(actionId.error);
  }
  const why = received.formData.get("why");
  const sent = await queuedProofToSupport(user, {
    bookingId,
    actionId: actionId.data,
    proof: received.proof,
    why: typeof why === "string" && why.trim() ? why.trim().slice(0, WHY_MAX) : null,
  });
  if (!sent.ok) return apiError(sent.status, sent.message);
  return Response.json({ success: true, duplicate: sent.duplicate });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
