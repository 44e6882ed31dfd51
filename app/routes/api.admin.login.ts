// POST /api/admin/login { email, password } → { token, admin: { role, username, email } }.
// The token lasts 24 hours; anything but an active admin's credentials is "Invalid credentials".
import type { ActionFunctionArgs } from "@remix-run/node";
import { adminLoginSchema, AUTH_MESSAGES } from "~/schemas/auth";
import { apiError, readJsonBody, requireMethod, tooManyRequests, validationError } from "~/server/api.server";
import { createApiToken } from "~/server/api-auth.server";
import { signIn } from "~/server/auth.server";
import { clientIp } from "~/server/rate-limit.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const parsed = adminLoginSchema.safeParse(await readJsonBody(request, { form: true }));
  if (!parsed.success) return validationError(parsed.error);

  const result = await signIn({ email: parsed.data.email, password: parsed.data.password, ip: clientIp(request), adminOnly: true });
  if (result.status === "limited") return tooManyRequests({ allowed: false, remaining: 0, retryAfterSeconds: result.retryAfterSeconds }, AUTH_MESSAGES.tooManyAttempts);
  if (result.status === "failed") return apiError(401, AUTH_MESSAGES.adminLoginFailed);

  const { token, expiresAt } = await createApiToken(result.user);
  const { role, username, email } = result.user;
  return Response.json({ token, expiresAt, admin: { role, username, email } }, { headers: { "Cache-Control": "no-store" } });
}
