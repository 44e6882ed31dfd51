// GET /api/admin/users?page=N → the users ("list of users"), newest first,
// one page at a time: the body stays the API's array; X-Total-Count, X-Page, X-Page-Count
// and a Link header (rel="next"/"prev") tell a client about the other pages.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageHeaders } from "~/routes/api+/admin-api.server";
import { listUsers, userJson } from "~/server/admin/users.server";
import { requireApiAdmin } from "~/server/auth/api-auth.server";
import { pageOf } from "~/server/platform/pagination.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const url = new URL(request.url);
  const { users, info } = await listUsers(pageOf(url));
  return Response.json(users.map(userJson), { headers: pageHeaders(url, info) });
}
