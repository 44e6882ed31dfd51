// POST /api/drivers/upload-chunk: one chunk of a driver document, as
// multipart form data: chunk, chunkIndex, totalChunks, fileId, fileName, fileType, field.
// Anonymous (applicants have no account), tied to the browser's upload session cookie.
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, enforceRateLimit, requireMethod } from "~/server/platform/api.server";
import { DRIVER_UPLOAD_RATE_LIMIT, receiveChunk } from "~/server/uploads/chunks.server";
import { ensureUploadSession } from "~/server/uploads/documents.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await enforceRateLimit(context, DRIVER_UPLOAD_RATE_LIMIT);

  const session = await ensureUploadSession(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (session.setCookie) headers.append("Set-Cookie", session.setCookie);
  const result = await receiveChunk(request, session.id);
  if (!result.ok) return apiError(result.status, result.message, { headers });
  return Response.json(
    {
      success: true,
      chunkIndex: result.chunkIndex,
      totalChunks: result.totalChunks,
      receivedChunks: result.receivedChunks,
    },
    { headers },
  );
}
