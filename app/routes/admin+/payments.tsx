import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";

import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { Pagination } from "~/components/admin/pagination";
import { DetailsPanel, PaymentsTable, statusLabel } from "~/components/admin/payments-table";
import { GeneralErrorBoundary, usePageError } from "~/components/general-error-boundary";
import { useToast } from "~/components/toaster";

import { Field, SelectField } from "~/components/ui/field";
import { parsePaymentFilters } from "~/schemas/admin-payments";
import { ADMIN_PAYMENT_MESSAGES, PAYMENT_STATUSES, SEARCH_MAX } from "~/schemas/admin-payments-messages";
import { recordId } from "~/schemas/admin-users";
import { findPayment, listPayments, paymentDetailsView, paymentEntryView } from "~/server/admin/payments.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { pageOf } from "~/server/platform/pagination.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { useHrefWith } from "~/utils/use-href-with";

// Payment Tracking. The filters are a GET form, so a filtered list,
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
  const { entries, info } = await listPayments(filters, pageOf(url));
  const selectedId = url.searchParams.get("payment");
  const selected =
    selectedId && recordId(ADMIN_PAYMENT_MESSAGES.invalidId).safeParse(selectedId).success
      ? await findPayment(selectedId)
      : null;
  return {
    payments: entries.map(paymentEntryView),
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
          <BackToDashboard />
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

      <div className={`mt-6 grid gap-6 ${details ? "lg:grid-cols-[minmax(0,1fr)_22rem]" : ""}`}>
        <PaymentsTable
          payments={payments}
          openId={details !== null && details !== "missing" ? details.id : null}
          hrefOf={(id) => hrefWith({ payment: id })}
        />
        {details ? <DetailsPanel details={details} closeHref={hrefWith({ payment: null })} /> : null}
      </div>
      <Pagination info={info} label="payments" one="payment" />
    </>
  );
}

export function ErrorBoundary() {
  // The spec's toast for a load failure, beside the page's own error box.
  const reason = usePageError().reason ?? ADMIN_PAYMENT_MESSAGES.loadFailed;
  const toast = useToast();
  useEffect(() => {
    toast({ title: ADMIN_PAYMENT_MESSAGES.loadError, description: reason, variant: "error" });
  }, [reason, toast]);
  return (
    <GeneralErrorBoundary
      describe={() => ({ title: "Payment Tracking", text: `${ADMIN_PAYMENT_MESSAGES.loadError}: ${reason}` })}
      retryTo="/admin/payments"
    />
  );
}
