// /stripe-checkout: the customer's details, then the card provider's hosted page (Stripe
// Checkout, or the built-in sandbox's page). Without JavaScript the post answers with a 303 to
// it; with JavaScript the page gets the URL and goes there after 300 ms.
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  BookingSummary,
  CheckoutErrorCard,
  PaymentsUnavailable,
  TestModeBanner,
} from "~/components/checkout/booking-summary";
import { StatusButton } from "~/components/ui/button";
import { CheckboxField, TextareaField } from "~/components/ui/field";
import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { stripeCheckoutSchema } from "~/schemas/checkout";
import { withCustomerPhone } from "~/schemas/phone-numbers";
import { bookingView } from "~/server/bookings/bookings.server";
import { loadBookingToPay } from "~/server/bookings/checkout-pages.server";
import { accountPhone, startHostedCheckout } from "~/server/bookings/checkout.server";
import { paymentRefusal } from "~/server/bookings/payment-refusals.server";
import { accountWantsTexts } from "~/server/messages/text-consent.server";
import { cardPaymentMode } from "~/server/payments/index.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { usePending } from "~/utils/use-pending";
import { useValidatedForm } from "~/utils/use-validated-form";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Secure card payment",
    description: "Pay for your move by card.",
    path: "/stripe-checkout",
    matches,
    noindex: true,
  });

// Loads nothing from Stripe; the CSP must let this page's form post end on Stripe's page.
export const handle: RouteHandle = { thirdParties: ["stripe"] };

/** The redirect happens 300 ms after the checkout URL arrives. */
const REDIRECT_DELAY_MS = 300;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, booking } = await loadBookingToPay(request);
  if (!booking) return { booking: null };
  const view = bookingView(booking);
  return {
    booking: view,
    paymentMode: await cardPaymentMode(),
    defaults: {
      customerEmail: view.customerEmail || user.email,
      customerName: view.customerName || user.username,
      // The booking's number, else the one the account gave before.
      customerPhone: view.customerPhone || (await accountPhone(user.id)) || "",
      specialRequirements: view.specialRequirements,
      // Ticked unless turned off for this move or on the account.
      textUpdates: view.textUpdates && (await accountWantsTexts(user.id)) ? "on" : "",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { user, booking } = await loadBookingToPay(request, formData);
  const submission = parseWithZod(formData, { schema: withCustomerPhone(stripeCheckoutSchema) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!booking) return data(submission.reply({ formErrors: [PAYMENT_MESSAGES.noBooking] }), { status: 404 });
  try {
    const { bookingId: _bookingId, ...details } = submission.value;
    const { url } = await startHostedCheckout(booking, user, details);
    // The enhanced form asks for the URL; a plain post is sent straight there.
    if (formData.get("redirect") === "client") return { ...submission.reply(), checkoutUrl: url };
    return redirect(url, { status: 303 });
  } catch (error) {
    const refusal = paymentRefusal(error);
    if (!refusal) throw error;
    return data(submission.reply({ formErrors: [refusal.message] }), { status: refusal.status });
  }
}

export default function StripeCheckout() {
  const page = useLoaderData<typeof loader>();
  if (!page.booking) return <CheckoutErrorCard />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Secure card payment</h1>
      <div className="mt-6 grid gap-6">
        <BookingSummary booking={page.booking} />
        {page.paymentMode === "unavailable" ? (
          <PaymentsUnavailable />
        ) : (
          <DetailsForm
            bookingId={page.booking.id}
            defaults={page.defaults}
            sandbox={page.paymentMode === "sandbox"}
            total={page.booking.total}
          />
        )}
      </div>
    </div>
  );
}

function DetailsForm({
  bookingId,
  defaults,
  sandbox,
  total,
}: {
  bookingId: string;
  defaults: Record<string, string>;
  sandbox: boolean;
  total: string;
}) {
  const lastResult = useActionData<typeof action>();
  const pending = usePending();
  const hydrated = useHydrated();
  const checkoutUrl = lastResult && "checkoutUrl" in lastResult ? lastResult.checkoutUrl : null;
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/checkout").then((schemas) => schemas.stripeCheckoutSchema),
    {
      lastResult,
      pending,
      defaultValue: { ...defaults, bookingId },
    },
  );

  const { key: _key, ...textUpdatesProps } = getInputProps(fields.textUpdates, { type: "checkbox" });

  useEffect(() => {
    if (!checkoutUrl) return;
    const timer = window.setTimeout(() => window.location.assign(checkoutUrl), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [checkoutUrl]);

  return (
    <section aria-labelledby="details" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="details" className="text-xl font-semibold">
        Your details
      </h2>
      {sandbox ? (
        <div className="mt-3">
          <TestModeBanner />
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="bookingId" value={bookingId} />
        {hydrated ? <input type="hidden" name="redirect" value="client" /> : null}
        <FormField meta={fields.customerEmail} label="Email" type="email" autoComplete="email" aria-required="true" />
        <FormField meta={fields.customerName} label="Full name" type="text" autoComplete="name" aria-required="true" />
        <FormField
          meta={fields.customerPhone}
          label="Phone number"
          type="tel"
          autoComplete="tel"
          aria-required="true"
          hint="A mobile, so that we can text you on the day."
        />
        <CheckboxField
          {...textUpdatesProps}
          id={fields.textUpdates.id}
          label="Text me about my move: driver assigned, the day before, on the way, arrived and done. Reply STOP to end them."
        />
        <TextareaField
          id={fields.specialRequirements.id}
          name={fields.specialRequirements.name}
          defaultValue={fields.specialRequirements.initialValue}
          errors={fields.specialRequirements.errors}
          label="Special requirements (optional)"
          rows={3}
          maxLength={1000}
        />
        <FormErrorSummary form={form} />
        {checkoutUrl ? (
          <p role="status" className="font-semibold text-blue-800" data-testid="redirecting">
            Redirecting to secure payment...
          </p>
        ) : (
          <StatusButton pending={pending} pendingText="Preparing payment..." className="w-full py-3 text-base">
            Pay {total} securely
          </StatusButton>
        )}
      </Form>
    </section>
  );
}
