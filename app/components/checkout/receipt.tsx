// The confirmed booking and its payment, as the confirmation page, the printable receipt and
// the e-mail show it.
import { PriceBreakdown } from "~/components/quote/price-breakdown";
import type { BookingView } from "~/views/booking";
import { BookingDetails } from "./booking-summary";

export function Receipt({ booking }: { booking: BookingView }) {
  return (
    <div className="space-y-5" data-testid="receipt">
      <p className="text-lg">
        Booking reference{" "}
        <strong className="font-mono" data-testid="booking-reference">
          {booking.reference}
        </strong>
      </p>
      <BookingDetails booking={booking} />
      <section aria-labelledby="payment-summary" className="border-t border-slate-200 pt-4">
        <h2 id="payment-summary" className="text-lg font-semibold">
          Payment summary
        </h2>
        <PriceBreakdown lines={booking.breakdown} legs={booking.legs} className="mt-2" testId="receipt-breakdown" />
        {booking.discount ? (
          <p className="mt-1 text-sm text-green-800">
            Discount {booking.discount.code}: {booking.discount.percent}% off (was {booking.originalTotal})
          </p>
        ) : null}
        <p className="mt-3 flex justify-between text-xl font-extrabold">
          <span>Paid</span>
          <span data-testid="receipt-total">{booking.total}</span>
        </p>
        <p className="mt-2 text-sm print:hidden">
          <a href={`/bookings/${booking.id}/invoice`} className="font-semibold text-blue-700 underline">
            VAT invoice (PDF)
          </a>
          <span className="text-slate-600"> for a business, with your company name and billing address</span>
        </p>
      </section>
    </div>
  );
}
