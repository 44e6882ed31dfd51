// POST /api/auth/signin { email, password } → { token, user: { username, email, role } }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { AUTH_MESSAGES, signInSchema } from "~/schemas/auth";
import { apiError, readJsonBody, requireMethod, tooManyRequests, validationError } from "~/server/api.server";
import { createApiToken } from "~/server/api-auth.server";
import { signIn } from "~/server/auth.server";
import { clientIp } from "~/server/rate-limit.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const parsed = signInSchema.safeParse(await readJsonBody(request, { form: true }));
  if (!parsed.success) return validationError(parsed.error);

  const result = await signIn({ email: parsed.data.email, password: parsed.data.password, ip: clientIp(request) });
  if (result.status === "limited") return tooManyRequests({ allowed: false, remaining: 0, retryAfterSeconds: result.retryAfterSeconds }, AUTH_MESSAGES.tooManyAttempts);
  if (result.status === "failed") return apiError(401, AUTH_MESSAGES.signInFailed);

  const { token, expiresAt } = await createApiToken(result.user);
  const { username, email, role } = result.user;
  return Response.json({ token, expiresAt, user: { username, email, role } }, { headers: { "Cache-Control": "no-store" } });
}
