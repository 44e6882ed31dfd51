// POST /api/create-payment-intent {bookingId, amount?, bookingDetails?} → {clientSecret}. The
// amount is the booking's price on the server; a number sent by the client is never used.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { apiPaymentIntentSchema } from "~/schemas/checkout";
import { requireApiUser } from "~/server/auth/api-auth.server";
import { findBookingFor } from "~/server/bookings/bookings.server";
import { startEmbeddedPayment } from "~/server/bookings/checkout.server";
import { answerPaymentCall } from "~/server/bookings/payment-refusals.server";
import { apiError, enforceRateLimit, parseJsonBody, requireMethod } from "~/server/platform/api.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  await enforceRateLimit(context);
  const body = await parseJsonBody(request, apiPaymentIntentSchema);
  const booking = await findBookingFor(request, body.bookingId, user);
  if (!booking) return apiError(404, PAYMENT_MESSAGES.noBooking);
  return answerPaymentCall(async () => {
    const email = body.bookingDetails?.customerEmail;
    const payment = await startEmbeddedPayment(booking, user, email ? { customerEmail: email } : {});
    return Response.json({ ...payment, amount: booking.finalPrice / 100, currency: "GBP" });
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
