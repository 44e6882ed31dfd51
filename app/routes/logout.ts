import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { logout } from "~/server/auth.server";

export async function action({ request }: ActionFunctionArgs) {
  return logout(request);
}

// Log Out is a POST; a GET (a typed URL) just goes home.
export async function loader() {
  return redirect("/");
}
