// POST /api/create-stripe-checkout-session {bookingId, customerEmail, customerName,
// customerPhone, specialRequirements} → {url}: the hosted payment page for the booking's own
// price (finalPrice and totalWithVAT in the API's payload are ignored).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { apiCheckoutSessionSchema } from "~/schemas/checkout";
import { withCustomerPhone } from "~/schemas/phone-numbers";
import { requireApiUser } from "~/server/auth/api-auth.server";
import { findBookingFor } from "~/server/bookings/bookings.server";
import { startHostedCheckout } from "~/server/bookings/checkout.server";
import { answerPaymentCall } from "~/server/bookings/payment-refusals.server";
import { apiError, enforceRateLimit, parseJsonBody, requireMethod } from "~/server/platform/api.server";
import { absoluteUrl } from "~/server/platform/env.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  await enforceRateLimit(context);
  const { bookingId, ...details } = await parseJsonBody(request, withCustomerPhone(apiCheckoutSessionSchema));
  const booking = await findBookingFor(request, bookingId, user);
  if (!booking) return apiError(404, PAYMENT_MESSAGES.noBooking);
  return answerPaymentCall(async () => {
    const session = await startHostedCheckout(booking, user, details);
    // The sandbox's page is on this site: an API client gets its absolute address, from SITE_URL.
    return Response.json({ url: absoluteUrl(session.url), sessionId: session.sessionId, provider: session.provider });
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
