// The booking as every checkout page, the confirmation and the receipt show it.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CoverFacts } from "~/components/cover-facts";
import { PriceBreakdown } from "~/components/quote/price-breakdown";
import { RouteEntries } from "~/components/quote/route-stops";
import { PAYMENT_MESSAGES, TEST_PAYMENT_NOTE } from "~/domain/payments";
import type { BookingView } from "~/views/booking";

export function BookingDetails({ booking }: { booking: BookingView }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="booking-details">
      <RouteEntries
        pickupAddress={booking.pickupAddress}
        deliveryAddress={booking.deliveryAddress}
        stops={booking.stops}
      />
      <div>
        <dt className="text-slate-600">Moving date</dt>
        <dd>
          {booking.moveDateText} at {booking.moveTime}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Van</dt>
        <dd>
          {booking.van}, {booking.helpersText}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Distance</dt>
        <dd>{booking.distance}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Estimated time</dt>
        <dd>{booking.estimatedTime}</dd>
      </div>
    </dl>
  );
}

function BookingPrice({ booking, testIdPrefix = "booking" }: { booking: BookingView; testIdPrefix?: string }) {
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <PriceBreakdown lines={booking.breakdown} legs={booking.legs} testId={`${testIdPrefix}-breakdown`} />
      <p className="mt-3 flex items-baseline justify-end gap-3">
        {booking.originalTotal ? (
          <s className="text-slate-500" data-testid="original-total">
            {booking.originalTotal}
          </s>
        ) : null}
        <span className="text-2xl font-extrabold" data-testid={`${testIdPrefix}-total`}>
          {booking.total}
        </span>
      </p>
      {booking.paid && booking.testPayment ? (
        <p className="text-right text-sm font-semibold text-amber-900" data-testid="test-payment">
          Paid by {TEST_PAYMENT_NOTE}
        </p>
      ) : null}
      {booking.discount ? (
        <p className="text-right text-sm text-green-800" data-testid="applied-discount">
          {booking.discount.code}: {booking.discount.percent}% off
        </p>
      ) : null}
      <CoverFacts cover={booking.cover} className="mt-3" />
    </div>
  );
}

/** The summary card at the top of each payment page. */
export function BookingSummary({
  booking,
  children,
  testIdPrefix = "booking",
}: {
  booking: BookingView;
  children?: ReactNode;
  testIdPrefix?: string;
}) {
  return (
    <section
      aria-labelledby="booking-summary"
      className="rounded-xl border border-slate-200 bg-white p-6"
      data-testid={`${testIdPrefix}-summary`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="booking-summary" className="text-xl font-semibold">
          Booking summary
        </h2>
        <p className="text-sm text-slate-600">
          Reference <span className="font-mono font-semibold text-slate-900">{booking.reference}</span>
        </p>
      </div>
      <div className="mt-4">
        <BookingDetails booking={booking} />
      </div>
      <BookingPrice booking={booking} testIdPrefix={testIdPrefix} />
      {children}
    </section>
  );
}

/** the checkout's error card, with the way back home. */
export function CheckoutErrorCard({
  title = "No quote found",
  message = "Please generate a quote first.",
  children,
}: {
  title?: string;
  message?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-xl border border-red-200 bg-red-50 p-6" role="alert" data-testid="checkout-error">
        <h1 className="text-2xl font-bold text-red-900">{title}</h1>
        <p className="mt-2 text-red-900">{message}</p>
        {children}
        <Link
          to="/#quote"
          className="mt-4 inline-block rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800"
        >
          Back to Home
        </Link>
      </div>
    </div>
  );
}

/** Production without payment keys takes no money, and says so instead of offering to. */
export function PaymentsUnavailable() {
  return (
    <p
      role="status"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900"
      data-testid="payments-unavailable"
    >
      {PAYMENT_MESSAGES.unavailable}
    </p>
  );
}

/** The sandbox provider says so wherever it takes a payment. */
export function TestModeBanner() {
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950"
      data-testid="test-mode"
    >
      Test mode: no real money moves. Pay with 4242 4242 4242 4242, any future expiry and any CVC.
    </p>
  );
}
