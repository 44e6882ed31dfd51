// POST /paypal/order { bookingId, amount?, currency?, intent? } → { id }.
// The order is for the booking's own price in GBP: an amount the client sends is never used.
// The caller (session cookie or bearer token) must be allowed to pay for the booking.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { CHECKOUT_MESSAGES } from "~/schemas/checkout-messages";
import { requireApiUser } from "~/server/auth/api-auth.server";
import { findBookingFor } from "~/server/bookings/bookings.server";
import { startPayPalOrder } from "~/server/bookings/checkout.server";
import { answerPaymentCall } from "~/server/bookings/payment-refusals.server";
import { paypalConfigured } from "~/server/payments/paypal.server";
import { apiError, enforceRateLimit, parseJsonBody, requireMethod } from "~/server/platform/api.server";
import { PAYPAL_NOT_CONFIGURED } from "./paypal.setup";

export const BOOKING_NOT_FOUND = "Booking not found";

// amount, currency and intent are the API's fields; they are read past, never trusted.
const orderBody = z.object({
  bookingId: z
    .string({ required_error: CHECKOUT_MESSAGES.bookingRequired })
    .trim()
    .min(1, CHECKOUT_MESSAGES.bookingRequired)
    .max(64),
});

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await enforceRateLimit(context);
  const user = await requireApiUser(request);
  if (!(await paypalConfigured())) return apiError(503, PAYPAL_NOT_CONFIGURED);
  const { bookingId } = await parseJsonBody(request, orderBody, { form: true });
  const booking = await findBookingFor(request, bookingId, user);
  if (!booking) return apiError(404, BOOKING_NOT_FOUND);
  return answerPaymentCall(async () => {
    const order = await startPayPalOrder(booking, user);
    return Response.json({ id: order.id });
  });
}

// A GET gets a 405 that names POST.
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
