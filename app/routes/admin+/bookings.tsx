import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { BookingsTable } from "~/components/admin/bookings-table";
import { Pagination } from "~/components/admin/pagination";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES } from "~/domain/booking-status";
import { adminBookingActionSchema, readBookingFilters } from "~/schemas/admin-bookings";
import { ADMIN_BOOKING_MESSAGES, SEARCH_TERM_MAX } from "~/schemas/admin-bookings-messages";
import { runAdminBookingAction } from "~/server/admin/booking-commands.server";
import { bookingRow, listBookings } from "~/server/admin/bookings.server";
import { requireAdmin, safeRedirect } from "~/server/auth/auth.server";
import { pageOf } from "~/server/platform/pagination.server";
import { answerWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import type { ToastInput } from "~/utils/toast";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Bookings",
    description: "Search bookings, change their status and assign drivers.",
    path: "/admin/bookings",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = readBookingFilters(url.searchParams);
  const list = await listBookings({ ...filters, page: pageOf(url).page });
  return { filters, bookings: list.rows.map(bookingRow), page: list.page };
}

const LIST_PATH = "/admin/bookings";

/** Where a no-JS post goes back to: the list (with its filters) or a booking's details. */
function backTo(value: FormDataEntryValue | null) {
  const target = safeRedirect(value, LIST_PATH);
  return target === LIST_PATH || target.startsWith(`${LIST_PATH}?`) || target.startsWith(`${LIST_PATH}/`)
    ? target
    : LIST_PATH;
}

// A row's status, or the driver chosen in a booking's panel: a fetcher with JavaScript, a plain
// post (then back to the list or the panel) without; either way the toast says how it went.
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: adminBookingActionSchema });
  let answer: { ok: boolean; httpStatus: number; toast: ToastInput };
  if (submission.status !== "success") {
    const problems = Object.values(submission.error ?? {})
      .flat()
      .filter(Boolean);
    const title =
      formData.get("intent") === "assign" ? ADMIN_BOOKING_MESSAGES.assignFailed : ADMIN_BOOKING_MESSAGES.updateFailed;
    answer = {
      ok: false,
      httpStatus: 400,
      toast: { title, description: problems[0] ?? ADMIN_BOOKING_MESSAGES.invalidAction, variant: "error" },
    };
  } else {
    answer = await runAdminBookingAction(admin.id, submission.value);
  }
  return answerWithToast(request, context, {
    toast: answer.toast,
    data: { ok: answer.ok },
    status: answer.httpStatus,
    redirectTo: backTo(formData.get("redirectTo")),
  });
}

export default function AdminBookings() {
  const { filters, bookings, page } = useLoaderData<typeof loader>();
  const location = useLocation();
  const filtered = Boolean(filters.searchTerm || filters.status);
  const here = `${location.pathname}${location.search}`;

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Bookings</h1>

      {/* A GET form, so a search is a linkable URL. */}
      <Form
        method="get"
        action={LIST_PATH}
        role="search"
        aria-label="Search bookings"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <Field
          id="searchTerm"
          name="searchTerm"
          type="search"
          label="Search"
          defaultValue={filters.searchTerm}
          maxLength={SEARCH_TERM_MAX}
          placeholder="Reference, customer, e-mail or address"
          className="min-w-64 flex-1"
        />
        <SelectField
          id="status"
          name="status"
          label="Status"
          defaultValue={filters.status ?? ""}
          options={[
            { value: "", label: "All statuses" },
            ...BOOKING_STATUSES.map((status) => ({ value: status, label: BOOKING_STATUS_LABELS[status] })),
          ]}
          className="w-48"
        />
        <Button type="submit">Search</Button>
        {filtered ? (
          <Link to={LIST_PATH} className="py-2 text-sm font-medium text-blue-700 hover:underline">
            Clear filters
          </Link>
        ) : null}
      </Form>

      <Outlet />

      <BookingsTable bookings={bookings} filtered={filtered} here={here} search={location.search} />
      <Pagination info={page} label="bookings" one="booking" />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      describe={() => ({ title: "Bookings unavailable", text: "The bookings could not be loaded." })}
      retryTo={LIST_PATH}
    />
  );
}
