import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Pagination } from "~/components/admin/pagination";
import { useToast } from "~/components/toaster";
import { Field, SelectField } from "~/components/ui/field";
import { TEST_PAYMENT_NOTE } from "~/domain/payments";
import { ADMIN_PAYMENT_MESSAGES, parsePaymentFilters, PAYMENT_STATUSES, SEARCH_MAX } from "~/schemas/admin-payments";
import { recordId } from "~/schemas/admin-users";
import { findPayment, listPayments, paymentDetailsView, paymentRowView } from "~/server/admin/payments.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { pageOf } from "~/server/platform/pagination.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

// Payment Tracking (spec/02 "Admin screens"). The filters are a GET form, so a filtered list,
// a page of it and an open payment (?payment=<id>) are all linkable URLs; Export to CSV
// downloads the same filtered list from /admin/payments.csv.
export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Payment Tracking",
    description: "Every {brand} payment, its status and its booking.",
    path: "/admin/payments",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const parsed = parsePaymentFilters(url);
  // A bad filter is said beside its field and left out, so the list still shows.
  const filters = parsed.success ? parsed.data : {};
  const filterErrors = parsed.success ? {} : parsed.error.flatten().fieldErrors;
  const { payments, info } = await listPayments(filters, pageOf(url));
  const selectedId = url.searchParams.get("payment");
  const selected =
    selectedId && recordId(ADMIN_PAYMENT_MESSAGES.invalidId).safeParse(selectedId).success
      ? await findPayment(selectedId)
      : null;
  return {
    payments: payments.map(paymentRowView),
    info,
    filters: { status: url.searchParams.get("status") ?? "", search: url.searchParams.get("search") ?? "" },
    filterErrors,
    details: selectedId === null ? null : selected ? paymentDetailsView(selected) : ("missing" as const),
  };
}

const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

function statusLabel(status: string) {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** spec/02 section 4: succeeded green, pending yellow, failed red, others grey. */
const BADGE_CLASSES: Record<string, string> = {
  succeeded: "bg-green-100 text-green-900 ring-green-600/30",
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-600/30",
  failed: "bg-red-100 text-red-900 ring-red-600/30",
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="payment-status"
      data-status={status}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE_CLASSES[status] ?? "bg-slate-100 text-slate-800 ring-slate-500/30"}`}
    >
      {statusLabel(status)}
    </span>
  );
}

/** The current URL with some query parameters changed (null removes one). */
function useHrefWith() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    return params.size > 0 ? `${location.pathname}?${params}` : location.pathname;
  };
}

export default function AdminPayments() {
  const { payments, info, filters, filterErrors, details } = useLoaderData<typeof loader>();
  const hrefWith = useHrefWith();
  const navigation = useNavigation();
  const exportParams = new URLSearchParams();
  if (filters.status && !filterErrors.status) exportParams.set("status", filters.status);
  if (filters.search && !filterErrors.search) exportParams.set("search", filters.search);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Payment Tracking</h1>
        <div className="flex gap-2">
          <a
            href={`/admin/payments.csv${exportParams.size > 0 ? `?${exportParams}` : ""}`}
            download
            className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
          >
            Export to CSV
          </a>
          <Link
            to="/admin/dashboard"
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Back to Dashboard
          </Link>
        </div>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Filter payments"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <SelectField
          id="payment-status"
          name="status"
          label="Status"
          defaultValue={filters.status}
          options={STATUS_OPTIONS}
          errors={filterErrors.status}
          className="w-48"
        />
        <Field
          id="payment-search"
          name="search"
          type="search"
          label="Search"
          placeholder="Name, e-mail, payment ID or booking ref"
          defaultValue={filters.search}
          maxLength={SEARCH_MAX}
          errors={filterErrors.search}
          className="min-w-64 flex-1"
        />
        <button
          type="submit"
          className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800"
        >
          {navigation.state === "loading" && navigation.location.pathname === "/admin/payments"
            ? "Filtering…"
            : "Filter"}
        </button>
        {filters.status || filters.search ? (
          <Link to="/admin/payments" className="px-2 py-2 text-sm font-medium text-blue-700 hover:underline">
            Clear filters
          </Link>
        ) : null}
      </Form>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
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
                  const open = details !== null && details !== "missing" && details.id === payment.id;
                  return (
                    <tr
                      key={payment.id}
                      data-testid="payment-row"
                      aria-current={open || undefined}
                      className={open ? "bg-blue-50" : undefined}
                    >
                      <td className="px-4 py-3">
                        <Link
                          to={hrefWith({ payment: payment.id })}
                          preventScrollReset
                          className="font-medium text-blue-700 hover:underline"
                        >
                          {payment.customerName}
                        </Link>
                        <div className="text-xs text-slate-600">{payment.customerEmail}</div>
                      </td>
                      <td className="px-4 py-3 font-medium text-slate-900">
                        {payment.amount}
                        {payment.testPayment ? (
                          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                            Test
                          </span>
                        ) : null}
                      </td>
                      <td className="px-4 py-3">
                        <StatusBadge status={payment.status} />
                      </td>
                      <td className="px-4 py-3 font-mono text-xs text-slate-700">{payment.paymentId}</td>
                      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{payment.date}</td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
        {details ? <DetailsPanel details={details} closeHref={hrefWith({ payment: null })} /> : null}
      </div>
      <Pagination info={info} label="payments" />
    </>
  );
}

type Details = Exclude<Awaited<ReturnType<typeof loader>>["details"], null>;

function DetailsPanel({ details, closeHref }: { details: Details; closeHref: string }) {
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
    ["Method", details.method],
    ["Status", <StatusBadge key="status" status={details.status} />],
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
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="text-slate-900" data-testid={`detail-${label.toLowerCase().replace(/\s+/g, "-")}`}>
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

// spec/02 section 8: "Error loading payments" with the message, or "Failed to load payment data".
export function ErrorBoundary() {
  const error = useRouteError();
  const toast = useToast();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || "Error"}`
    : error instanceof Error && error.message
      ? error.message
      : ADMIN_PAYMENT_MESSAGES.loadFailed;
  useEffect(() => {
    toast({ title: ADMIN_PAYMENT_MESSAGES.loadError, description: message, variant: "error" });
  }, [message, toast]);
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-bold text-red-900">Payment Tracking</h1>
      <p className="mt-2 text-red-800">
        {ADMIN_PAYMENT_MESSAGES.loadError}: {message}
      </p>
      <Link
        to="/admin/payments"
        reloadDocument
        className="mt-4 inline-block rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
      >
        Retry
      </Link>
    </div>
  );
}
