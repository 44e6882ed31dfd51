// POST /api/drivers/apply (spec/01 section 7): JSON with the application's fields, the four
// document paths from /api/drivers/assemble-chunks and the agreement. The documents must have
// been uploaded by this browser's upload session and not yet used by another application.
import type { ActionFunctionArgs } from "@remix-run/node";
import { driverApplicationApiSchema } from "~/schemas/driver-application";
import { validationError } from "~/server/api.server";
import { DRIVER_APPLY_RATE_LIMIT, submitDriverApplication } from "~/server/driver-applications.server";
import { clientIp, hitRateLimit, tooManyRequests } from "~/server/rate-limit.server";
import { readSmallJson, readUploadSession, scheduleUploadCleanup } from "~/server/uploads.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const limit = await hitRateLimit(DRIVER_APPLY_RATE_LIMIT, clientIp(request));
  if (!limit.allowed) return tooManyRequests(limit);

  const headers = { "Cache-Control": "no-store" };
  const body = await readSmallJson(request);
  if (!body.ok) return Response.json({ error: body.message }, { status: body.status, headers });
  const parsed = driverApplicationApiSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);

  const result = await submitDriverApplication(parsed.data, await readUploadSession(request));
  scheduleUploadCleanup();
  if (!result.ok) return Response.json({ error: result.message, fieldErrors: result.fieldErrors }, { status: result.status, headers });
  return Response.json({ success: true, message: "Application submitted successfully" }, { status: 201, headers });
}
