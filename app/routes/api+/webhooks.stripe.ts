// POST /api/webhooks/stripe: Stripe's events about payments. The signature (Stripe-Signature,
// checked against STRIPE_WEBHOOK_SECRET) is the caller's identity; a replayed event changes
// nothing. The raw body is read as text because the signature covers its exact bytes.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleStripeWebhook } from "~/server/bookings/checkout.server";
import { apiError, MAX_API_BODY_BYTES, requireMethod } from "~/server/platform/api.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const payload = await request.text();
  if (payload.length > MAX_API_BODY_BYTES) return apiError(413, "Request body too large");
  const result = await handleStripeWebhook(payload, request.headers.get("stripe-signature"));
  if (result.status >= 400) return apiError(result.status, String(result.body.error));
  return Response.json(result.body, { status: result.status });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
