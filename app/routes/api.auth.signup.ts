// POST /api/auth/signup { email, password, username } → 201 { token, user: { username, email, role } }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiSignUpSchema, AUTH_MESSAGES } from "~/schemas/auth";
import { createApiToken, jsonError, readJsonBody } from "~/server/api-auth.server";
import { registerCustomer } from "~/server/auth.server";
import { clientIp, tooManyRequests } from "~/server/rate-limit.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405, { Allow: "POST" });
  const parsed = apiSignUpSchema.safeParse((await readJsonBody(request)) ?? {});
  if (!parsed.success) return jsonError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.signUpRequired, 400);

  const result = await registerCustomer({ ...parsed.data, ip: clientIp(request) });
  if (result.status === "limited") return tooManyRequests({ allowed: false, remaining: 0, retryAfterSeconds: result.retryAfterSeconds }, AUTH_MESSAGES.tooManyAttempts);
  if (result.status === "taken") return jsonError(AUTH_MESSAGES.signUpFailed, 400);

  const { token, expiresAt } = await createApiToken(result.user);
  const { username, email, role } = result.user;
  return Response.json({ token, expiresAt, user: { username, email, role } }, { status: 201, headers: { "Cache-Control": "no-store" } });
}
