// What every payment page's loader and action start with: a signed-in customer (else the sign-in
// page, which comes back here) and a booking they may pay for.
import { isoDateOf } from "~/domain/uk-calendar";
import { getSessionUser, requireUser } from "~/server/auth/auth.server";
import { bookingView, claimBooking, findBookingFor, type BookingRecord } from "~/server/bookings/bookings.server";
import type { SessionUser } from "~/views/session-user";

function bookingIdOf(request: Request, formData?: FormData) {
  const fromForm = formData?.get("bookingId");
  return typeof fromForm === "string" ? fromForm : new URL(request.url).searchParams.get("booking");
}

/**
 * For pages a visitor may see before signing in (/checkout, /embedded-checkout). A booking made
 * before signing in becomes the customer's as soon as they are signed in on this browser.
 */
export async function loadBookingForVisitor(request: Request) {
  const user = await getSessionUser(request);
  const found = await findBookingFor(request, bookingIdOf(request), user);
  const booking = found && user?.role === "customer" ? await claimBooking(found, user) : found;
  return { user, booking, view: booking ? bookingView(booking) : null };
}

/** For pages and actions that pay: signed in first, then the booking (null when not theirs). */
export async function loadBookingToPay(
  request: Request,
  formData?: FormData,
): Promise<{ user: SessionUser; booking: BookingRecord | null }> {
  const user = await requireUser(request);
  const booking = await findBookingFor(request, bookingIdOf(request, formData), user);
  return { user, booking };
}

/** A booking as the JSON API answers it: amounts in pounds, as everywhere in the API. */
export function apiBookingAnswer(booking: BookingRecord) {
  return {
    id: booking.id,
    bookingId: booking.id,
    reference: booking.reference,
    status: booking.status,
    paymentState: booking.paymentState,
    pickupAddress: booking.pickupAddress,
    deliveryAddress: booking.deliveryAddress,
    moveDate: isoDateOf(booking.moveDate),
    vanSize: booking.vanSize,
    price: booking.finalPrice / 100,
    originalPrice: booking.originalPrice / 100,
    currency: "GBP",
    // docs/PRICING.md v3: only with extended cover, as in the quote's answer.
    ...(booking.declaredValue !== null
      ? { declaredValue: booking.declaredValue, coverFee: booking.coverFee / 100 }
      : {}),
  };
}
