// GET /paypal/setup → { clientToken } for PayPal's JS SDK. Signed-in
// callers only (session cookie or bearer token); 503 when PayPal is not configured.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/auth/api-auth.server";
import { paymentRefusal } from "~/server/bookings/payment-refusals.server";
import { paypalClientToken, paypalConfigured } from "~/server/payments/paypal.server";
import { apiError, requireMethod } from "~/server/platform/api.server";

export const PAYPAL_NOT_CONFIGURED = "PayPal is not configured on this server.";

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "GET", "HEAD");
  await requireApiUser(request);
  if (!(await paypalConfigured())) return apiError(503, PAYPAL_NOT_CONFIGURED);
  try {
    // A client token is for this caller's browser alone: never cached on the way.
    return Response.json(
      { clientToken: await paypalClientToken() },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    const refusal = paymentRefusal(error);
    if (!refusal) throw error;
    return apiError(refusal.status, refusal.message);
  }
}

// A POST gets a 405 that names GET.
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "GET", "HEAD");
  return null;
}
