// POST /api/auth/signin { email, password } → { token, user: { username, email, role } }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { AUTH_MESSAGES } from "~/schemas/auth";
import { apiError, readJsonBody, requireMethod, submissionError, tooManyRequests } from "~/server/api.server";
import { createApiToken } from "~/server/api-auth.server";
import { authenticateFields } from "~/server/authenticator.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const body = await readJsonBody(request, { form: true });
  const attempt = await authenticateFields("user", request, body);
  if (!attempt.result) return submissionError(attempt.submission);
  const { result } = attempt;
  if (result.status === "limited") return tooManyRequests({ allowed: false, remaining: 0, retryAfterSeconds: result.retryAfterSeconds }, AUTH_MESSAGES.tooManyAttempts);
  if (result.status === "failed") return apiError(401, AUTH_MESSAGES.signInFailed);

  const { token, expiresAt } = await createApiToken(result.user);
  const { username, email, role } = result.user;
  return Response.json({ token, expiresAt, user: { username, email, role } }, { headers: { "Cache-Control": "no-store" } });
}
