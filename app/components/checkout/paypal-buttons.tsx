// PayPal's buttons (loading, ready, success, error; "Try Again" returns from
// error to ready). Browser only: PayPal's JS SDK is fetched here, after hydration, and nowhere
// else. The order is made and captured by our server (POST /paypal/order and
// /paypal/order/:id/capture), which alone decides the amount and whether the booking is paid.
import { loadScript, type PayPalButtonsComponent } from "@paypal/paypal-js";
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { PAYMENT_MESSAGES } from "~/domain/payments";

export type PayPalState = "loading" | "ready" | "success" | "error";

type Props = {
  /** The REST app's client id: public by design (the secret stays on the server). */
  clientId: string;
  environment: "sandbox" | "production";
  bookingId: string;
};

const LOAD_FAILED = "PayPal could not be loaded. Please check your connection and try again.";

/** POSTs JSON to our own API with the session cookie; a refusal becomes an Error with its message. */
async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string; message?: string };
  if (!response.ok) throw new Error(answer.error ?? answer.message ?? PAYMENT_MESSAGES.paypalFailed);
  return answer;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

export function PayPalButtons({ clientId, environment, bookingId }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PayPalState>("loading");
  const [message, setMessage] = useState<string | null>(null);
  // Bumped by "Try Again" when the buttons never appeared: load them again.
  const [attempt, setAttempt] = useState(0);
  const rendered = useRef(false);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    let cancelled = false;
    let buttons: PayPalButtonsComponent | null = null;
    // What our server said when creating the order failed: PayPal's onError only says "failed".
    let refusal: string | null = null;
    const fail = (text: string | null) => {
      if (cancelled) return;
      setMessage(text);
      setState("error");
    };
    setState("loading");

    loadScript({ clientId, environment, currency: "GBP", intent: "capture", components: "buttons" })
      .then(async (paypal) => {
        if (cancelled) return;
        if (!paypal?.Buttons || !container.current) return fail(LOAD_FAILED);
        buttons = paypal.Buttons({
          style: { layout: "vertical", shape: "rect", label: "pay" },
          async createOrder() {
            refusal = null;
            try {
              return (await post<{ id: string }>("/paypal/order", { bookingId })).id;
            } catch (error) {
              refusal = messageOf(error);
              throw error;
            }
          },
          async onApprove(data) {
            try {
              const { redirectTo } = await post<{ redirectTo: string }>(
                `/paypal/order/${encodeURIComponent(data.orderID)}/capture`,
                {},
              );
              if (cancelled) return;
              setState("success");
              navigateRef.current(redirectTo);
            } catch (error) {
              fail(messageOf(error));
            }
          },
          onCancel() {
            if (!cancelled) setState("ready");
          },
          onError() {
            fail(refusal);
          },
        });
        if (!buttons.isEligible()) return fail(LOAD_FAILED);
        await buttons.render(container.current);
        rendered.current = true;
        if (!cancelled) setState("ready");
      })
      .catch(() => fail(LOAD_FAILED));

    return () => {
      cancelled = true;
      rendered.current = false;
      buttons?.close().catch(() => {});
    };
  }, [clientId, environment, bookingId, attempt]);

  function tryAgain() {
    setMessage(null);
    if (rendered.current) setState("ready");
    else setAttempt((count) => count + 1);
  }

  return (
    <div data-testid="paypal-buttons" data-state={state}>
      {state === "loading" ? (
        <p role="status" className="text-slate-700">
          Loading PayPal…
        </p>
      ) : null}
      {state === "success" ? (
        <p role="status" className="font-semibold text-green-800">
          {PAYMENT_MESSAGES.succeeded} Taking you to your booking confirmation…
        </p>
      ) : null}
      {state === "error" ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{PAYMENT_MESSAGES.failed}</p>
          <p className="mt-1">{message ?? PAYMENT_MESSAGES.paypalFailed}</p>
          <Button variant="secondary" className="mt-3" onClick={tryAgain}>
            Try Again
          </Button>
        </div>
      ) : null}
      {/* Stays mounted (PayPal renders into it once); shown only when the buttons may be used. */}
      <div ref={container} className={state === "ready" || state === "loading" ? "mt-2" : "hidden"} />
    </div>
  );
}
