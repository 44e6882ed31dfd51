// POST /api/auth/signin { email, password } → { token, user: { username, email, role } }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { AUTH_MESSAGES } from "~/schemas/auth-messages";
import { signInForToken } from "~/server/auth/api-auth.server";
import { requireMethod } from "~/server/platform/api.server";
import { clientAddress } from "~/server/platform/client-address.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const signedIn = await signInForToken(request, clientAddress(context), "user", AUTH_MESSAGES.signInFailed);
  if (signedIn instanceof Response) return signedIn;
  const {
    token,
    expiresAt,
    user: { username, email, role },
  } = signedIn;
  return Response.json(
    { token, expiresAt, user: { username, email, role } },
    { headers: { "Cache-Control": "no-store" } },
  );
}
