// POST /api/drivers/assemble-chunks: JSON { fileId, fileName, field }.
// Joins the uploaded chunks in order, checks the file by its content and answers
// { filePath: "uploads/…" }, a pending document only this browser's session can claim.
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, enforceRateLimit, readJsonBody, requireMethod } from "~/server/platform/api.server";
import { assembleChunks, DRIVER_UPLOAD_RATE_LIMIT } from "~/server/uploads/chunks.server";
import { readUploadSession } from "~/server/uploads/documents.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await enforceRateLimit(context, DRIVER_UPLOAD_RATE_LIMIT);

  const headers = { "Cache-Control": "no-store" };
  const result = await assembleChunks(await readUploadSession(request), await readJsonBody(request));
  if (!result.ok) return apiError(result.status, result.message, { headers });
  return Response.json(
    {
      success: true,
      filePath: result.path,
      fileName: result.originalName,
      mimeType: result.mimeType,
      size: result.sizeBytes,
    },
    { headers },
  );
}
