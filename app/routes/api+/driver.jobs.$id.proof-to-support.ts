// POST /api/driver/jobs/:id/proof-to-support (issue 35): a proof of delivery the phone kept
// offline that the job refused (it was given to another driver, cancelled or moved on) goes
// to support instead, from the refusal's message: a ticket on the booking and an e-mail with
// the photos. The proof form's fields and files (multipart), and `why`, the refusal's sentence.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { requireApiDriver } from "~/server/auth/api-auth.server";
import { receiveProof } from "~/server/bookings/delivery-proofs.server";
import { keptProofToSupport } from "~/server/drivers/kept-actions.server";
import { apiError, enforceRateLimit, requireMethod } from "~/server/platform/api.server";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { largeBody: true };

const WHY_MAX = 500;

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiDriver(request);
  await enforceRateLimit(context);
  const bookingId = params.id ?? "";
  if (!RECORD_ID_PATTERN.test(bookingId)) return apiError(404, "That job is not assigned to you.");
  const received = await receiveProof(request, bookingId);
  if (!received.ok) {
    const [first] = Object.values(received.errors).flat();
    return apiError(received.status, first ?? "Please check the proof.");
  }
  const why = received.formData.get("why");
  const sent = await keptProofToSupport(user, {
    bookingId,
    proof: received.proof,
    why: typeof why === "string" && why.trim() ? why.trim().slice(0, WHY_MAX) : null,
  });
  if (!sent.ok) return apiError(sent.status, sent.message);
  return Response.json({ success: true });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
