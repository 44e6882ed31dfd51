// GET /api/admin/stats → { totalBookings, newUsers, newDrivers, totalRevenue, activeComplaints, todayBookings }.
// Admins only: bearer token or admin session; 401 without, 403 for anyone else.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAdminStats } from "~/server/admin/stats.server";
import { requireApiAdmin } from "~/server/auth/api-auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(await getAdminStats(), { headers: { "Cache-Control": "private, no-store" } });
}
