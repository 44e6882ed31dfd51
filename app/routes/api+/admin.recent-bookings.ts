// GET /api/admin/recent-bookings[?limit=N] → the newest bookings (5 unless limit, at most 50),
// each as the admin list shows it. Admins only: 401 without credentials, 403 for anyone else.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listLimitSchema } from "~/schemas/admin-bookings";
import { bookingJson, recentBookings } from "~/server/admin/bookings.server";
import { requireApiAdmin } from "~/server/auth/api-auth.server";
import { validationError } from "~/server/platform/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = listLimitSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return validationError(query.error);
  const rows = await recentBookings(query.data.limit);
  return Response.json(rows.map(bookingJson), { headers: { "Cache-Control": "private, no-store" } });
}
