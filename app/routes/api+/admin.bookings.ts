// GET /api/admin/bookings?searchTerm=&status=&page= → the bookings matching, newest first, as
// an array (API clients read a list); one page at a time, the paging in headers:
// X-Total-Count, X-Page, X-Page-Count and a Link to the next and previous pages.
// A status that is not one of the five → 400. Admins only (401 / 403 otherwise).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingListQuerySchema } from "~/schemas/admin-bookings";
import { bookingJson, listBookings } from "~/server/admin/bookings.server";
import { requireApiAdmin } from "~/server/auth/api-auth.server";
import { validationError } from "~/server/platform/api.server";
import { pageOf } from "~/server/platform/pagination.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const url = new URL(request.url);
  const query = bookingListQuerySchema.safeParse({
    searchTerm: url.searchParams.get("searchTerm") ?? undefined,
    status: url.searchParams.get("status") ?? undefined,
  });
  if (!query.success) return validationError(query.error);
  const { rows, page } = await listBookings({ ...query.data, page: pageOf(url).page });

  const headers = new Headers({
    "Cache-Control": "private, no-store",
    "X-Total-Count": String(page.total),
    "X-Page": String(page.page),
    "X-Page-Count": String(page.pages),
  });
  const linkTo = (number: number) => {
    const next = new URL(url);
    next.searchParams.set("page", String(number));
    return `<${next.pathname}${next.search}>`;
  };
  const links = [
    page.page < page.pages ? `${linkTo(page.page + 1)}; rel="next"` : null,
    page.page > 1 ? `${linkTo(page.page - 1)}; rel="prev"` : null,
  ].filter(Boolean);
  if (links.length > 0) headers.set("Link", links.join(", "));
  return Response.json(rows.map(bookingJson), { headers });
}
