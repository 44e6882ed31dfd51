// GET /delivery-proof/:proofId/:file: a photo (by its id) or the drawn signature of a proof of
// delivery. Only the booking's customer, its driver and admins get it; anyone else signed in
// gets the same 404 as for a file that is not there, and a visitor is sent to sign in.
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/auth/auth.server";
import { deliveryProofFile } from "~/server/bookings/delivery-proofs.server";
import { UPLOADED_DOCUMENT_CSP } from "~/server/platform/security-headers.server";

const PRIVATE = { "Cache-Control": "private, max-age=3600", "X-Content-Type-Options": "nosniff" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const file = await deliveryProofFile(params.proofId ?? "", params.file ?? "", user);
  if (!file)
    return new Response("Photo not found.", {
      status: 404,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(createReadableStreamFromReadable(file.stream), {
    headers: {
      ...PRIVATE,
      "Content-Type": file.mimeType,
      "Content-Length": String(file.sizeBytes),
      "Content-Security-Policy": UPLOADED_DOCUMENT_CSP,
    },
  });
}
