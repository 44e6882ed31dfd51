// /bookings/:id/invoice: the paid booking's VAT invoice and any credit notes, as PDFs. Before
// the invoice is issued, the customer may add a company name and a billing address to print on
// it (both optional); "Issue my VAT invoice" posts, and the page comes back with the download.
// A plain form: the same with JavaScript off and on.
import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { invoiceRequestSchema } from "~/schemas/invoice";
import { requireUser } from "~/server/auth/auth.server";
import { findBookingFor } from "~/server/bookings/bookings.server";
import { bookingInvoices, INVOICE_MESSAGES, issueInvoice } from "~/server/bookings/invoices.server";
import { invoiceSeller } from "~/server/platform/env.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";
import { usePageForm } from "~/utils/use-validated-form";

export const meta: MetaFunction = ({ matches, params }) =>
  seo({
    title: "VAT invoice",
    description: "Your booking's VAT invoice and credit notes.",
    path: `/bookings/${params.id ?? ""}/invoice`,
    matches,
    noindex: true,
  });

const notFound = () => new Response("Booking not found", { status: 404 });

async function paidBooking(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const booking = await findBookingFor(request, id, user);
  if (!booking) throw notFound();
  return booking;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const booking = await paidBooking(request, params.id);
  const documents = await bookingInvoices(booking.id);
  const wasPaid = booking.paymentState !== "unpaid";
  return {
    booking: { id: booking.id, reference: booking.reference },
    documents,
    refusal: !wasPaid ? INVOICE_MESSAGES.notPaid : invoiceSeller() ? null : INVOICE_MESSAGES.notSetUp,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const booking = await paidBooking(request, params.id);
  const submission = parseWithZod(await request.formData(), { schema: invoiceRequestSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!invoiceSeller()) return data(submission.reply({ formErrors: [INVOICE_MESSAGES.notSetUp] }), { status: 503 });
  const invoice = await issueInvoice(booking.id, submission.value);
  if (!invoice) return data(submission.reply({ formErrors: [INVOICE_MESSAGES.notPaid] }), { status: 409 });
  return redirectWithToast(request, `/bookings/${booking.id}/invoice`, {
    title: INVOICE_MESSAGES.issued,
    description: "Download it below.",
    variant: "success",
  });
}

export default function BookingInvoice() {
  const { booking, documents, refusal } = useLoaderData<typeof loader>();
  const invoice = documents.find((document) => document.kind === "invoice");
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm">
        <Link to="/bookings" className="font-medium text-blue-700 hover:underline">
          ← My bookings
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">VAT invoice for booking {booking.reference}</h1>
      {documents.length > 0 ? (
        <ul className="mt-6 space-y-3" data-testid="invoice-documents">
          {documents.map((document) => (
            <li key={document.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <a
                href={document.href}
                download
                className="font-semibold text-blue-700 underline"
                data-testid={`download-${document.kind}`}
              >
                Download {document.title} {document.number} (PDF)
              </a>
              <p className="mt-1 text-sm text-slate-600">
                Issued {document.issuedText}, {document.total}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {refusal && !invoice ? (
        <p role="status" className="mt-6 rounded-xl border border-slate-300 bg-slate-50 p-4 text-slate-900">
          {refusal}
        </p>
      ) : !invoice ? (
        <InvoiceRequestForm />
      ) : null}
    </div>
  );
}

function InvoiceRequestForm() {
  const { form, fields, pending } = usePageForm(() =>
    import("~/schemas/invoice").then((schemas) => schemas.invoiceRequestSchema),
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <p className="text-sm text-slate-700">
        Your invoice shows your name and e-mail address. For a business, add its name and billing address: they cannot
        be changed once the invoice is issued.
      </p>
      <FormField meta={fields.companyName} label="Company name (optional)" type="text" autoComplete="organization" />
      <div>
        <label htmlFor={fields.billingAddress.id} className="mb-1 block text-sm font-medium text-slate-800">
          Billing address <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea
          {...getTextareaProps(fields.billingAddress)}
          key={fields.billingAddress.key}
          rows={3}
          autoComplete="street-address"
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
        />
        <ErrorList id={fields.billingAddress.errorId} errors={fields.billingAddress.errors} />
      </div>
      <FormErrorSummary form={form} />
      <StatusButton pending={pending} pendingText="Issuing…">
        Issue my VAT invoice
      </StatusButton>
    </Form>
  );
}
