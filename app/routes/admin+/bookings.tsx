import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PaymentStateBadge } from "~/components/admin/booking-badges";
import { Pagination } from "~/components/admin/pagination";
import { Button, StatusButton } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, DRIVER_ASSIGNABLE_STATUSES } from "~/domain/booking-status";
import {
  adminBookingActionSchema,
  ADMIN_BOOKING_MESSAGES,
  readBookingFilters,
  SEARCH_TERM_MAX,
} from "~/schemas/admin-bookings";
import {
  approvedDrivers,
  bookingRow,
  listBookings,
  runAdminBookingAction,
  type AdminBookingRow,
} from "~/server/admin/bookings.server";
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
  const [list, drivers] = await Promise.all([listBookings({ ...filters, page: pageOf(url).page }), approvedDrivers()]);
  return { filters, bookings: list.rows.map(bookingRow), page: list.page, drivers };
}

const LIST_PATH = "/admin/bookings";

/** Where a no-JS post goes back to: the list (with its filters) or a booking's details. */
function backTo(value: FormDataEntryValue | null) {
  const target = safeRedirect(value, LIST_PATH);
  return target === LIST_PATH || target.startsWith(`${LIST_PATH}?`) || target.startsWith(`${LIST_PATH}/`)
    ? target
    : LIST_PATH;
}

// A row's status or driver: a fetcher with JavaScript, a plain post (then back to the list)
// without; either way the toast says how it went.
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
  const { filters, bookings, page, drivers } = useLoaderData<typeof loader>();
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

      {/* The table's card is relative so the rows' screen-reader labels (absolutely placed)
          stay inside its scroller instead of widening the page. */}
      {bookings.length === 0 ? (
        <div
          className="mt-6 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
          data-testid="bookings-empty"
        >
          <h2 className="text-lg font-semibold text-slate-900">No bookings found</h2>
          <p className="mt-1 text-slate-700">
            {filtered
              ? "No bookings match this search. Try other words or another status."
              : "No bookings have been made yet."}
          </p>
        </div>
      ) : (
        <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Bookings, newest first</caption>
            <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
              <tr>
                {[
                  "Reference",
                  "Created",
                  "Customer",
                  "Route",
                  "Move date",
                  "Van",
                  "Price",
                  "Payment",
                  "Status",
                  "Driver",
                ].map((heading) => (
                  <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {bookings.map((booking) => (
                <BookingTableRow
                  key={booking.id}
                  booking={booking}
                  drivers={drivers}
                  here={here}
                  search={location.search}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination info={page} label="bookings" />
    </>
  );
}

type Driver = { id: string; name: string; location: string };

function BookingTableRow({
  booking,
  drivers,
  here,
  search,
}: {
  booking: AdminBookingRow;
  drivers: Driver[];
  here: string;
  search: string;
}) {
  return (
    <tr data-testid="booking-row" data-reference={booking.reference} className="align-top">
      <th scope="row" className="whitespace-nowrap px-3 py-3 font-semibold">
        <Link
          to={`${LIST_PATH}/${booking.id}${search}`}
          className="text-blue-700 hover:underline"
          aria-label={`${booking.reference} details`}
        >
          {booking.reference}
        </Link>
      </th>
      <td className="whitespace-nowrap px-3 py-3 text-slate-700">{booking.createdText}</td>
      <td className="px-3 py-3">
        {booking.customer ? (
          <>
            <span className="block font-medium text-slate-900">{booking.customer.username}</span>
            <span className="block break-all text-slate-600">{booking.customer.email}</span>
          </>
        ) : (
          <span className="text-slate-600">Not given yet</span>
        )}
      </td>
      <td className="min-w-56 px-3 py-3 text-slate-700">
        {booking.pickupAddress}
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> to </span>
        {booking.deliveryAddress}
      </td>
      <td className="whitespace-nowrap px-3 py-3 text-slate-700">{booking.moveDateText}</td>
      <td className="whitespace-nowrap px-3 py-3 text-slate-700">{booking.van}</td>
      <td className="whitespace-nowrap px-3 py-3 font-medium text-slate-900">{booking.priceText}</td>
      <td className="px-3 py-3">
        <PaymentStateBadge state={booking.paymentState} />
      </td>
      <td className="px-3 py-3">
        <StatusForm booking={booking} here={here} />
      </td>
      <td className="min-w-52 px-3 py-3">
        <span className="block font-medium text-slate-900" data-testid="booking-driver">
          {booking.driver?.name ?? "Unassigned"}
        </span>
        {DRIVER_ASSIGNABLE_STATUSES.includes(booking.status) ? (
          <AssignDriverForm booking={booking} drivers={drivers} here={here} />
        ) : null}
      </td>
    </tr>
  );
}

const smallControl =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30";

/** The status dropdown: saves on change with JavaScript, with a Save button without. */
function StatusForm({ booking, here }: { booking: AdminBookingRow; here: string }) {
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  // While saving (and until the list reloads) show the chosen status; a failure falls back.
  const pendingStatus = fetcher.formData?.get("status");
  const value = typeof pendingStatus === "string" ? pendingStatus : booking.status;
  const saving = fetcher.state !== "idle";
  const id = `status-${booking.id}`;
  return (
    <fetcher.Form method="post" action={LIST_PATH} className="flex items-center gap-2" aria-busy={saving || undefined}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <input type="hidden" name="redirectTo" value={here} />
      <label htmlFor={id} className="sr-only">
        Status of {booking.reference}
      </label>
      <select
        id={id}
        name="status"
        value={value}
        className={smallControl}
        onChange={(event) => fetcher.submit(event.currentTarget.form, { method: "post", action: LIST_PATH })}
      >
        {BOOKING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {BOOKING_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      {hydrated ? (
        saving ? (
          <span className="text-xs text-slate-600">Saving…</span>
        ) : null
      ) : (
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-xs font-semibold text-slate-800 hover:bg-slate-50"
        >
          Save<span className="sr-only"> status of {booking.reference}</span>
        </button>
      )}
    </fetcher.Form>
  );
}

/** Assign an approved driver (pending → assigned). */
function AssignDriverForm({ booking, drivers, here }: { booking: AdminBookingRow; drivers: Driver[]; here: string }) {
  const fetcher = useFetcher<typeof action>();
  if (drivers.length === 0) return <p className="mt-1 text-xs text-slate-600">No approved drivers yet.</p>;
  const id = `driver-${booking.id}`;
  return (
    <fetcher.Form method="post" action={LIST_PATH} className="mt-1 flex items-center gap-2">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <input type="hidden" name="redirectTo" value={here} />
      <label htmlFor={id} className="sr-only">
        Driver for {booking.reference}
      </label>
      <select
        id={id}
        name="driverId"
        defaultValue={booking.driver?.id ?? ""}
        required
        className={`${smallControl} max-w-40`}
      >
        <option value="" disabled>
          Choose a driver
        </option>
        {drivers.map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.name} ({driver.location})
          </option>
        ))}
      </select>
      <StatusButton
        pending={fetcher.state !== "idle"}
        pendingText="Assigning…"
        variant="secondary"
        className="px-2 py-1.5 text-xs"
      >
        {booking.driver ? "Reassign" : "Assign"}
        <span className="sr-only"> driver to {booking.reference}</span>
      </StatusButton>
    </fetcher.Form>
  );
}

export function ErrorBoundary() {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-bold text-red-900">Bookings unavailable</h1>
      <p className="mt-2 text-red-800">The bookings could not be loaded.</p>
      <Link
        to={LIST_PATH}
        reloadDocument
        className="mt-4 inline-block rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
      >
        Retry
      </Link>
    </div>
  );
}
