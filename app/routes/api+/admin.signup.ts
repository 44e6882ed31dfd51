// POST /api/admin/signup { username, email, password, adminKey } → 201 { user: { username } }.
// Closed (403) while ADMIN_REGISTRATION_KEY is unset; the key is compared in constant time.
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiAdminSignUpSchema } from "~/schemas/auth";
import { AUTH_MESSAGES } from "~/schemas/auth-messages";
import { adminRegistrationOpen, registerAdmin } from "~/server/auth/auth.server";
import { withPasswordPolicy } from "~/server/auth/password.server";
import { apiError, readJsonBody, requireMethod, tooManyRequests, validationError } from "~/server/platform/api.server";
import { clientAddress } from "~/server/platform/client-address.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  if (!adminRegistrationOpen()) return apiError(403, AUTH_MESSAGES.adminSignUpClosed);
  const parsed = withPasswordPolicy(apiAdminSignUpSchema).safeParse(await readJsonBody(request, { form: true }));
  if (!parsed.success) return validationError(parsed.error);

  const result = await registerAdmin({ ...parsed.data, ip: clientAddress(context) });
  switch (result.status) {
    case "ok":
      return Response.json({ user: { username: result.user.username } }, { status: 201 });
    case "limited":
      return tooManyRequests({ retryAfterSeconds: result.retryAfterSeconds }, AUTH_MESSAGES.tooManyAttempts);
    case "bad_key":
      return apiError(403, AUTH_MESSAGES.adminKeyInvalid);
    case "closed":
      return apiError(403, AUTH_MESSAGES.adminSignUpClosed);
    case "taken":
      return apiError(400, AUTH_MESSAGES.signUpFailed);
  }
}
