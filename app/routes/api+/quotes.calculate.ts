// POST /api/quotes/calculate → { quote } with every field of docs/PRICING.md.
// The caller (bearer token or session cookie) owns the quote; anyone may ask.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiQuoteRequestSchema } from "~/schemas/quote";
import { getApiUser } from "~/server/auth/api-auth.server";
import { apiError, enforceRateLimit, parseJsonBody, requireMethod } from "~/server/platform/api.server";
import { apiQuoteAnswer, createQuote, DistanceUnavailableError, QuoteInputError } from "~/server/quotes/quotes.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await enforceRateLimit(context);
  const input = await parseJsonBody(request, apiQuoteRequestSchema);
  const user = await getApiUser(request);
  try {
    const quote = await createQuote(input, { customerId: user?.id });
    return Response.json({ quote: apiQuoteAnswer(quote, input) });
  } catch (error) {
    if (error instanceof QuoteInputError)
      return apiError(400, error.message, { fieldErrors: { [error.field]: [error.message] } });
    if (error instanceof DistanceUnavailableError) return apiError(503, error.message);
    throw error;
  }
}

// A GET gets a 405 that names POST.
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
