// POST /api/admin/signup { username, email, password, adminKey } → 201 { user: { username } }.
// Closed (403) while ADMIN_REGISTRATION_KEY is unset; the key is compared in constant time.
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiAdminSignUpSchema, AUTH_MESSAGES } from "~/schemas/auth";
import { jsonError, readJsonBody } from "~/server/api-auth.server";
import { adminRegistrationOpen, registerAdmin } from "~/server/auth.server";
import { clientIp, tooManyRequests } from "~/server/rate-limit.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405, { Allow: "POST" });
  if (!adminRegistrationOpen()) return jsonError(AUTH_MESSAGES.adminSignUpClosed, 403);
  const parsed = apiAdminSignUpSchema.safeParse((await readJsonBody(request)) ?? {});
  if (!parsed.success) return jsonError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.signUpFailed, 400);

  const result = await registerAdmin({ ...parsed.data, ip: clientIp(request) });
  switch (result.status) {
    case "ok":
      return Response.json({ user: { username: result.user.username } }, { status: 201 });
    case "limited":
      return tooManyRequests({ allowed: false, remaining: 0, retryAfterSeconds: result.retryAfterSeconds }, AUTH_MESSAGES.tooManyAttempts);
    case "bad_key":
      return jsonError(AUTH_MESSAGES.adminKeyInvalid, 403);
    case "closed":
      return jsonError(AUTH_MESSAGES.adminSignUpClosed, 403);
    case "taken":
      return jsonError(AUTH_MESSAGES.signUpFailed, 400);
  }
}
