// DELETE /api/admin/users/:id → { success, user } (the deleted account, as it was). The
// user's bookings and payments stay. 400 for a malformed id or the caller's own account,
// 404 for an unknown user.
import type { ActionFunctionArgs } from "@remix-run/node";
import { NO_STORE, userChangeResponse } from "~/routes/api+/admin-api.server";
import { userIdSchema } from "~/schemas/admin-users";
import { ADMIN_USER_MESSAGES } from "~/schemas/admin-users-messages";
import { deleteUser, userJson } from "~/server/admin/users.server";
import { requireApiAdmin } from "~/server/auth/api-auth.server";
import { apiError, requireMethod } from "~/server/platform/api.server";

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  requireMethod(request, "DELETE");
  const id = userIdSchema.safeParse(params.id);
  if (!id.success) return apiError(400, ADMIN_USER_MESSAGES.invalidId);
  const result = await deleteUser(admin.id, id.data);
  if (result.status !== "ok") return userChangeResponse(result);
  return Response.json({ success: true, user: userJson(result.user) }, { headers: NO_STORE });
}
