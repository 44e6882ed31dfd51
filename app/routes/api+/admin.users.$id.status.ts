// PUT /api/admin/users/:id/status { isActive } → { success, user }. Deactivating ends the
// user's sessions and API tokens. 400 for a malformed id or isActive, or for the caller's
// own account; 404 for an unknown user.
import type { ActionFunctionArgs } from "@remix-run/node";
import { NO_STORE, userChangeResponse } from "~/routes/api+/admin-api.server";
import { userIdSchema, userStatusSchema } from "~/schemas/admin-users";
import { ADMIN_USER_MESSAGES } from "~/schemas/admin-users-messages";
import { setUserActive, userJson } from "~/server/admin/users.server";
import { requireApiAdmin } from "~/server/auth/api-auth.server";
import { apiError, parseJsonBody, requireMethod } from "~/server/platform/api.server";

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  requireMethod(request, "PUT");
  const id = userIdSchema.safeParse(params.id);
  if (!id.success) return apiError(400, ADMIN_USER_MESSAGES.invalidId);
  const { isActive } = await parseJsonBody(request, userStatusSchema, { form: true });
  const result = await setUserActive(admin.id, id.data, isActive);
  if (result.status !== "ok") return userChangeResponse(result);
  return Response.json({ success: true, user: userJson(result.user) }, { headers: NO_STORE });
}
