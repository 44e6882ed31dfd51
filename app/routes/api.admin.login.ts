// POST /api/admin/login { email, password } → { token, admin: { role, username, email } }.
// The token lasts 24 hours; anything but an active admin's credentials is "Invalid credentials".
import type { ActionFunctionArgs } from "@remix-run/node";
import { adminLoginSchema, AUTH_MESSAGES } from "~/schemas/auth";
import { createApiToken, jsonError, readJsonBody } from "~/server/api-auth.server";
import { signIn } from "~/server/auth.server";
import { clientIp, tooManyRequests } from "~/server/rate-limit.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405, { Allow: "POST" });
  const parsed = adminLoginSchema.safeParse((await readJsonBody(request)) ?? {});
  if (!parsed.success) return jsonError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.adminLoginFailed, 400);

  const result = await signIn({ email: parsed.data.email, password: parsed.data.password, ip: clientIp(request), adminOnly: true });
  if (result.status === "limited") return tooManyRequests({ allowed: false, remaining: 0, retryAfterSeconds: result.retryAfterSeconds }, AUTH_MESSAGES.tooManyAttempts);
  if (result.status === "failed") return jsonError(AUTH_MESSAGES.adminLoginFailed, 401);

  const { token, expiresAt } = await createApiToken(result.user);
  const { role, username, email } = result.user;
  return Response.json({ token, expiresAt, admin: { role, username, email } }, { headers: { "Cache-Control": "no-store" } });
}
