// /bookings/:id/cancel: the confirmation step states the refund first (full more than 24 hours
// before the move, half under 24 hours); "Yes, cancel this booking" posts, and the customer
// goes back to /bookings with a toast. A plain form: the same with JavaScript off and on.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BookingFacts } from "~/components/booking-facts";
import { StatusButton } from "~/components/ui/button";
import { isCancellable } from "~/domain/cancellation";
import { formatPounds } from "~/domain/money";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { VAN_LABELS } from "~/domain/vans";
import { requireUser } from "~/server/auth/auth.server";
import { refundDoneText } from "~/server/bookings/cancellation-emails.server";
import {
  CANCELLATION_MESSAGES,
  cancelBooking,
  cancellationOffer,
  findBookingToCancel,
} from "~/server/bookings/cancellations.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";
import { usePending } from "~/utils/use-pending";

export const meta: MetaFunction = ({ matches, params }) =>
  seo({
    title: "Cancel booking",
    description: "Cancel your move and see your refund.",
    path: `/bookings/${params.id ?? ""}/cancel`,
    matches,
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const booking = await findBookingToCancel(params.id, user);
  if (!booking) throw new Response(CANCELLATION_MESSAGES.notFound, { status: 404 });
  const state =
    booking.status === "cancelled" ? "cancelled" : isCancellable(booking.status) ? "cancellable" : "not_cancellable";
  return {
    booking: {
      id: booking.id,
      reference: booking.reference,
      moveDateText: `${formatCalendarDate(booking.moveDate, "full")} at ${booking.moveTime}`,
      pickupAddress: booking.pickupAddress,
      deliveryAddress: booking.deliveryAddress,
      van: VAN_LABELS[booking.vanSize],
      priceText: formatPounds(booking.finalPrice),
    },
    state,
    message:
      state === "cancelled"
        ? CANCELLATION_MESSAGES.alreadyCancelled
        : state === "not_cancellable"
          ? CANCELLATION_MESSAGES.notCancellable
          : null,
    offer: state === "cancellable" ? await cancellationOffer(booking) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // The refund the step stated (a whole number of pence); anything else is not checked.
  const stated = String((await request.formData()).get("refundPence") ?? "");
  const expectedRefundPence = /^\d{1,9}$/.test(stated) ? Number(stated) : undefined;
  const result = await cancelBooking({ bookingId: params.id ?? "", user, expectedRefundPence });
  if (!result) throw new Response(CANCELLATION_MESSAGES.notFound, { status: 404 });
  if (result.status === "cancelled") {
    // An admin who cancelled for a customer goes back to the admin's list (/bookings is the customer's).
    return redirectWithToast(request, user.role === "admin" ? "/admin/bookings" : "/bookings", {
      title: `Booking ${result.reference} cancelled`,
      description: refundDoneText(result.offer),
      variant: "success",
    });
  }
  // Changed terms: the step states the new refund, from this answer (with JavaScript the
  // loader is not asked again after a 409).
  const booking = result.status === "terms_changed" ? await findBookingToCancel(params.id, user) : null;
  const offer = booking ? await cancellationOffer(booking) : null;
  return data({ error: result.message, reason: result.status, offer }, { status: 409 });
}

export default function CancelBooking() {
  const loaded = useLoaderData<typeof loader>();
  const { booking, state, message } = loaded;
  const actionData = useActionData<typeof action>();
  const offer = actionData?.offer ?? loaded.offer;
  const pending = usePending();
  const problem = actionData?.error ?? null;
  // A refused refund or changed terms leave the booking cancellable; "already cancelled" or
  // "no longer cancellable" ends the step (the loader's data may not be read again after a 409).
  const stepOpen =
    state === "cancellable" &&
    (!actionData || actionData.reason === "refund_failed" || actionData.reason === "terms_changed");

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm">
        <Link to="/bookings" className="font-medium text-blue-700 hover:underline">
          ← My bookings
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Cancel booking {booking.reference}</h1>

      {problem ? (
        <div
          role="alert"
          className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900"
          data-testid="cancel-error"
        >
          {problem}
        </div>
      ) : null}

      {stepOpen && offer ? (
        <div className="mt-6 rounded-xl border border-blue-200 bg-blue-50 p-5" data-testid="refund-offer">
          <p className="text-lg font-semibold text-blue-950">{offer.summary}</p>
          {offer.kind === "half" ? (
            <p className="mt-2 text-sm text-blue-900">
              Cancelling more than 24 hours before a move gives a full refund; under 24 hours, half.
            </p>
          ) : null}
        </div>
      ) : message && !problem ? (
        <div
          role="status"
          className="mt-6 rounded-xl border border-slate-300 bg-slate-50 p-4 text-slate-900"
          data-testid="cancel-state"
        >
          {message}
        </div>
      ) : null}

      <BookingFacts
        booking={booking}
        price={booking.priceText}
        className="mt-6 gap-x-6 gap-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      />

      {stepOpen ? (
        <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
          {offer ? <input type="hidden" name="refundPence" value={offer.refundPence} /> : null}
          <StatusButton
            pending={pending}
            pendingText="Cancelling…"
            className="bg-red-700 hover:bg-red-800 disabled:bg-red-400"
          >
            Yes, cancel this booking
          </StatusButton>
          <Link
            to="/bookings"
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Keep my booking
          </Link>
        </Form>
      ) : (
        <p className="mt-6">
          <Link
            to="/bookings"
            className="inline-flex rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
          >
            Back to my bookings
          </Link>
        </p>
      )}
    </div>
  );
}
