// GET /uploads/<name>: a private driver document (docs/decisions/010-private-driver-documents.md: stored outside public/, seen
// only through this route). Admins may open any; the applicant's own driver account may open
// theirs (by session cookie or API bearer token); anyone else signed in gets 403 and an
// anonymous request 401. Served inline with the type found from its content, never sniffed;
// a Range header gets that part (206), as PDF viewers ask.
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { getApiUser } from "~/server/auth/api-auth.server";
import { openDocument } from "~/server/drivers/applications.server";
import { UPLOADED_DOCUMENT_CSP } from "~/server/platform/security-headers.server";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

function refusal(status: 401 | 403 | 404 | 416, extraHeaders: Record<string, string> = {}) {
  const text = {
    401: "Sign in as an admin to view this document.",
    403: "You do not have permission to view this document.",
    404: "Document not found.",
    416: "That part of the document does not exist.",
  }[status];
  return new Response(text, {
    status,
    headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8", ...extraHeaders },
  });
}

/** `inline; filename="…"; filename*=UTF-8''…`, safe for any original name. */
function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getApiUser(request);
  if (!user) return refusal(401);
  const document = await openDocument(user, `uploads/${params["*"] ?? ""}`, request.headers.get("Range"));
  if (!document.ok)
    return document.status === 416
      ? refusal(416, { "Content-Range": `bytes */${document.totalBytes}` })
      : refusal(document.status);
  const { range } = document;
  return new Response(createReadableStreamFromReadable(document.stream), {
    status: range ? 206 : 200,
    headers: {
      ...PRIVATE,
      "Accept-Ranges": "bytes",
      ...(range ? { "Content-Range": `bytes ${range.start}-${range.end}/${range.totalBytes}` } : {}),
      "Content-Type": document.mimeType,
      "Content-Length": String(document.sizeBytes),
      "Content-Disposition": contentDisposition(document.originalName),
      "Content-Security-Policy": UPLOADED_DOCUMENT_CSP,
    },
  });
}
