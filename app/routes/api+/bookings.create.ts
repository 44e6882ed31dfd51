// POST /api/bookings/create {quoteId} → the quote's booking (pending, unpaid), made once: a
// second call for the same quote answers the same booking. The caller must be signed in.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiCreateBookingSchema } from "~/schemas/checkout";
import { requireApiUser } from "~/server/auth/api-auth.server";
import { bookQuote, findBookingFor } from "~/server/bookings/bookings.server";
import { apiBookingAnswer } from "~/server/bookings/checkout-pages.server";
import { apiError, enforceRateLimit, parseJsonBody, requireMethod } from "~/server/platform/api.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  await enforceRateLimit(context);
  const { quoteId } = await parseJsonBody(request, apiCreateBookingSchema);
  const result = await bookQuote(request, quoteId, user);
  if (result.status === "unknown_quote") return apiError(404, "No quote found");
  if (result.status === "estimate") return apiError(503, result.failure);
  const booking = await findBookingFor(request, result.bookingId, user);
  if (!booking) return apiError(404, "No quote found"); // another customer's booking of this quote
  return Response.json({ booking: apiBookingAnswer(booking) }, { status: 201 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
