// PayPal's Orders v2 REST API, server side (the browser only runs PayPal's buttons). The
// order's amount comes from the booking; a capture is checked before a booking is paid.
// PAYPAL_API_BASE defaults to PayPal's sandbox; tests point it at a local stand-in.
import { correlationHeaders } from "~/server/platform/request-context.server";
import type { ProviderPayment } from "./gateway";
import { PaymentProviderError } from "./gateway";
import { apiBase, requestToken } from "./paypal-auth.server";
import { getPayPalKeys } from "./settings.server";

/** Whether PayPal can take payments: a client id and secret saved on /stripe-config or in the environment. */
export async function paypalConfigured() {
  const { clientId, clientSecret } = await getPayPalKeys();
  return Boolean(clientId && clientSecret);
}

/** The client id PayPal's buttons load with (public), or null without PayPal. */
export async function paypalClientId() {
  const { clientId, clientSecret } = await getPayPalKeys();
  return clientId && clientSecret ? clientId : null;
}

// One token per client id: saving other credentials never reuses the old ones' token.
let cachedToken: { clientId: string; value: string; expiresAt: number } | null = null;

async function accessToken() {
  const { clientId, clientSecret } = await getPayPalKeys();
  if (!clientId || !clientSecret) throw new PaymentProviderError("Payment Setup Error: PayPal is not configured.", 503);
  if (cachedToken && cachedToken.clientId === clientId && cachedToken.expiresAt > Date.now()) return cachedToken.value;
  const response = await requestToken(clientId, clientSecret);
  if (!response.ok) throw new PaymentProviderError("Payment Setup Error: PayPal refused our credentials.");
  const body = (await response.json()) as { access_token: string; expires_in: number };
  // Renew a minute early so a token never expires mid-request.
  cachedToken = { clientId, value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
  return body.access_token;
}

type PayPalError = { name?: string; message?: string; details?: { issue?: string }[] };

async function paypal<T>(
  method: string,
  path: string,
  { body, requestId }: { body?: unknown; requestId?: string } = {},
): Promise<{ status: number; body: T & PayPalError }> {
  // return=representation: PayPal answers with the whole order (captures included), not a stub.
  const headers: Record<string, string> = {
    authorization: `Bearer ${await accessToken()}`,
    "content-type": "application/json",
    prefer: "return=representation",
    ...correlationHeaders(),
  };
  if (requestId) headers["PayPal-Request-Id"] = requestId;
  const response = await fetch(`${apiBase()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 401) cachedToken = null;
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T & PayPalError };
}

function issueOf(body: PayPalError) {
  return body.details?.[0]?.issue ?? body.name ?? "UNKNOWN";
}

const poundsString = (pence: number) => (pence / 100).toFixed(2);
const pence = (value: string) => Math.round(Number(value) * 100);

type Capture = { id: string; status: string; amount: { currency_code: string; value: string }; custom_id?: string };
type Order = {
  id: string;
  status: string;
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: Capture[] };
  }[];
};

function fromOrder(order: Order): ProviderPayment {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const amount = capture?.amount ?? unit?.amount ?? { currency_code: "GBP", value: "0" };
  const captured = order.status === "COMPLETED" && capture?.status === "COMPLETED";
  return {
    provider: "paypal",
    paymentId: capture?.id ?? order.id,
    sessionId: order.id,
    bookingId: capture?.custom_id ?? unit?.custom_id ?? unit?.reference_id ?? null,
    amountPence: pence(amount.value),
    currency: amount.currency_code.toLowerCase(),
    outcome: captured
      ? "succeeded"
      : capture?.status === "PENDING"
        ? "processing"
        : capture?.status === "DECLINED"
          ? "failed"
          : "open",
    failureMessage: capture?.status === "DECLINED" ? "Your PayPal payment was declined." : null,
    method: "paypal",
  };
}

/** A client token for PayPal's JS SDK (GET /paypal/setup). */
export async function paypalClientToken() {
  const { status, body } = await paypal<{ client_token: string }>("POST", "/v1/identity/generate-token");
  if (status >= 300) throw new PaymentProviderError("Payment Setup Error");
  return body.client_token;
}

export async function createPayPalOrder(input: {
  bookingId: string;
  reference: string;
  amountPence: number;
  requestId: string;
}) {
  const { status, body } = await paypal<Order>("POST", "/v2/checkout/orders", {
    requestId: input.requestId,
    body: {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: input.bookingId,
          custom_id: input.bookingId,
          description: `Booking ${input.reference}`,
          amount: { currency_code: "GBP", value: poundsString(input.amountPence) },
        },
      ],
    },
  });
  if (status >= 300)
    throw new PaymentProviderError(`Payment Setup Error: PayPal answered ${issueOf(body)}.`, status < 500 ? 400 : 502);
  return { id: body.id };
}

export async function getPayPalOrder(orderId: string): Promise<ProviderPayment | null> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return null;
  const { status, body } = await paypal<Order>("GET", `/v2/checkout/orders/${orderId}`);
  if (status === 404) return null;
  if (status >= 300) throw new PaymentProviderError("PayPal could not be reached.");
  return fromOrder(body);
}

/** Captures an approved order; a second capture of the same order answers what the first did. */
export async function capturePayPalOrder(orderId: string): Promise<ProviderPayment | null> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return null;
  const { status, body } = await paypal<Order>("POST", `/v2/checkout/orders/${orderId}/capture`, {
    requestId: `capture-${orderId}`,
    body: {},
  });
  if (status === 404) return null;
  if (status < 300) return fromOrder(body);
  if (issueOf(body) === "ORDER_ALREADY_CAPTURED") return getPayPalOrder(orderId);
  if (issueOf(body) === "ORDER_NOT_APPROVED")
    return { ...(await getPayPalOrder(orderId))!, outcome: "requires_payment_method" };
  throw new PaymentProviderError(`Payment Failed: PayPal answered ${issueOf(body)}.`, status < 500 ? 400 : 502);
}

export async function refundPayPalCapture(captureId: string, amountPence: number, requestId: string) {
  const { status, body } = await paypal<{ id: string; amount: { value: string } }>(
    "POST",
    `/v2/payments/captures/${captureId}/refund`,
    {
      requestId,
      // The key is kept on the refund too (custom_id), so it can be found after PayPal forgets the request id.
      body: { amount: { currency_code: "GBP", value: poundsString(amountPence) }, custom_id: requestId },
    },
  );
  if (status >= 500) throw new PaymentProviderError(`PayPal did not answer the refund (${issueOf(body)}).`, 502);
  if (status >= 300) throw new PaymentProviderError(`PayPal refused the refund (${issueOf(body)}).`, 400);
  return { id: body.id, amountPence: pence(body.amount.value) };
}

type Link = { href: string; rel: string };
type RefundRecord = { id: string; status: string; custom_id?: string; amount: { value: string } };

/**
 * The refund of this capture made under this request id (its custom_id), if any: read from the
 * capture's order, which lists the refunds. How an answer lost on the way back is settled.
 */
export async function findPayPalRefund(captureId: string, requestId: string) {
  const capture = await paypal<{ links?: Link[] }>("GET", `/v2/payments/captures/${encodeURIComponent(captureId)}`);
  if (capture.status >= 300)
    throw new PaymentProviderError(`PayPal did not show the capture (${issueOf(capture.body)}).`, 502);
  const orderLink = capture.body.links?.find((link) => link.rel === "up")?.href;
  const orderId = orderLink ? new URL(orderLink).pathname.split("/").at(-1) : undefined;
  if (!orderId) throw new PaymentProviderError("PayPal did not say which order the capture belongs to.", 502);
  const order = await paypal<{ purchase_units?: { payments?: { refunds?: RefundRecord[] } }[] }>(
    "GET",
    `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
  );
  if (order.status >= 300)
    throw new PaymentProviderError(`PayPal did not show the order (${issueOf(order.body)}).`, 502);
  const refund = (order.body.purchase_units ?? [])
    .flatMap((unit) => unit.payments?.refunds ?? [])
    .find((each) => each.custom_id === requestId && each.status !== "FAILED" && each.status !== "CANCELLED");
  return refund ? { id: refund.id, amountPence: pence(refund.amount.value) } : null;
}
