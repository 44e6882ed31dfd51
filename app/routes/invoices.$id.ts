// /invoices/:id: a VAT invoice or credit note as a PDF download, for the booking's customer or
// an admin (anyone else: not found). Streams nothing until the whole document is made.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/auth/auth.server";
import { findInvoiceFor, INVOICE_MESSAGES, invoiceFileName, invoicePdf } from "~/server/bookings/invoices.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const invoice = await findInvoiceFor(params.id ?? "", user);
  if (!invoice) throw new Response("Invoice not found", { status: 404 });
  const pdf = await invoicePdf(invoice);
  if (!pdf) throw new Response(INVOICE_MESSAGES.notSetUp, { status: 503 });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(invoice)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
