// /bookings: the signed-in customer's bookings, newest first, with a link to each one's
// tracker and, while it may still be cancelled, to the cancellation step. Drivers have their
// jobs at /driver and admins every booking at /admin/bookings.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PaymentStateBadge, BookingStatusBadge } from "~/components/admin/booking-badges";
import { Pagination } from "~/components/admin/pagination";
import { BookingFacts } from "~/components/booking-facts";
import {
  CUSTOMER_BOOKINGS_PAGE_SIZE,
  listCustomerBookings,
  type CustomerBookingRow,
} from "~/routes/_bookings+/customer-bookings.server";
import { requireUser } from "~/server/auth/auth.server";
import { pageOf } from "~/server/platform/pagination.server";
import { seo } from "~/utils/seo";
import { trackerPath } from "~/utils/tracker-path";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "My bookings",
    description: "Your moves with {brand}: track them or cancel them.",
    path: "/bookings",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.role === "driver") throw redirect("/driver");
  if (user.role === "admin") throw redirect("/admin/bookings");
  return listCustomerBookings(user.id, pageOf(new URL(request.url), CUSTOMER_BOOKINGS_PAGE_SIZE));
}

export default function Bookings() {
  const { bookings, info } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">My bookings</h1>
        {bookings.length > 0 ? (
          <Link to="/#quote" className="text-sm font-semibold text-blue-700 hover:underline">
            Get a new quote
          </Link>
        ) : null}
      </div>
      {bookings.length === 0 ? (
        <div
          className="mt-8 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
          data-testid="bookings-empty"
        >
          <h2 className="text-xl font-semibold text-slate-900">No bookings yet</h2>
          <p className="mt-2 text-slate-700">
            When you book a move, it appears here, so you can track it and talk to your driver.
          </p>
          <Link
            to="/#quote"
            className="mt-6 inline-block rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800"
          >
            Get a quote
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-6 space-y-4" aria-label="Your bookings, newest first">
            {bookings.map((booking) => (
              <BookingCard key={booking.id} booking={booking} />
            ))}
          </ul>
          {info.pages > 1 ? <Pagination info={info} label="bookings" one="booking" /> : null}
        </>
      )}
    </div>
  );
}

function BookingCard({ booking }: { booking: CustomerBookingRow }) {
  return (
    <li
      data-testid="booking-card"
      data-reference={booking.reference}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900">{booking.reference}</h2>
        <div className="flex flex-wrap gap-2">
          <BookingStatusBadge status={booking.status} />
          <PaymentStateBadge state={booking.paymentState} />
        </div>
      </div>
      <BookingFacts
        booking={booking}
        className="mt-4 gap-x-4 gap-y-2 sm:gap-x-6"
        price={
          <>
            {booking.priceText}
            {booking.refundedText ? (
              <span className="ml-2 font-normal text-slate-700">({booking.refundedText} refunded)</span>
            ) : null}
          </>
        }
      />
      <div className="mt-4 flex flex-wrap gap-3 border-t border-slate-100 pt-4">
        {booking.payable ? (
          <Link
            to={`/checkout?booking=${booking.id}`}
            className="rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800"
            aria-label={`Pay for ${booking.reference}`}
          >
            Pay now
          </Link>
        ) : null}
        <Link
          to={trackerPath(booking.id)}
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
          aria-label={`Track ${booking.reference}`}
        >
          Track
        </Link>
        {booking.invoiceable ? (
          <Link
            to={`/bookings/${booking.id}/invoice`}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            aria-label={`VAT invoice for ${booking.reference}`}
          >
            VAT invoice
          </Link>
        ) : null}
        {booking.claimable || booking.hasClaims ? (
          <Link
            to={`/bookings/${booking.id}/claim`}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            aria-label={`${booking.claimable ? "Make a claim" : "Claims"} for ${booking.reference}`}
          >
            {booking.claimable ? "Make a claim" : "Claims"}
          </Link>
        ) : null}
        {booking.cancellable ? (
          <Link
            to={`/bookings/${booking.id}/cancel`}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
            aria-label={`Cancel ${booking.reference}`}
          >
            Cancel
          </Link>
        ) : null}
      </div>
    </li>
  );
}
