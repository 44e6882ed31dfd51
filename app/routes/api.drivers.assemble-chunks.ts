// POST /api/drivers/assemble-chunks (spec/01 section 7): JSON { fileId, fileName, field }.
// Joins the uploaded chunks in order, checks the file by its content and answers
// { filePath: "uploads/…" }, a pending document only this browser's session can claim.
import type { ActionFunctionArgs } from "@remix-run/node";
import { clientIp, hitRateLimit, tooManyRequests } from "~/server/rate-limit.server";
import { assembleChunks, DRIVER_UPLOAD_RATE_LIMIT, readSmallJson, readUploadSession } from "~/server/uploads.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const limit = await hitRateLimit(DRIVER_UPLOAD_RATE_LIMIT, clientIp(request));
  if (!limit.allowed) return tooManyRequests(limit);

  const headers = { "Cache-Control": "no-store" };
  const body = await readSmallJson(request);
  if (!body.ok) return Response.json({ error: body.message }, { status: body.status, headers });
  const result = await assembleChunks(await readUploadSession(request), body.value);
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status, headers });
  return Response.json({ success: true, filePath: result.path, fileName: result.originalName, mimeType: result.mimeType, size: result.sizeBytes }, { headers });
}
