// A payment that cannot start says why, as a 4xx the form shows: never a 500.
import { CheckoutRefusal } from "~/server/bookings/checkout.server";
import { PaymentProviderError } from "~/server/payments/gateway";
import { apiError } from "~/server/platform/api.server";

/** The message and status for a refusal, or null (then the error is a real fault: rethrow). */
export function paymentRefusal(error: unknown): { message: string; status: number } | null {
  if (error instanceof CheckoutRefusal) return { message: error.message, status: error.status };
  if (error instanceof PaymentProviderError)
    return { message: error.message, status: error.status === 503 ? 503 : error.status >= 500 ? 502 : error.status };
  return null;
}

/** A JSON API route's payment work: a refusal answers in the API's error shape, a fault is rethrown. */
export async function answerPaymentCall(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    const refusal = paymentRefusal(error);
    if (!refusal) throw error;
    return apiError(refusal.status, refusal.message);
  }
}
