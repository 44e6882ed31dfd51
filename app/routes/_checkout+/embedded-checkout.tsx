// /embedded-checkout: pay by card without leaving the site. With Stripe configured, Stripe's
// Payment Element (Stripe.js loads on this page only, after hydration), which starts its
// payment by posting here (intent=start): the page's GET starts nothing. Without JavaScript
// the hosted page is offered instead. In test mode the sandbox's card form posts here, with or
// without JavaScript. Not signed in: the "Please sign in to pay" dialog.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ClientOnly } from "remix-utils/client-only";
import { AuthDialog } from "~/components/auth/auth-dialog";
import { BookingSummary, CheckoutErrorCard, TestModeBanner } from "~/components/checkout/booking-summary";
import { SandboxCardForm } from "~/components/checkout/sandbox-card-form";
import { StripePaymentForm } from "~/components/checkout/stripe-payment-form";
import { useArrivalFocus } from "~/components/ui/announcer";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { embeddedCheckoutSchema, embeddedSandboxSchema } from "~/schemas/checkout";
import { loadBookingForVisitor, loadBookingToPay } from "~/server/bookings/checkout-pages.server";
import {
  embeddedCardOffer,
  prepareToPay,
  recordProviderPayment,
  startEmbeddedPayment,
} from "~/server/bookings/checkout.server";
import { paymentRefusal } from "~/server/bookings/payment-refusals.server";
import { payWithSandboxCard } from "~/server/payments/sandbox.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import type { SessionUser } from "~/views/session-user";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Pay by card",
    description: "Pay for your move by card.",
    path: "/embedded-checkout",
    matches,
    noindex: true,
  });

export const handle: RouteHandle = { thirdParties: ["stripe"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, booking, view } = await loadBookingForVisitor(request);
  const url = new URL(request.url);
  if (!booking || !view) return { booking: null };
  if (!user) return { booking: view, card: null, refusal: null, here: `${url.pathname}${url.search}`, customer: null };
  if (view.paid) throw redirect(`/booking-confirmation?booking=${view.id}`);
  try {
    const customer = {
      customerEmail: view.customerEmail || user.email,
      customerName: view.customerName || user.username,
    };
    return { booking: view, card: await embeddedCardOffer(booking), refusal: null, here: "", customer };
  } catch (error) {
    const refusal = paymentRefusal(error);
    if (!refusal) throw error;
    return { booking: view, card: null, refusal: refusal.message, here: "", customer: null };
  }
}

/** Starts (or finds again) the booking's payment for Stripe's card form: its client secret, or why not. */
async function startCardPayment(booking: Awaited<ReturnType<typeof loadBookingToPay>>["booking"], user: SessionUser) {
  if (!booking) return data({ refusal: PAYMENT_MESSAGES.noBooking }, { status: 404 });
  try {
    const payment = await startEmbeddedPayment(booking, user);
    return data({ clientSecret: payment.clientSecret, paymentIntentId: payment.paymentIntentId });
  } catch (error) {
    const refusal = paymentRefusal(error);
    if (!refusal) throw error;
    return data({ refusal: refusal.message }, { status: refusal.status });
  }
}

/** Stripe's card form (its payment, its details: name and receipt e-mail), and test mode's card form. */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { user, booking } = await loadBookingToPay(request, formData);
  if (formData.get("intent") === "start") return startCardPayment(booking, user);
  if (formData.get("intent") === "details") {
    const details = embeddedCheckoutSchema.safeParse(Object.fromEntries(formData));
    if (!booking || !details.success) return data({ ok: false }, { status: 400 });
    await prepareToPay(booking, user, details.data).catch(() => null);
    return { ok: true };
  }
  const submission = parseWithZod(formData, { schema: embeddedSandboxSchema() });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!booking) return data(submission.reply({ formErrors: [PAYMENT_MESSAGES.noBooking] }), { status: 404 });
  try {
    const { customerEmail, customerName } = submission.value;
    const payment = await startEmbeddedPayment(booking, user, { customerEmail, customerName });
    if (payment.provider !== "sandbox")
      return data(submission.reply({ formErrors: [PAYMENT_MESSAGES.error] }), { status: 400 });
    const paid = await payWithSandboxCard(payment.paymentIntentId, submission.value.cardNumber);
    if (!paid) return data(submission.reply({ formErrors: [PAYMENT_MESSAGES.error] }), { status: 400 });
    await recordProviderPayment(paid.payment);
    if (!paid.outcome.paid) return data(submission.reply({ formErrors: [paid.outcome.message] }), { status: 402 });
    return redirect(`/booking-confirmation?booking=${booking.id}&payment_intent=${payment.paymentIntentId}`, {
      status: 303,
    });
  } catch (error) {
    const refusal = paymentRefusal(error);
    if (!refusal) throw error;
    return data(submission.reply({ formErrors: [refusal.message] }), { status: refusal.status });
  }
}

/** The card section's heading; signed in through the dialog, it takes the focus the dialog had. */
function CardHeading() {
  const ref = useArrivalFocus<HTMLHeadingElement>("Signed in. Enter your card details.");
  return (
    <h2 id="card" ref={ref} tabIndex={-1} className="text-xl font-semibold">
      Card details
    </h2>
  );
}

export default function EmbeddedCheckout() {
  const page = useLoaderData<typeof loader>();
  if (!page.booking) return <CheckoutErrorCard />;
  const { booking } = page;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Pay by card</h1>
      <div className="mt-6 grid gap-6">
        <BookingSummary booking={booking} />
        <section aria-labelledby="card" className="rounded-xl border border-slate-200 bg-white p-6">
          {page.card ? (
            <CardHeading key="card-form" />
          ) : (
            <h2 id="card" className="text-xl font-semibold">
              Card details
            </h2>
          )}
          <div className="mt-4">
            {!page.card && !page.refusal ? (
              <AuthDialog
                redirectTo={page.here ?? "/checkout"}
                message={PAYMENT_MESSAGES.signInToPay}
                defaultOpen
                dismissable={false}
              />
            ) : page.refusal ? (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-900">
                {page.refusal}
              </p>
            ) : page.card?.provider === "sandbox" ? (
              <div className="space-y-4">
                <TestModeBanner />
                <SandboxCardForm
                  payLabel={`Pay ${booking.total}`}
                  hidden={{ bookingId: booking.id }}
                  customer={page.customer ?? { customerEmail: "", customerName: "" }}
                />
              </div>
            ) : page.card?.publishableKey ? (
              <ClientOnly fallback={<HostedInstead bookingId={booking.id} />}>
                {() => (
                  <StripePaymentForm
                    bookingId={booking.id}
                    publishableKey={page.card!.publishableKey!}
                    customerEmail={page.customer?.customerEmail ?? ""}
                    customerName={page.customer?.customerName ?? ""}
                    total={booking.total}
                  />
                )}
              </ClientOnly>
            ) : (
              <HostedInstead bookingId={booking.id} />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

/** Without JavaScript (or without a publishable key) the card form cannot run: the hosted page can. */
function HostedInstead({ bookingId }: { bookingId: string }) {
  return (
    <p data-testid="hosted-instead">
      The card form needs JavaScript.{" "}
      <Link
        to={`/stripe-checkout?booking=${encodeURIComponent(bookingId)}`}
        className="font-semibold text-blue-700 underline"
      >
        Pay on our secure payment page instead
      </Link>
      .
    </p>
  );
}
