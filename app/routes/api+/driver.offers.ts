// GET /api/driver/offers: the open jobs this driver may take now, as the portal's
// list shows them: the date and window, districts only, the distance from their base, the van,
// helpers, stops and hours, and their share. No street, no customer, until taken.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiDriver } from "~/server/auth/api-auth.server";
import { offersFor } from "~/server/drivers/offers.server";
import { enforceRateLimit, requireMethod } from "~/server/platform/api.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMethod(request, "GET");
  const user = await requireApiDriver(request);
  await enforceRateLimit(context);
  const { offers, paused } = await offersFor(user.id);
  // `paused`: why this driver may take no jobs for now (too many given back), or null.
  return Response.json({ offers, paused }, { headers: { "Cache-Control": "no-store" } });
}
