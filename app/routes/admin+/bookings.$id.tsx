import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { BookingStatusBadge, PaymentStateBadge } from "~/components/admin/booking-badges";
import { ADMIN_BOOKING_MESSAGES, RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { bookingDetails } from "~/server/admin/bookings.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { supportRequestsFor } from "~/server/bookings/support-requests.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

// A booking's details and history, shown above the list at its own URL
// (/admin/bookings/:id, keeping the list's search), so it can be linked to.
export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  seo({
    title: data ? `Booking ${data.booking.reference}` : "Booking",
    description: "A booking's details and the history of its changes.",
    path: `/admin/bookings/${params.id ?? ""}`,
    matches,
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const booking = RECORD_ID_PATTERN.test(id) ? await bookingDetails(id) : null;
  if (!booking)
    throw new Response(ADMIN_BOOKING_MESSAGES.bookingNotFound, {
      status: 404,
      statusText: ADMIN_BOOKING_MESSAGES.bookingNotFound,
    });
  return { booking, supportRequests: await supportRequestsFor(booking.id) };
}

function Panel({ labelledBy, children }: { labelledBy: string; children: React.ReactNode }) {
  const { search } = useLocation();
  return (
    <section
      aria-labelledby={labelledBy}
      className="mt-6 rounded-xl border border-blue-200 bg-white p-5 shadow-sm"
      data-testid="booking-details"
    >
      {children}
      <Link
        to={`/admin/bookings${search}`}
        className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline"
      >
        Close details
      </Link>
    </section>
  );
}

export default function AdminBookingDetails() {
  const { booking, supportRequests } = useLoaderData<typeof loader>();
  const facts: [string, React.ReactNode][] = [
    ["Customer", booking.customer ? `${booking.customer.username} (${booking.customer.email})` : "Not given yet"],
    ["Phone", booking.customerPhone ?? "Not given"],
    ["Pickup", booking.pickupAddress],
    ["Delivery", booking.deliveryAddress],
    ["Move date", booking.moveDateText],
    ["Van", `${booking.van}, ${booking.helpers} helper${booking.helpers === 1 ? "" : "s"}`],
    ["Distance", booking.distanceText],
    ["Price", booking.priceText],
    ["Payment", <PaymentStateBadge key="payment" state={booking.paymentState} />],
    ["Status", <BookingStatusBadge key="status" status={booking.status} />],
    ["Driver", booking.driver?.name ?? "Unassigned"],
    ["Tracking", booking.trackingStatus ?? "Not started"],
    ["Created", booking.createdText],
    ["Last changed", booking.updatedText],
    ...(booking.cancelledText ? [["Cancelled", booking.cancelledText] as [string, string]] : []),
    ...(booking.specialRequirements ? [["Special requirements", booking.specialRequirements] as [string, string]] : []),
  ];
  return (
    <Panel labelledBy="booking-details-heading">
      <h2 id="booking-details-heading" className="text-xl font-bold text-slate-900">
        Booking {booking.reference}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {booking.payments.length > 0 ? (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900">Payments</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {booking.payments.map((payment) => (
              <li key={payment.id}>
                {payment.createdText}: {payment.amountText} by {payment.provider}, {payment.status}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h3 className="mt-6 text-base font-semibold text-slate-900">Help requests</h3>
      {supportRequests.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No help requests from the tracker.</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm" data-testid="booking-support-requests">
          {supportRequests.map((request) => (
            <li
              key={request.id}
              className="border-l-2 border-slate-200 pl-3"
              data-kind={request.kind}
              data-status={request.status}
            >
              <span className="font-medium text-slate-900">{request.kindText}</span>{" "}
              <span
                className={
                  request.status === "open"
                    ? "rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900"
                    : "rounded bg-slate-100 px-1.5 text-xs font-semibold text-slate-700"
                }
              >
                {request.status === "open" ? "Open" : "Resolved"}
              </span>
              <span className="block whitespace-pre-line break-words text-slate-800">{request.message}</span>
              {request.latitude !== null && request.longitude !== null ? (
                <a
                  href={`https://www.openstreetmap.org/?mlat=${request.latitude}&mlon=${request.longitude}#map=17/${request.latitude}/${request.longitude}`}
                  target="_blank"
                  rel="noreferrer"
                  className="block text-blue-700 hover:underline"
                >
                  {request.latitude.toFixed(5)}, {request.longitude.toFixed(5)} (map)
                </a>
              ) : null}
              <span className="block text-slate-600">
                from {request.from}, <time dateTime={request.createdAt}>{request.createdText}</time>
              </span>
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-6 text-base font-semibold text-slate-900">History</h3>
      {booking.history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No changes recorded yet.</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm" data-testid="booking-history">
          {booking.history.map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
              <span className="font-medium text-slate-900">{entry.text}</span>
              <span className="block text-slate-600">
                by {entry.by}, <time dateTime={entry.at}>{entry.atText}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Panel labelledBy="booking-details-error">
      <h2 id="booking-details-error" role="alert" className="text-lg font-semibold text-red-800">
        {notFound ? ADMIN_BOOKING_MESSAGES.bookingNotFound : "The booking could not be loaded."}
      </h2>
    </Panel>
  );
}
