// /paypal-checkout?booking=… (and /paypal-checkout-new): pay with PayPal. With PayPal
// configured, PayPal's buttons (its JS SDK loads on this page only, after hydration); without
// JavaScript they cannot run, so the page offers the card payment page instead. Without
// PayPal keys the page says so and takes a test payment on the card provider's hosted page
// (the built-in sandbox without Stripe keys): a plain form, with or without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClientOnly } from "remix-utils/client-only";
import {
  BookingSummary,
  CheckoutErrorCard,
  PaymentsUnavailable,
  TestModeBanner,
} from "~/components/checkout/booking-summary";
import { PayPalButtons } from "~/components/checkout/paypal-buttons";
import { StatusButton } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { bookingView } from "~/server/bookings/bookings.server";
import { loadBookingToPay } from "~/server/bookings/checkout-pages.server";
import { startHostedCheckout } from "~/server/bookings/checkout.server";
import { paymentRefusal } from "~/server/bookings/payment-refusals.server";
import { cardPaymentMode } from "~/server/payments/index.server";
import { paypalClientId } from "~/server/payments/paypal.server";
import { env } from "~/server/platform/env.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { usePending } from "~/utils/use-pending";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Pay with PayPal",
    description: "Pay for your move with PayPal.",
    path: "/paypal-checkout",
    matches,
    noindex: true,
  });

// The Content-Security-Policy allows PayPal's origins here (only when PayPal is configured).
export const handle: RouteHandle = { thirdParties: ["paypal"] };

const NO_BOOKING = PAYMENT_MESSAGES.noBooking;
const LIVE_PAYPAL_API = "https://api-m.paypal.com";

export async function loader({ request }: LoaderFunctionArgs) {
  const { booking } = await loadBookingToPay(request);
  if (!booking) return { booking: null };
  const view = bookingView(booking);
  if (view.paid) throw redirect(`/booking-confirmation?booking=${encodeURIComponent(view.id)}`);
  // Only the client id reaches the browser; the SDK's host follows the API the server uses.
  const clientId = await paypalClientId();
  const paypal = clientId
    ? {
        clientId,
        environment:
          env.PAYPAL_API_BASE?.replace(/\/$/, "") === LIVE_PAYPAL_API ? ("production" as const) : ("sandbox" as const),
      }
    : null;
  return { booking: view, paypal, paymentMode: paypal ? ("paypal" as const) : await cardPaymentMode() };
}

/** No PayPal keys: the card provider's hosted page takes the payment instead. */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { user, booking } = await loadBookingToPay(request, formData);
  if (!booking) return data({ formError: NO_BOOKING }, { status: 404 });
  try {
    const { url } = await startHostedCheckout(booking, user, {});
    return redirect(url, { status: 303 });
  } catch (error) {
    const refusal = paymentRefusal(error);
    if (!refusal) throw error;
    return data({ formError: refusal.message }, { status: refusal.status });
  }
}

export default function PayPalCheckout() {
  const page = useLoaderData<typeof loader>();
  if (!page.booking) return <CheckoutErrorCard />;
  const { booking, paypal } = page;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Pay with PayPal</h1>
      <div className="mt-6 grid gap-6">
        <BookingSummary booking={booking} />
        <section aria-labelledby="paypal-payment" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="paypal-payment" className="text-xl font-semibold">
            Payment
          </h2>
          <div className="mt-4">
            {paypal ? (
              <ClientOnly fallback={<PayPalNeedsJavaScript bookingId={booking.id} />}>
                {() => (
                  <PayPalButtons clientId={paypal.clientId} environment={paypal.environment} bookingId={booking.id} />
                )}
              </ClientOnly>
            ) : page.paymentMode === "unavailable" ? (
              <PaymentsUnavailable />
            ) : (
              <TestPayment bookingId={booking.id} sandbox={page.paymentMode === "sandbox"} />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

/** What the page shows before (or without) JavaScript when PayPal is configured. */
function PayPalNeedsJavaScript({ bookingId }: { bookingId: string }) {
  return (
    <p data-testid="paypal-needs-js">
      Paying with PayPal needs JavaScript, which is off or still loading in your browser.{" "}
      <Link
        to={`/stripe-checkout?booking=${encodeURIComponent(bookingId)}`}
        className="font-semibold text-blue-700 underline"
      >
        Pay by card instead
      </Link>
      .
    </p>
  );
}

function TestPayment({ bookingId, sandbox }: { bookingId: string; sandbox: boolean }) {
  const actionData = useActionData<typeof action>();
  const pending = usePending();
  return (
    <Form method="post" className="space-y-4" data-testid="paypal-test-payment">
      <p className="text-slate-700" data-testid="paypal-not-configured">
        PayPal is not set up on this site yet, so{" "}
        {sandbox
          ? "this payment is taken in test mode on our test payment page"
          : "this payment is taken by card on our secure payment page"}
        .
      </p>
      {sandbox ? <TestModeBanner /> : null}
      <input type="hidden" name="bookingId" value={bookingId} />
      <FormErrors id="paypal-test-payment-errors" errors={actionData?.formError ? [actionData.formError] : null} />
      <StatusButton pending={pending} pendingText="Preparing payment..." className="w-full py-3 text-base">
        {sandbox ? "Continue to test payment" : "Continue to card payment"}
      </StatusButton>
    </Form>
  );
}
