// POST /api/calculate-distance and /api/quotes/distance share this: { from, to } → the
// Distance result (docs/API.md), a 400 with the customer's message, or a 503 while the distance
// service fails (API clients then fall back on their own).
import type { AppLoadContext } from "@remix-run/node";
import { apiRouteSchema } from "~/schemas/quote";
import { apiError, enforceRateLimit, parseJsonBody, requireMethod } from "~/server/platform/api.server";
import { DistanceLookupError, DistanceUnavailableError, getDistance } from "./distance.server";

export async function distanceApi(request: Request, context: AppLoadContext) {
  requireMethod(request, "POST");
  await enforceRateLimit(context);
  const { from, to } = await parseJsonBody(request, apiRouteSchema);
  try {
    const result = await getDistance(from, to);
    return Response.json(result);
  } catch (error) {
    if (error instanceof DistanceLookupError) {
      const field = error.field === "pickupAddress" ? "from" : "to";
      return apiError(400, error.message, { fieldErrors: { [field]: [error.message] } });
    }
    if (error instanceof DistanceUnavailableError) return apiError(503, error.message);
    throw error;
  }
}
