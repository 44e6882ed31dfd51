// GET /api/admin/pending-drivers[?limit=N] → an array of the newest driver applications still
// pending (5 unless limit, at most 50). Admins only: 401 without credentials, 403 for anyone else.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listLimitSchema } from "~/schemas/admin-bookings";
import { driverJson, pendingDrivers } from "~/server/admin/drivers.server";
import { requireApiAdmin } from "~/server/auth/api-auth.server";
import { validationError } from "~/server/platform/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = listLimitSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  const drivers = await pendingDrivers(query.data.limit);
  return Response.json(drivers.map(driverJson), { headers: { "Cache-Control": "private, no-store" } });
}
