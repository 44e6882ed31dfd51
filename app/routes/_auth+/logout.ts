import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { revokeBearerToken } from "~/server/auth/api-auth.server";
import { endUserSession } from "~/server/auth/auth.server";

// Log Out ends the session (and revokes the bearer token, when an API client sends one).
export async function action({ request }: ActionFunctionArgs) {
  await revokeBearerToken(request);
  const cookie = await endUserSession(request, {
    title: "Signed out",
    description: "You have been signed out.",
    variant: "success",
  });
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

// Log Out is a POST; a GET (a typed URL) just goes home.
export async function loader() {
  return redirect("/");
}
