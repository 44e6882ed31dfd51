// POST /api/drivers/upload-chunk (spec/01 section 7): one chunk of a driver document, as
// multipart form data: chunk, chunkIndex, totalChunks, fileId, fileName, fileType, field.
// Anonymous (applicants have no account), tied to the browser's upload session cookie.
import type { ActionFunctionArgs } from "@remix-run/node";
import { clientIp, hitRateLimit, tooManyRequests } from "~/server/rate-limit.server";
import { DRIVER_UPLOAD_RATE_LIMIT, ensureUploadSession, receiveChunk, scheduleUploadCleanup } from "~/server/uploads.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const limit = await hitRateLimit(DRIVER_UPLOAD_RATE_LIMIT, clientIp(request));
  if (!limit.allowed) return tooManyRequests(limit);

  const session = await ensureUploadSession(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (session.setCookie) headers.append("Set-Cookie", session.setCookie);
  const result = await receiveChunk(request, session.id);
  scheduleUploadCleanup();
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status, headers });
  return Response.json({ success: true, chunkIndex: result.chunkIndex, totalChunks: result.totalChunks, receivedChunks: result.receivedChunks }, { headers });
}
