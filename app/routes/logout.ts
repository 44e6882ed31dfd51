import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { revokeBearerToken } from "~/server/api-auth.server";
import { logout } from "~/server/auth.server";

// Log Out ends the session (and revokes the bearer token, when an API client sends one).
export async function action({ request }: ActionFunctionArgs) {
  await revokeBearerToken(request);
  return logout(request);
}

// Log Out is a POST; a GET (a typed URL) just goes home.
export async function loader() {
  return redirect("/");
}
