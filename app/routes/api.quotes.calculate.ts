// POST /api/quotes/calculate → { quote } with every field of PRICING.md (spec/01 and spec/02).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { toApiQuote } from "~/domain/pricing";
import { apiQuoteRequestSchema } from "~/schemas/quote";
import { apiError, enforceRateLimit, parseJsonBody, requireMethod } from "~/server/api.server";
import { getSessionUser } from "~/server/auth.server";
import { createQuote, QuoteInputError } from "~/server/quotes.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await enforceRateLimit(request);
  const input = await parseJsonBody(request, apiQuoteRequestSchema);
  const user = await getSessionUser(request);
  try {
    const { id, price, distance } = await createQuote(input, { customerId: user?.id });
    return Response.json({
      quote: {
        id,
        ...toApiQuote(price),
        collectionAddress: price.pickupAddress,
        distanceSource: distance.source,
        calculationMethod: distance.calculationMethod,
        exactCalculation: distance.exactCalculation,
        usingGoogleMaps: distance.usingGoogleMaps,
      },
    });
  } catch (error) {
    if (error instanceof QuoteInputError) return apiError(400, error.message, { fieldErrors: { [error.field]: [error.message] } });
    throw error;
  }
}

// A GET gets a 405 that names POST.
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
