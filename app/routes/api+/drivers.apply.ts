// POST /api/drivers/apply: JSON with the application's fields, the four
// document paths from /api/drivers/assemble-chunks and the agreement. The documents must have
// been uploaded by this browser's upload session and not yet used by another application.
import type { ActionFunctionArgs } from "@remix-run/node";
import { driverApplicationApiSchema } from "~/schemas/driver-application";
import { withDriverPhone } from "~/schemas/phone-numbers";
import { DRIVER_APPLY_RATE_LIMIT, submitDriverApplication } from "~/server/drivers/applications.server";
import { apiError, enforceRateLimit, readJsonBody, requireMethod, validationError } from "~/server/platform/api.server";
import { isSpam } from "~/server/platform/honeypot.server";
import { readUploadSession } from "~/server/uploads/documents.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await enforceRateLimit(context, DRIVER_APPLY_RATE_LIMIT);

  const headers = { "Cache-Control": "no-store" };
  const body = await readJsonBody(request);
  const accepted = () =>
    Response.json({ success: true, message: "Application submitted successfully" }, { status: 201, headers });
  // The page's JS sends the honeypot's fields along; a bot in it is answered as if accepted.
  if (isSpam(body)) return accepted();
  const parsed = withDriverPhone(driverApplicationApiSchema).safeParse(body);
  if (!parsed.success) return validationError(parsed.error);

  const result = await submitDriverApplication(parsed.data, await readUploadSession(request));
  if (!result.ok) return apiError(result.status, result.message, { fieldErrors: result.fieldErrors, headers });
  return accepted();
}
