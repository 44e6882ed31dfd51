// GET /api/admin/payments?status=&search=&page=N → the payments ("list
// of payments"), newest first, amounts in pounds; one page at a time, with the same paging
// headers as /api/admin/users. An unknown status is a 400 naming the valid ones.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageHeaders } from "~/routes/api+/admin-api.server";
import { parsePaymentFilters } from "~/schemas/admin-payments";
import { listPayments, paymentEntryJson } from "~/server/admin/payments.server";
import { requireApiAdmin } from "~/server/auth/api-auth.server";
import { validationError } from "~/server/platform/api.server";
import { pageOf } from "~/server/platform/pagination.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const url = new URL(request.url);
  const filters = parsePaymentFilters(url);
  if (!filters.success) return validationError(filters.error);
  const { entries, info } = await listPayments(filters.data, pageOf(url));
  return Response.json(entries.map(paymentEntryJson), { headers: pageHeaders(url, info) });
}
