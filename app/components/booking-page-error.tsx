// The error page of a customer's booking pages (the tracker, help, rating): "Booking not
// found" for a booking that is not there or not theirs (404), the outage message for a 503,
// otherwise the page's own failure title. Each offers the way back to their bookings.
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export function BookingPageError({ failedTitle }: { failedTitle: string }) {
  return (
    <GeneralErrorBoundary
      centred
      describe={({ status, said }) =>
        status === 404
          ? {
              title: "Booking not found",
              text: "We couldn't find that booking for your account. Check the link, or open it from your bookings.",
            }
          : status === 503 && said
            ? { title: "Back in a moment", text: said }
            : { title: failedTitle, text: "Please try again in a moment." }
      }
      actions={
        <Link
          to="/bookings"
          className="inline-block rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
        >
          My bookings
        </Link>
      }
    />
  );
}
