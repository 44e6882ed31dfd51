// POST /api/driver/offers/:bookingId/take: the first eligible driver gets the job.
// 200 with the booking now theirs; 409 when another driver took it first; 403 naming the rule
// that stops this driver; 404 when there is no such open job.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiDriver } from "~/server/auth/api-auth.server";
import { takeJob } from "~/server/drivers/dispatch.server";
import { driverJobOf } from "~/server/drivers/jobs.server";
import { apiError, enforceRateLimit, requireMethod } from "~/server/platform/api.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiDriver(request);
  await enforceRateLimit(context);
  const result = await takeJob(user.id, (params.bookingId ?? "").slice(0, 64));
  if (!result.ok) return apiError(result.status, result.message);
  return Response.json({ success: true, booking: await driverJobOf(user, result.bookingId) });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
