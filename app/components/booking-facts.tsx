import type { ReactNode } from "react";

/** A booking's move date, route, van and price, as the customer's booking pages list them. */
export function BookingFacts({
  booking,
  price,
  className,
}: {
  booking: {
    moveDateText: string;
    pickupAddress: string;
    deliveryAddress: string;
    /** "via 2 extra stops", when the route has them. */
    stopsText?: string | null;
    van: string;
  };
  price: ReactNode;
  className: string;
}) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] text-sm ${className}`}>
      <dt className="font-medium text-slate-600">Move date</dt>
      <dd className="text-slate-900">{booking.moveDateText}</dd>
      <dt className="font-medium text-slate-600">Route</dt>
      <dd className="break-words text-slate-900">
        {booking.pickupAddress}
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> to </span>
        {booking.deliveryAddress}
        {booking.stopsText ? (
          <span className="block text-slate-700" data-testid="booking-stops">
            {booking.stopsText}
          </span>
        ) : null}
      </dd>
      <dt className="font-medium text-slate-600">Van</dt>
      <dd className="text-slate-900">{booking.van}</dd>
      <dt className="font-medium text-slate-600">Price</dt>
      <dd className="font-semibold text-slate-900">{price}</dd>
    </dl>
  );
}
