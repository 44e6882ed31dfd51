// POST /api/admin/drivers/:id/status { status: "approved" | "declined" }
//   → { success, changed, driver: { id, name, approvalStatus, userId, reviewedAt }, emailSent }.
// Admins only (bearer token or session): 401 without, 403 for anyone else, before anything
// else is looked at. A malformed id or status → 400, an unknown driver → 404. Approving again
// changes nothing (changed: false) and sends no second e-mail.
import type { ActionFunctionArgs } from "@remix-run/node";
import { driverIdSchema, driverStatusSchema } from "~/schemas/admin-drivers";
import { ADMIN_DRIVER_MESSAGES } from "~/schemas/admin-drivers-messages";
import { decideDriver } from "~/server/admin/drivers.server";
import { requireApiAdmin } from "~/server/auth/api-auth.server";
import { apiError, parseJsonBody, requireMethod } from "~/server/platform/api.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  requireMethod(request, "POST");
  const id = driverIdSchema.safeParse(params.id);
  if (!id.success) return apiError(400, ADMIN_DRIVER_MESSAGES.invalidId);
  const { status } = await parseJsonBody(request, driverStatusSchema);

  const result = await decideDriver(admin.id, id.data, status);
  if (result.status === "not_found") return apiError(404, ADMIN_DRIVER_MESSAGES.notFound);
  if (result.status === "conflict") return apiError(409, result.message);
  return Response.json(
    { success: true, changed: result.changed, driver: result.driver, emailSent: result.emailSent },
    { headers: NO_STORE },
  );
}
