// /admin/payouts/batches/:id/csv: a bank-transfer batch for the bank (name, sort code, account
// number, amount, reference). Admins only: it holds the drivers' bank details.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/server/auth/auth.server";
import { bankBatchCsv } from "~/server/payouts/payouts.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const batch = /^[\w-]{1,64}$/.test(params.id ?? "") ? await bankBatchCsv(params.id!) : null;
  if (!batch) throw new Response("Batch not found", { status: 404 });
  return new Response(`\uFEFF${batch.csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${batch.reference}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
