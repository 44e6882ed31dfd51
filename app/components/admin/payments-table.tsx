// The admin's payment list and the details of the payment opened beside it (a link per row,
// so a payment's details have a URL of their own).
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { TEST_PAYMENT_NOTE } from "~/domain/payments";
import { ADMIN_PAYMENT_MESSAGES } from "~/schemas/admin-payments-messages";
import type { AdminPaymentDetails, AdminPaymentRow } from "~/views/admin";

export function statusLabel(status: string) {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** succeeded green, pending yellow, failed red, others grey. */
const BADGE_CLASSES: Record<string, string> = {
  succeeded: "bg-green-100 text-green-900 ring-green-600/30",
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-600/30",
  failed: "bg-red-100 text-red-900 ring-red-600/30",
};

function StatusBadge({ status, text }: { status: string; text?: string | null }) {
  return (
    <span
      data-testid="payment-status"
      data-status={status}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE_CLASSES[status] ?? "bg-slate-100 text-slate-800 ring-slate-500/30"}`}
    >
      {text ?? statusLabel(status)}
    </span>
  );
}

export function PaymentsTable({
  payments,
  openId,
  hrefOf,
}: {
  payments: AdminPaymentRow[];
  /** The payment whose details are open, if any. */
  openId: string | null;
  hrefOf: (paymentId: string) => string;
}) {
  return (
    <ScrollRegion label="Payments" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="stacked-table min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              Customer
            </th>
            <th scope="col" className="px-4 py-3">
              Amount
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Payment ID
            </th>
            <th scope="col" className="px-4 py-3">
              Date
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {payments.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-4 py-6 text-center text-slate-600">
                No payments found
              </td>
            </tr>
          ) : (
            payments.map((payment) => {
              const open = openId === payment.id;
              return (
                <tr
                  key={payment.id}
                  data-testid="payment-row"
                  aria-current={open || undefined}
                  className={open ? "bg-blue-50" : undefined}
                >
                  <td data-label="Customer" className="px-4 py-3">
                    <Link
                      to={payment.href ?? hrefOf(payment.id)}
                      preventScrollReset
                      className="font-medium text-blue-700 hover:underline"
                    >
                      {payment.customerName}
                    </Link>
                    <div className="break-all text-xs text-slate-600">{payment.customerEmail}</div>
                  </td>
                  <td data-label="Amount" className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">
                    {payment.amount}
                    {payment.kind !== "Payment" || payment.testPayment ? (
                      // Under the amount: "Compensation, bank transfer" is longer than the amount.
                      <span className="mt-1 flex flex-wrap gap-1 whitespace-normal text-xs font-semibold">
                        {payment.kind !== "Payment" ? (
                          <span
                            className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800"
                            data-testid="payment-kind"
                          >
                            {payment.kind}
                          </span>
                        ) : null}
                        {payment.testPayment ? (
                          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-900">Test</span>
                        ) : null}
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Status" className="px-4 py-3">
                    <StatusBadge status={payment.status} text={payment.statusText} />
                  </td>
                  <td data-label="Payment ID" className="break-all px-4 py-3 font-mono text-xs text-slate-700">
                    {payment.paymentId}
                  </td>
                  <td data-label="Date" className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {payment.date}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

type Details = AdminPaymentDetails | "missing";

export function DetailsPanel({ details, closeHref }: { details: Details; closeHref: string }) {
  const close = (
    <Link to={closeHref} preventScrollReset className="text-sm font-medium text-blue-700 hover:underline">
      Close
    </Link>
  );
  if (details === "missing") {
    return (
      <aside role="alert" className="h-fit rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-900">
        <p>{ADMIN_PAYMENT_MESSAGES.notFound}</p>
        <div className="mt-2">{close}</div>
      </aside>
    );
  }
  const rows: [string, ReactNode][] = [
    ["Customer", details.customerName],
    ["Email", details.customerEmail],
    ["Amount", details.testPayment ? `${details.amount} (${TEST_PAYMENT_NOTE})` : details.amount],
    ["Kind", details.kind],
    ["Method", details.method],
    ["Status", <StatusBadge key="status" status={details.status} text={details.statusText} />],
    [
      "Payment ID",
      <span key="id" className="break-all font-mono text-xs">
        {details.paymentId}
      </span>,
    ],
    ["Created", details.created],
    ["Updated", details.updated],
    ["Booking", details.booking?.reference ?? "No booking"],
    ["Booking status", details.booking ? statusLabel(details.booking.status.replace("_", " ")) : "N/A"],
  ];
  return (
    <aside
      aria-labelledby="payment-details-heading"
      data-testid="payment-details"
      className="h-fit rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="payment-details-heading" className="text-lg font-bold text-slate-900">
          Payment Details
        </h2>
        {close}
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd
              className="break-words text-slate-900 [overflow-wrap:anywhere]"
              data-testid={`detail-${label.toLowerCase().replace(/\s+/g, "-")}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {/* The booking's own details page (admin.bookings.$id.tsx), with its history. */}
      {details.booking ? (
        <Link
          to={`/admin/bookings/${encodeURIComponent(details.booking.id)}`}
          className="mt-4 inline-block rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
        >
          View Booking Details
        </Link>
      ) : null}
    </aside>
  );
}
