import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { revokeBearerToken } from "~/server/auth/api-auth.server";
import { endUserSession } from "~/server/auth/auth.server";

/**
 * What the browser forgets at sign-out, JavaScript or not: its cached pages and its storage (the
 * driver app's page copies and the actions its phone kept, and the service worker that holds
 * them). A shared phone keeps nothing of the person who signed out; the cookie set here stays.
 */
const FORGET_ON_SIGN_OUT = '"cache", "storage"';

// Log Out ends the session (and revokes the bearer token, when an API client sends one).
export async function action({ request }: ActionFunctionArgs) {
  await revokeBearerToken(request);
  const cookie = await endUserSession(request, {
    title: "Signed out",
    description: "You have been signed out.",
    variant: "success",
  });
  return redirect("/", { headers: { "Set-Cookie": cookie, "Clear-Site-Data": FORGET_ON_SIGN_OUT } });
}

// Log Out is a POST; a GET (a typed URL) just goes home.
export async function loader() {
  return redirect("/");
}
