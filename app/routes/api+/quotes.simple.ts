// POST /api/quotes/simple { from, to, vanSize } → { quote }: a quote for today with defaults.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ukToday } from "~/domain/uk-calendar";
import { apiRouteSchema, apiQuoteRequestSchema } from "~/schemas/quote";
import { getApiUser } from "~/server/auth/api-auth.server";
import {
  apiError,
  enforceRateLimit,
  parseJsonBody,
  requireMethod,
  validationError,
} from "~/server/platform/api.server";
import { apiQuoteAnswer, createQuote, DistanceUnavailableError, QuoteInputError } from "~/server/quotes/quotes.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await enforceRateLimit(context);
  const { from, to, vanSize } = await parseJsonBody(request, apiRouteSchema);
  const parsed = apiQuoteRequestSchema.safeParse({
    pickupAddress: from,
    deliveryAddress: to,
    vanSize,
    moveDate: ukToday(),
  });
  if (!parsed.success) return validationError(parsed.error);
  try {
    const user = await getApiUser(request);
    const quote = await createQuote(parsed.data, { customerId: user?.id });
    return Response.json({ quote: apiQuoteAnswer(quote, parsed.data) });
  } catch (error) {
    if (error instanceof QuoteInputError)
      return apiError(400, error.message, {
        fieldErrors: { [error.field === "pickupAddress" ? "from" : "to"]: [error.message] },
      });
    if (error instanceof DistanceUnavailableError) return apiError(503, error.message);
    throw error;
  }
}

// A GET gets a 405 that names POST.
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, "POST");
  return null;
}
