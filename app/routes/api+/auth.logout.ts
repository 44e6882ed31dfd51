// POST /api/auth/logout: revokes the bearer token (and ends the cookie session, if any).
import type { ActionFunctionArgs } from "@remix-run/node";
import { revokeBearerToken } from "~/server/auth/api-auth.server";
import { endUserSession } from "~/server/auth/auth.server";
import { requireMethod } from "~/server/platform/api.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await revokeBearerToken(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (request.headers.has("cookie")) headers.set("Set-Cookie", await endUserSession(request));
  return Response.json({ success: true }, { headers });
}
