// The error card of a customer's booking pages (the tracker, help, rating): "Booking not
// found" for a booking that is not there or not theirs (404), the outage message for a 503,
// otherwise the page's own failure title. Each offers the way back to their bookings.
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

export function BookingPageError({ failedTitle }: { failedTitle: string }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const outageMessage =
    isRouteErrorResponse(error) && status === 503 && typeof error.data === "string" ? error.data : null;
  const [title, text] =
    status === 404
      ? [
          "Booking not found",
          "We couldn't find that booking for your account. Check the link, or open it from your bookings.",
        ]
      : outageMessage
        ? ["Back in a moment", outageMessage]
        : [failedTitle, "Please try again in a moment."];
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <div role="alert">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-700">{text}</p>
      </div>
      <Link
        to="/bookings"
        className="mt-6 inline-block rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
      >
        My bookings
      </Link>
    </div>
  );
}
