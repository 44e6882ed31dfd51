// GET /admin/payments.csv?status=&search= → the filtered payment list as a CSV download
// (the "Export to CSV" button of /admin/payments). Admins only: it is a resource route, so
// the admin layout's guard does not run for it. Cells are RFC 4180 escaped and formula-safe
// (app/domain/csv.ts); a UTF-8 byte order mark lets Excel read "£" and accented names.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ukToday } from "~/domain/uk-calendar";
import { parsePaymentFilters } from "~/schemas/admin-payments";
import { paymentsCsv } from "~/server/admin/payments.server";
import { requireAdmin } from "~/server/auth/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filters = parsePaymentFilters(new URL(request.url));
  if (!filters.success) {
    return new Response(`${filters.error.issues.map((issue) => issue.message).join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const lines = paymentsCsv(filters.data);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="payments-${ukToday()}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
