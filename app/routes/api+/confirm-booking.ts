// POST /api/confirm-booking {paymentIntentId | sessionId | bookingId, bookingDetails?} →
// {bookingId}: the provider is asked whether the payment succeeded (the client's word is not
// taken), the booking is marked paid once, and calling again changes nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { apiConfirmBookingSchema } from "~/schemas/checkout";
import { requireApiUser } from "~/server/auth/api-auth.server";
import { findBookingFor } from "~/server/bookings/bookings.server";
import { apiBookingAnswer } from "~/server/bookings/checkout-pages.server";
import { confirmPayment, outcomeIsConfirmed, paymentConfirmations } from "~/server/bookings/checkout.server";
import { apiError, enforceRateLimit, parseJsonBody, requireMethod } from "~/server/platform/api.server";
import type { Turn } from "~/server/platform/bulkhead.server";
import type { SessionUser } from "~/views/session-user";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  // In a burst of returns from paying, each waits its turn before it touches the database at
  // all (its session, its rate count), so the pages asked for meanwhile keep the pool.
  return paymentConfirmations(async (turn) => {
    const user = await requireApiUser(request);
    await enforceRateLimit(context);
    const query = await parseJsonBody(request, apiConfirmBookingSchema);
    return confirm(request, user, query, turn);
  });
}

async function confirm(
  request: Request,
  user: SessionUser,
  query: z.output<typeof apiConfirmBookingSchema>,
  turn: Turn,
) {
  if (query.bookingId && !(await findBookingFor(request, query.bookingId, user)))
    return apiError(404, PAYMENT_MESSAGES.noBooking);
  const result = await confirmPayment(query, turn);
  const booking = result.bookingId ? await findBookingFor(request, result.bookingId, user) : null;
  if (!booking) return apiError(404, PAYMENT_MESSAGES.noBooking);
  if (outcomeIsConfirmed(result.outcome))
    return Response.json({ success: true, confirmed: true, bookingId: booking.id, booking: apiBookingAnswer(booking) });
  if (result.outcome === "processing")
    return Response.json(
      {
        success: true,
        confirmed: false,
        status: "processing",
        message: PAYMENT_MESSAGES.processing,
        bookingId: booking.id,
      },
      { status: 202 },
    );
  if (result.outcome === "underpaid") return apiError(409, PAYMENT_MESSAGES.bookingError);
  return apiError(402, `${PAYMENT_MESSAGES.failed}: ${PAYMENT_MESSAGES.paypalFailed}`);
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
