// /booking-confirmation?payment_intent=… (Stripe's return), ?booking=…&session_id=… (hosted
// checkout) or ?booking=…: the provider is asked whether the payment succeeded before the
// page says "confirmed"; a second visit changes nothing. The error cards otherwise.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ClientOnly } from "remix-utils/client-only";
import { BookingSummary } from "~/components/checkout/booking-summary";
import { Receipt } from "~/components/checkout/receipt";
import { whatsNextSteps } from "~/domain/dispatch";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { ukToday } from "~/domain/uk-calendar";
import { loadConfirmation } from "~/routes/_checkout+/confirmation.server";
import { requireUser } from "~/server/auth/auth.server";
import { seo } from "~/utils/seo";
import { trackerPath } from "~/utils/tracker-path";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Booking confirmation",
    description: "Your booking confirmation.",
    path: "/booking-confirmation",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  // Nothing named: nothing to show, and no reason to ask anyone to sign in first.
  if (new URL(request.url).search === "") return { confirmation: { state: "loading_error" as const }, whatsNext: [] };
  const user = await requireUser(request);
  const confirmation = await loadConfirmation(request, user);
  const whatsNext =
    "booking" in confirmation
      ? whatsNextSteps({
          driverFound: confirmation.booking.driverFound,
          moveDate: confirmation.booking.moveDate,
          today: ukToday(),
        })
      : [];
  return { confirmation, whatsNext };
}

export default function BookingConfirmation() {
  const { confirmation, whatsNext } = useLoaderData<typeof loader>();
  if (confirmation.state === "loading_error")
    return <ErrorCard title="Error Loading Booking" message={PAYMENT_MESSAGES.loadingError} />;
  if (confirmation.state === "booking_error")
    return <ErrorCard title="Booking Error" message={PAYMENT_MESSAGES.bookingError} />;
  const { booking } = confirmation;
  if (confirmation.state !== "confirmed") {
    const processing = confirmation.state === "processing";
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold">{processing ? "Payment processing" : PAYMENT_MESSAGES.failed}</h1>
        <p role="status" className="mt-3 text-lg" data-testid="payment-outcome">
          {processing ? PAYMENT_MESSAGES.processing : PAYMENT_MESSAGES.paypalFailed}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {processing ? (
            <Link
              to={`/booking-confirmation?booking=${booking.id}`}
              reloadDocument
              className="rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white"
            >
              Check again
            </Link>
          ) : (
            <Link
              to={`/checkout?booking=${booking.id}`}
              className="rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white"
            >
              Try Again
            </Link>
          )}
        </div>
        <div className="mt-6">
          <BookingSummary booking={booking} />
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="rounded-xl border border-green-200 bg-green-50 p-6 print:border-0 print:bg-white">
        <h1 className="text-3xl font-bold text-green-900">Booking Confirmed</h1>
        <p className="mt-2 text-green-900">
          {PAYMENT_MESSAGES.succeeded} Thank you, {booking.customerName}. A confirmation e-mail is on its way to{" "}
          {booking.customerEmail}.
        </p>
      </div>
      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-6 print:border-0">
        <Receipt booking={booking} />
      </section>
      <section
        aria-labelledby="whats-next"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-6 print:hidden"
      >
        <h2 id="whats-next" className="text-xl font-semibold">
          What&apos;s Next
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5">
          {whatsNext.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <Link
          to={trackerPath(booking.id)}
          className="rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800"
        >
          Track your move
        </Link>
        <Link to="/" className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50">
          Return to Home
        </Link>
        <ClientOnly
          fallback={
            <Link
              to={`/booking-receipt?booking=${booking.id}`}
              className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold"
            >
              Print Receipt
            </Link>
          }
        >
          {() => (
            <button
              type="button"
              onClick={() => window.print()}
              className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold"
            >
              Print Receipt
            </button>
          )}
        </ClientOnly>
      </div>
    </div>
  );
}

function ErrorCard({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-xl border border-red-200 bg-red-50 p-6" role="alert" data-testid="confirmation-error">
        <h1 className="text-2xl font-bold text-red-900">{title}</h1>
        <p className="mt-2 text-red-900">{message}</p>
        <Link to="/" className="mt-4 inline-block rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white">
          Return to Home
        </Link>
      </div>
    </div>
  );
}
