// /booking-confirmation and /booking-receipt: what the customer may be shown about a payment,
// after asking its provider (or the stored result of a webhook) whether it succeeded.
import { bookingView, findBookingFor } from "~/server/bookings/bookings.server";
import {
  confirmPayment,
  outcomeIsConfirmed,
  paymentConfirmations,
  type RecordOutcome,
} from "~/server/bookings/checkout.server";
import type { Turn } from "~/server/platform/bulkhead.server";
import type { BookingView } from "~/views/booking";
import type { SessionUser } from "~/views/session-user";

export type ConfirmationState =
  | { state: "confirmed"; booking: BookingView }
  | { state: "processing"; booking: BookingView }
  | { state: "unpaid"; booking: BookingView }
  | { state: "booking_error" }
  | { state: "loading_error" };

function stateOf(outcome: RecordOutcome): "confirmed" | "processing" | "unpaid" | "booking_error" {
  if (outcomeIsConfirmed(outcome)) return "confirmed";
  if (outcome === "processing") return "processing";
  if (outcome === "unpaid" || outcome === "failed") return "unpaid";
  return "booking_error";
}

export function loadConfirmation(request: Request, user: SessionUser): Promise<ConfirmationState> {
  return paymentConfirmations((turn) => confirmationOf(request, user, turn));
}

async function confirmationOf(request: Request, user: SessionUser, turn: Turn): Promise<ConfirmationState> {
  const params = new URL(request.url).searchParams;
  const paymentIntentId = params.get("payment_intent");
  const sessionId = params.get("session_id");
  const requestedId = params.get("booking");
  if (!paymentIntentId && !sessionId && !requestedId) return { state: "loading_error" };

  // The booking must be this customer's before anything about it is said.
  if (requestedId && !(await findBookingFor(request, requestedId, user))) return { state: "loading_error" };
  const result = await confirmPayment({ paymentIntentId, sessionId, bookingId: requestedId }, turn);
  if (!result.bookingId) return { state: "booking_error" };
  const booking = await findBookingFor(request, result.bookingId, user);
  if (!booking) return { state: "loading_error" };
  const state = stateOf(result.outcome);
  return state === "booking_error" ? { state } : { state, booking: bookingView(booking) };
}

/** The printable receipt: only for a paid booking of this customer. */
export async function loadReceipt(request: Request, user: SessionUser) {
  const booking = await findBookingFor(request, new URL(request.url).searchParams.get("booking"), user);
  return booking && booking.paymentState === "paid" ? bookingView(booking) : null;
}
