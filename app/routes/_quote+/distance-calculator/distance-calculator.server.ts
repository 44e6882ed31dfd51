// /distance-calculator: measure a trip, or price it as a simple or a detailed quote.
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { distanceNote } from "~/domain/distance";
import { DEFAULT_MOVE_TIME } from "~/domain/move-inputs";
import { routePoints } from "~/domain/route-stops";
import { ukToday } from "~/domain/uk-calendar";
import { quotePostLimited } from "~/routes/_quote+/quote-form.server";
import { distanceCalculatorSchema } from "~/schemas/quote";
import {
  DistanceLookupError,
  DistanceUnavailableError,
  getRouteDistance,
  type RouteDistance,
} from "~/server/quotes/distance.server";
import { createQuote, getQuoteView, QuoteInputError } from "~/server/quotes/quotes.server";
import type { QuoteView } from "~/views/quote";

const FAILURE_TITLES = {
  distance: "Failed to calculate distance",
  simple: "Failed to calculate quote",
  detailed: "Failed to calculate detailed quote",
} as const;

// a detailed quote assumes 1 helper; a simple one none.
const HELPERS = { simple: 0, detailed: 1 } as const;

export type DistanceCalculatorResult = {
  /** With its note ("(estimated)"…), worded here so the rule stays out of the browser's code. */
  distance: (RouteDistance & { note: string | null }) | null;
  quote: (QuoteView & { kind: "simple" | "detailed" }) | null;
  failure: string | null;
};

export async function submitDistanceCalculator(request: Request, address: string) {
  const submission = parseWithZod(await request.formData(), { schema: distanceCalculatorSchema });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply(), distance: null, quote: null, failure: null } as const, {
      status: 400,
    });
  }
  const limited = await quotePostLimited(address);
  if (limited)
    return data(
      {
        lastResult: submission.reply({ formErrors: [limited.message] }),
        distance: null,
        quote: null,
        failure: null,
      } as const,
      { status: 429, headers: limited.headers },
    );
  const { pickupAddress, deliveryAddress, vanSize, stops, declaredValue, action } = submission.value;
  try {
    if (action === "distance") {
      // Each leg of the route through the distance service (one without extra stops).
      const distance = await getRouteDistance(routePoints({ pickupAddress, deliveryAddress, stops }));
      return {
        lastResult: submission.reply(),
        distance: { ...distance, note: distanceNote(distance.source) },
        quote: null,
        failure: null,
      };
    }
    const { id, distance } = await createQuote({
      pickupAddress,
      deliveryAddress,
      vanSize,
      helpers: HELPERS[action],
      moveDate: ukToday(),
      moveTime: DEFAULT_MOVE_TIME,
      floorAccessPickup: "ground",
      floorAccessDelivery: "ground",
      liftAvailablePickup: false,
      liftAvailableDelivery: false,
      urgency: "standard",
      items: [],
      stops,
      declaredValue,
    });
    const view = await getQuoteView(id);
    return {
      lastResult: submission.reply(),
      distance: { ...distance, note: distanceNote(distance.source) },
      quote: view && { ...view, kind: action },
      failure: null,
    };
  } catch (error) {
    if (!(
      error instanceof DistanceLookupError ||
      error instanceof DistanceUnavailableError ||
      error instanceof QuoteInputError
    ))
      throw error;
    return data(
      {
        lastResult: submission.reply(),
        distance: null,
        quote: null,
        failure: `${FAILURE_TITLES[action]}: ${error.message}`,
      },
      { status: 400 },
    );
  }
}
