// POST /api/admin/booking/:id/update { status } → { success: true, booking }. Any of the five
// statuses (docs/decisions/007-booking-status-payment-state-tracking.md); a bad status → 400, a malformed id → 400, an unknown one → 404.
// Admins only (401 / 403 before anything else); the change is written to the audit log.
import type { ActionFunctionArgs } from "@remix-run/node";
import { bookingStatusUpdateSchema } from "~/schemas/admin-bookings";
import { ADMIN_BOOKING_MESSAGES, RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { updateBookingStatus } from "~/server/admin/booking-commands.server";
import { bookingJson } from "~/server/admin/bookings.server";
import { requireApiAdmin } from "~/server/auth/api-auth.server";
import { apiError, parseJsonBody, requireMethod } from "~/server/platform/api.server";

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  requireMethod(request, "POST");
  const id = params.id ?? "";
  if (!RECORD_ID_PATTERN.test(id)) return apiError(400, ADMIN_BOOKING_MESSAGES.invalidBookingId);
  const { status } = await parseJsonBody(request, bookingStatusUpdateSchema);

  const result = await updateBookingStatus(admin.id, id, status);
  if (result.status === "not_found") return apiError(404, ADMIN_BOOKING_MESSAGES.bookingNotFound);
  return Response.json(
    { success: true, booking: bookingJson(result.booking) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
