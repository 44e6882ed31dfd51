// POST /api/auth/signup { email, password, username } → 201 { token, user: { username, email, role } }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiSignUpSchema } from "~/schemas/auth";
import { AUTH_MESSAGES } from "~/schemas/auth-messages";
import { createApiToken } from "~/server/auth/api-auth.server";
import { registerCustomer } from "~/server/auth/auth.server";
import { withPasswordPolicy } from "~/server/auth/password.server";
import { apiError, readJsonBody, requireMethod, tooManyRequests, validationError } from "~/server/platform/api.server";
import { clientAddress } from "~/server/platform/client-address.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const parsed = withPasswordPolicy(apiSignUpSchema).safeParse(await readJsonBody(request, { form: true }));
  if (!parsed.success) return validationError(parsed.error);

  const result = await registerCustomer({ ...parsed.data, ip: clientAddress(context) });
  if (result.status === "limited")
    return tooManyRequests({ retryAfterSeconds: result.retryAfterSeconds }, AUTH_MESSAGES.tooManyAttempts);
  if (result.status === "taken") return apiError(400, AUTH_MESSAGES.signUpFailed);

  const { token, expiresAt } = await createApiToken(result.user);
  const { username, email, role } = result.user;
  return Response.json(
    { token, expiresAt, user: { username, email, role } },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
