// POST /api/admin/login { email, password } → { token, admin: { role, username, email } }.
// The token lasts 24 hours; anything but an active admin's credentials is "Invalid credentials".
import type { ActionFunctionArgs } from "@remix-run/node";
import { AUTH_MESSAGES } from "~/schemas/auth-messages";
import { signInForToken } from "~/server/auth/api-auth.server";
import { requireMethod } from "~/server/platform/api.server";
import { clientAddress } from "~/server/platform/client-address.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const signedIn = await signInForToken(request, clientAddress(context), "admin", AUTH_MESSAGES.adminLoginFailed);
  if (signedIn instanceof Response) return signedIn;
  const {
    token,
    expiresAt,
    user: { role, username, email },
  } = signedIn;
  return Response.json(
    { token, expiresAt, admin: { role, username, email } },
    { headers: { "Cache-Control": "no-store" } },
  );
}
