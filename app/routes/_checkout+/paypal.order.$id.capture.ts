// POST /paypal/order/:id/capture → { status: "COMPLETED", bookingId, redirectTo } once PayPal
// has the money. The order must be for a booking the caller may pay; any
// other order is a 404, as is an unknown one. Capturing again answers the same, and the
// booking is marked paid (and e-mailed) once.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { requireApiUser } from "~/server/auth/api-auth.server";
import { findBookingFor } from "~/server/bookings/bookings.server";
import { capturePayPal, outcomeIsConfirmed, type RecordOutcome } from "~/server/bookings/checkout.server";
import { answerPaymentCall } from "~/server/bookings/payment-refusals.server";
import { paypalConfigured } from "~/server/payments/paypal.server";
import { apiError, enforceRateLimit, requireMethod } from "~/server/platform/api.server";
import { PAYPAL_NOT_CONFIGURED } from "./paypal.setup";

export const ORDER_NOT_FOUND = "PayPal order not found";
export const NOT_APPROVED =
  "The payment has not been approved in PayPal yet. Please approve it in the PayPal window first.";

/** Why an order that was not captured in full did not pay the booking, and the status that says so. */
const REFUSALS: Partial<Record<RecordOutcome, { status: number; message: string }>> = {
  unpaid: { status: 400, message: NOT_APPROVED },
  processing: { status: 402, message: PAYMENT_MESSAGES.processing },
  failed: { status: 402, message: PAYMENT_MESSAGES.paypalFailed },
  underpaid: { status: 402, message: PAYMENT_MESSAGES.paypalFailed },
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await enforceRateLimit(context);
  const user = await requireApiUser(request);
  if (!(await paypalConfigured())) return apiError(503, PAYPAL_NOT_CONFIGURED);
  return answerPaymentCall(async () => {
    const { outcome, bookingId } = await capturePayPal(params.id ?? "", async (id) =>
      Boolean(await findBookingFor(request, id, user)),
    );
    if (!bookingId || outcome === "unknown_booking") return apiError(404, ORDER_NOT_FOUND);
    if (outcomeIsConfirmed(outcome)) {
      return Response.json({
        status: "COMPLETED",
        bookingId,
        redirectTo: `/booking-confirmation?booking=${encodeURIComponent(bookingId)}`,
      });
    }
    const refusal = REFUSALS[outcome] ?? { status: 402, message: PAYMENT_MESSAGES.paypalFailed };
    return apiError(refusal.status, refusal.message);
  });
}

// A GET gets a 405 that names POST.
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
