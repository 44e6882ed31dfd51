// The admin's bookings list: a row per booking, each with its status form (a fetcher with
// JavaScript, a plain post without; it posts to /admin/bookings) and a link to assign its
// driver in the booking's panel, which offers the drivers nearest the pickup.
import { Link, useFetcher } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PaymentStateBadge } from "~/components/admin/booking-badges";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, DRIVER_ASSIGNABLE_STATUSES } from "~/domain/booking-status";
import type { AdminBookingRow } from "~/views/admin";

const LIST_PATH = "/admin/bookings";

export function BookingsTable({
  bookings,
  filtered,
  here,
  search,
}: {
  bookings: AdminBookingRow[];
  filtered: boolean;
  here: string;
  search: string;
}) {
  return (
    <>
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
        <ScrollRegion label="Bookings" className="mt-6 rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="stacked-table min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Bookings, newest first</caption>
            <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
              <tr>
                {["Booking", "Customer", "Route", "Move", "Price", "Status", "Driver"].map((heading) => (
                  <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {bookings.map((booking) => (
                <BookingTableRow key={booking.id} booking={booking} here={here} search={search} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}

function BookingTableRow({ booking, here, search }: { booking: AdminBookingRow; here: string; search: string }) {
  return (
    <tr data-testid="booking-row" data-reference={booking.reference} className="align-top">
      {/* Seven columns, each pairing facts read together, so the table fits a laptop's window
          (1,280 px) with the driver's Assign button in view. */}
      <th scope="row" data-label="Booking" className="whitespace-nowrap px-3 py-3 font-semibold">
        <Link
          to={`${LIST_PATH}/${booking.id}${search}`}
          className="text-blue-700 hover:underline"
          aria-label={`${booking.reference} details`}
        >
          {booking.reference}
        </Link>
        <span className="block text-xs font-normal text-slate-600">
          <span className="sr-only">Created </span>
          {booking.createdText}
        </span>
      </th>
      <td data-label="Customer" className="max-w-48 px-3 py-3">
        {booking.customer ? (
          <>
            <span className="block font-medium text-slate-900">{booking.customer.username}</span>
            <span className="block break-all text-slate-600">{booking.customer.email}</span>
          </>
        ) : (
          <span className="text-slate-600">Not given yet</span>
        )}
      </td>
      <td data-label="Route" className="min-w-48 px-3 py-3 text-slate-700">
        {booking.pickupAddress}
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> to </span>
        {booking.deliveryAddress}
        {booking.stopsText ? (
          <span className="block text-xs font-medium text-slate-600" data-testid="booking-stops">
            {booking.stopsText}
          </span>
        ) : null}
      </td>
      <td data-label="Move" className="px-3 py-3 text-slate-700">
        <span className="block whitespace-nowrap">{booking.moveDateText}</span>
        <span className="block whitespace-nowrap text-slate-600">{booking.van}</span>
      </td>
      <td data-label="Price" className="px-3 py-3">
        <span className="block whitespace-nowrap font-medium text-slate-900">{booking.priceText}</span>
        <PaymentStateBadge state={booking.paymentState} />
      </td>
      <td data-label="Status" className="px-3 py-3">
        <StatusForm booking={booking} here={here} />
      </td>
      <td data-label="Driver" className="px-3 py-3">
        <span className="block font-medium text-slate-900" data-testid="booking-driver">
          {booking.driver?.name ?? "Unassigned"}
        </span>
        {booking.dispatchText ? (
          <span
            className={`block text-xs ${booking.needsDriver ? "font-semibold text-red-800" : "text-slate-600"}`}
            data-testid="booking-dispatch"
          >
            {booking.dispatchText}
          </span>
        ) : null}
        {DRIVER_ASSIGNABLE_STATUSES.includes(booking.status) ? (
          <Link
            to={`${LIST_PATH}/${booking.id}${search}#assign`}
            className="mt-1 inline-block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-xs font-semibold text-slate-800 hover:bg-slate-50"
          >
            {booking.driver ? "Reassign" : "Assign"}
            <span className="sr-only"> driver to {booking.reference}</span>
          </Link>
        ) : null}
      </td>
    </tr>
  );
}

const smallControl =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30";

/** The status dropdown: saves on change with JavaScript, with a Save button without. */
function StatusForm({ booking, here }: { booking: AdminBookingRow; here: string }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const hydrated = useHydrated();
  // While saving (and until the list reloads) show the chosen status; a failure falls back.
  const pendingStatus = fetcher.formData?.get("status");
  const value = typeof pendingStatus === "string" ? pendingStatus : booking.status;
  const saving = fetcher.state !== "idle";
  const id = `status-${booking.id}`;
  return (
    <fetcher.Form
      method="post"
      action={LIST_PATH}
      className="flex flex-wrap items-center gap-2"
      aria-busy={saving || undefined}
    >
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
