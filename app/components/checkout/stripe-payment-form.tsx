// The embedded card form with Stripe's Payment Element. Stripe.js is fetched only here, once
// this component runs in the browser (@stripe/stripe-js/pure loads nothing on import). The
// form starts the booking's payment itself (a post to its page, intent=start) and mounts the
// Element with the client secret that answer brings.
import { useFetcher } from "@remix-run/react";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { ErrorSummary, fieldIdOf } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { outcomeMessage, PAYMENT_MESSAGES } from "~/domain/payments";
import { CHECKOUT_MESSAGES } from "~/schemas/checkout-messages";

type Props = {
  bookingId: string;
  publishableKey: string;
  customerEmail: string;
  customerName: string;
  total: string;
};

const FORM_ID = "stripe-payment-form";

export function StripePaymentForm({ bookingId, publishableKey, customerEmail, customerName, total }: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ customerEmail?: string[]; customerName?: string[] }>({});
  const [busy, setBusy] = useState(false);
  const details = useFetcher();
  const start = useFetcher<{ clientSecret?: string; refusal?: string }>();
  const clientSecret = start.data?.clientSecret;
  const refusal = start.data?.refusal;

  useEffect(() => {
    start.submit({ intent: "start", bookingId }, { method: "post" });
    // Once, when the form first runs: the answer is the same payment however often it asks.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start is a new object each render
  }, [bookingId]);

  useEffect(() => {
    if (!clientSecret) return;
    let cancelled = false;
    loadStripe(publishableKey)
      .then((loaded) => {
        if (cancelled) return;
        if (!loaded || !mount.current) return setLoadError("Stripe not loaded");
        const created = loaded.elements({ clientSecret });
        created.create("payment").mount(mount.current);
        setStripe(loaded);
        setElements(created);
      })
      .catch(() => !cancelled && setLoadError("Stripe not loaded"));
    return () => {
      cancelled = true;
    };
  }, [publishableKey, clientSecret]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("customerEmail") ?? "").trim();
    const name = String(form.get("customerName") ?? "").trim();
    const problems = {
      customerEmail: email ? undefined : [CHECKOUT_MESSAGES.receiptEmail],
      customerName: name ? undefined : [CHECKOUT_MESSAGES.bookingName],
    };
    setErrors(problems);
    if (problems.customerEmail || problems.customerName) return;
    if (!stripe || !elements) return setMessage("Stripe not loaded");
    setBusy(true);
    setMessage(null);
    // The booking keeps the receipt address and name the customer typed.
    details.submit({ intent: "details", bookingId, customerEmail: email, customerName: name }, { method: "post" });
    const returnUrl = new URL(
      `/booking-confirmation?booking=${encodeURIComponent(bookingId)}`,
      window.location.href,
    ).toString();
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: {
        return_url: returnUrl,
        receipt_email: email,
        payment_method_data: { billing_details: { name, email } },
      },
      redirect: "if_required",
    });
    setBusy(false);
    if (result.error) return setMessage(result.error.message ?? PAYMENT_MESSAGES.error);
    const status = result.paymentIntent?.status;
    if (status === "succeeded" || status === "processing") {
      window.location.assign(`${returnUrl}&payment_intent=${encodeURIComponent(result.paymentIntent!.id)}`);
      return setMessage(outcomeMessage(status));
    }
    setMessage(
      status === "requires_payment_method" ? outcomeMessage("requires_payment_method") : PAYMENT_MESSAGES.error,
    );
  }

  return (
    <form id={FORM_ID} onSubmit={pay} noValidate className="space-y-4" data-testid="stripe-payment-form">
      <ErrorSummary formId={FORM_ID} errors={errors.customerEmail || errors.customerName ? errors : null} />
      <Field
        id={fieldIdOf(FORM_ID, "customerEmail")}
        name="customerEmail"
        type="email"
        label="Email (for the receipt)"
        defaultValue={customerEmail}
        autoComplete="email"
        errors={errors.customerEmail}
      />
      <Field
        id={fieldIdOf(FORM_ID, "customerName")}
        name="customerName"
        type="text"
        label="Name for the booking"
        defaultValue={customerName}
        autoComplete="name"
        errors={errors.customerName}
      />
      {!clientSecret && !refusal ? (
        <p role="status" className="text-sm text-slate-600">
          Preparing the card form…
        </p>
      ) : null}
      {/* Stripe's Element mounts here: nothing of React's inside. */}
      <div ref={mount} className="min-h-24 rounded-md border border-slate-200 p-3" aria-label="Card details" />
      {refusal ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {refusal}
        </p>
      ) : null}
      {loadError ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {loadError}
        </p>
      ) : null}
      {message ? (
        <p role="status" className="text-sm font-semibold" data-testid="payment-message">
          {message}
        </p>
      ) : null}
      <Button type="submit" className="w-full py-3 text-base" disabled={busy || !elements}>
        {busy ? "Processing..." : `Pay ${total}`}
      </Button>
    </form>
  );
}
