// GET /claim-file/:claimId/:file: a damage claim's photo or proof of value. Only the
// claim's customer and admins get it; anyone else signed in gets the same 404 as for a file
// that is not there, and a visitor is sent to sign in.
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/auth/auth.server";
import { claimFile } from "~/server/claims/damage-claims.server";
import { UPLOADED_DOCUMENT_CSP } from "~/server/platform/security-headers.server";

const PRIVATE = { "Cache-Control": "private, max-age=3600", "X-Content-Type-Options": "nosniff" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const file = await claimFile(params.claimId ?? "", params.file ?? "", user);
  if (!file)
    return new Response("File not found.", {
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
