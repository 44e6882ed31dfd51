// POST /api/auth/signin { email, password } → { token, user: { username, email, role } }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { AUTH_MESSAGES, signInSchema } from "~/schemas/auth";
import { createApiToken, jsonError, readJsonBody } from "~/server/api-auth.server";
import { signIn } from "~/server/auth.server";
import { clientIp, tooManyRequests } from "~/server/rate-limit.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405, { Allow: "POST" });
  const parsed = signInSchema.safeParse((await readJsonBody(request)) ?? {});
  if (!parsed.success) return jsonError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.signInRequired, 400);

  const result = await signIn({ email: parsed.data.email, password: parsed.data.password, ip: clientIp(request) });
  if (result.status === "limited") return tooManyRequests({ allowed: false, remaining: 0, retryAfterSeconds: result.retryAfterSeconds }, AUTH_MESSAGES.tooManyAttempts);
  if (result.status === "failed") return jsonError(AUTH_MESSAGES.signInFailed, 401);

  const { token, expiresAt } = await createApiToken(result.user);
  const { username, email, role } = result.user;
  return Response.json({ token, expiresAt, user: { username, email, role } }, { headers: { "Cache-Control": "no-store" } });
}
