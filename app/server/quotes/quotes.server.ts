// Quotes: measure the trip, price it with the pricing module, save it with its items, and
// read it back by id, priced again. Pages, checkout and the JSON API all go through here.
import { ASSUMED_DISTANCE_SOURCE, distanceNote, DistanceUnavailableError } from "~/domain/distance";
import { coverView } from "~/domain/goods-cover";
import { formatPounds } from "~/domain/money";
import {
  calculatePrice,
  customerBreakdown,
  PRICING_CONFIG,
  PricingInputError,
  toApiQuote,
  type PriceResult,
} from "~/domain/pricing";
import { routeLegs, routePointField, routePoints, stopView } from "~/domain/route-stops";
import { isoDateOf } from "~/domain/uk-calendar";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { helpersText } from "~/domain/vans";
import type { QuoteRequest } from "~/schemas/quote";
import { db } from "~/server/platform/db.server";
import { createId } from "~/server/platform/ids.server";
import type { QuoteView } from "~/views/quote";
import { Prisma } from "../../../generated/prisma/client";
import { getRouteDistance, RoutePointError, type RouteDistance } from "./distance.server";
import { moveColumns, quotePriceColumns } from "./price-columns";

export { DistanceUnavailableError };

/** A problem the customer can fix, with the form field it belongs to. */
export class QuoteInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "QuoteInputError";
  }
}

export type PricedQuote = { id: string; price: PriceResult; distance: RouteDistance };

/** How a quote's distance was found, as the Quote table keeps it. */
type DistanceColumns = {
  distanceSource: string;
  calculationMethod: string;
  exactCalculation: boolean;
  usingGoogleMaps: boolean;
  legTenths?: number[];
};

const ESTIMATE_SOURCE = ASSUMED_DISTANCE_SOURCE;
const ESTIMATE_COLUMNS: DistanceColumns = {
  distanceSource: ESTIMATE_SOURCE,
  calculationMethod: ESTIMATE_SOURCE,
  exactCalculation: false,
  usingGoogleMaps: false,
};

/**
 * Prices a quote request and saves it. Throws QuoteInputError for addresses that cannot be
 * located or a distance that makes no sense, and DistanceUnavailableError when the distance
 * service fails.
 */
export async function createQuote(
  request: QuoteRequest,
  options: { customerId?: string | null } = {},
): Promise<PricedQuote> {
  let distance: RouteDistance;
  try {
    // Each leg through the distance service and its cache (one leg without extra stops).
    distance = await getRouteDistance(routePoints(request));
  } catch (error) {
    if (error instanceof RoutePointError)
      throw new QuoteInputError(routePointField(error.point, request.stops.length), error.message);
    throw error;
  }
  const price = priceRequest(request, distance.distance);
  const { source, calculationMethod, exactCalculation, usingGoogleMaps } = distance;
  const legTenths = request.stops.length > 0 ? distance.legs.map((leg) => Math.round(leg.distance * 10)) : [];
  const id = await saveQuote(
    request,
    price,
    { distanceSource: source, calculationMethod, exactCalculation, usingGoogleMaps, legTenths },
    options.customerId,
  );
  return { id, price, distance };
}

/**
 * The quote forms' quote. When the distance service fails, the
 * quote is an estimate, clearly labelled as one wherever it shows: the pricing module's price
 * for a move of PRICING_CONFIG.estimateDistanceMiles with everything else as the customer
 * chose it (the usual defaults, medium van included, for anything left out). Checkout
 * measures it again before anything is sold (quoteForCheckout).
 */
export async function createQuoteOrEstimate(request: QuoteRequest, options: { customerId?: string | null } = {}) {
  try {
    const { id, price } = await createQuote(request, options);
    return { id, price, estimate: false };
  } catch (error) {
    if (!(error instanceof DistanceUnavailableError)) throw error;
    // The assumed length for each leg of the route.
    const price = priceRequest(request, PRICING_CONFIG.estimateDistanceMiles * (request.stops.length + 1));
    const id = await saveQuote(request, price, ESTIMATE_COLUMNS, options.customerId);
    return { id, price, estimate: true };
  }
}

function priceRequest(request: QuoteRequest, distanceMiles: number) {
  try {
    return calculatePrice({ ...request, distanceMiles });
  } catch (error) {
    if (error instanceof PricingInputError) throw new QuoteInputError(error.field, error.message);
    throw error;
  }
}

const ITEM_COLUMNS = [
  "name",
  "description",
  "quantity",
  "size",
  "category",
  "dimensions",
  "weightKg",
  "fragile",
  "specialHandling",
  "requiresDisassembly",
  "position",
] as const;
const STOP_COLUMNS = ["position", "type", "address", "floorAccess", "liftAvailable"] as const;
const quoted = (columns: readonly string[]) => Prisma.raw(columns.map((column) => `"${column}"`).join(", "));

/**
 * Saves the quote and its items in one statement (one round trip, atomic): the rows go in as
 * JSON and jsonb_populate_record(set) turns them into Quote and QuoteItem rows, so every
 * value keeps its column's type (enums, dates, decimals, JSON); columns left out take their
 * defaults. Ids have the shape of Prisma's cuid().
 */
async function saveQuote(
  request: QuoteRequest,
  price: PriceResult,
  distance: DistanceColumns,
  customerId: string | null | undefined,
) {
  const id = createId();
  const quote = {
    id,
    customerId: customerId ?? null,
    ...moveColumns(price),
    moveDate: price.moveDate,
    ...quotePriceColumns(price),
    // The chosen van and helpers, before items upgraded them.
    vanSizeChosen: request.vanSize,
    helpersChosen: request.helpers,
    ...distance,
  };
  const items = request.items.map((item, position) => ({
    id: createId(),
    ...item,
    fragile: item.fragile ?? false,
    requiresDisassembly: item.requiresDisassembly ?? false,
    position,
  }));
  const stops = request.stops.map((stop, index) => ({ id: createId(), ...stop, position: index + 1 }));
  const quoteColumns = quoted(Object.keys(quote));
  await db.$executeRaw`
    with "quote" as (
      insert into "Quote" (${quoteColumns})
      select ${quoteColumns} from jsonb_populate_record(null::"Quote", ${JSON.stringify(quote)}::jsonb)
      returning "id"
    ), "stops" as (
      insert into "QuoteStop" ("id", "quoteId", ${quoted(STOP_COLUMNS)})
      select "stop"."id", "quote"."id", ${Prisma.raw(STOP_COLUMNS.map((column) => `"stop"."${column}"`).join(", "))}
      from "quote", jsonb_populate_recordset(null::"QuoteStop", ${JSON.stringify(stops)}::jsonb) as "stop"
    )
    insert into "QuoteItem" ("id", "quoteId", ${quoted(ITEM_COLUMNS)})
    select "item"."id", "quote"."id", ${Prisma.raw(ITEM_COLUMNS.map((column) => `"item"."${column}"`).join(", "))}
    from "quote", jsonb_populate_recordset(null::"QuoteItem", ${JSON.stringify(items)}::jsonb) as "item"`;
  return id;
}

function findQuote(id: string) {
  return db.quote.findUnique({
    where: { id },
    include: { items: { orderBy: { position: "asc" } }, stops: { orderBy: { position: "asc" } } },
  });
}
type SavedQuote = NonNullable<Awaited<ReturnType<typeof findQuote>>>;

/** The request a saved quote was priced from. */
function savedRequest(quote: SavedQuote): QuoteRequest {
  return {
    pickupAddress: quote.pickupAddress,
    deliveryAddress: quote.deliveryAddress,
    moveDate: isoDateOf(quote.moveDate),
    moveTime: quote.moveTime,
    vanSize: quote.vanSizeChosen,
    helpers: quote.helpersChosen,
    floorAccessPickup: quote.floorAccessPickup,
    floorAccessDelivery: quote.floorAccessDelivery,
    liftAvailablePickup: quote.liftAvailablePickup,
    liftAvailableDelivery: quote.liftAvailableDelivery,
    urgency: quote.urgency,
    declaredValue: quote.declaredValue ?? undefined,
    items: quote.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      size: item.size ?? undefined,
      description: item.description ?? undefined,
      category: item.category ?? undefined,
      dimensions: item.dimensions ?? undefined,
      weightKg: item.weightKg?.toNumber(),
      fragile: item.fragile,
      specialHandling: item.specialHandling ?? undefined,
      requiresDisassembly: item.requiresDisassembly,
    })),
    stops: quote.stops.map(({ type, address, floorAccess, liftAvailable }) => ({
      type,
      address,
      floorAccess,
      liftAvailable,
    })),
  };
}

/** A saved quote, priced again by today's rules from the inputs it was saved with. */
export async function getQuoteView(id: string): Promise<QuoteView | null> {
  const quote = await findQuote(id);
  if (!quote) return null;
  const price = calculatePrice({ ...savedRequest(quote), distanceMiles: quote.distanceTenths / 10 });
  return {
    id: quote.id,
    pickupAddress: price.pickupAddress,
    deliveryAddress: price.deliveryAddress,
    moveDate: price.moveDate,
    moveDateText: formatCalendarDate(price.moveDate, "long"),
    moveTime: price.moveTime,
    vanSize: price.vanSize,
    helpers: price.helpers,
    helpersText: helpersText(price.helpers),
    distanceMiles: price.distance,
    estimate: quote.distanceSource === ESTIMATE_SOURCE,
    distanceNote: distanceNote(quote.distanceSource),
    estimatedTime: price.estimatedTime,
    totalPence: price.totalWithVAT,
    total: price.priceString,
    driverShare: formatPounds(price.driverShare),
    platformFee: formatPounds(price.platformFee),
    vat: formatPounds(price.vatAmount),
    platformPayment: formatPounds(price.platformFee + price.vatAmount),
    breakdown: customerBreakdown(price.breakdownLines, price).map((line) => ({
      key: line.key,
      label: line.label,
      amount: formatPounds(line.amountPence),
      note: line.note,
      partOfAbove: line.partOfAbove,
    })),
    explanation: price.explanation,
    items: quote.items.map((item) => ({ name: item.name, quantity: item.quantity })),
    stops: quote.stops.map(stopView),
    legs: routeLegs(routePoints(quote), quote.legTenths),
    cover: coverView(price.declaredValue),
  };
}

/** A saved quote with its price by today's rules: what a booking is made from. */
export async function pricedQuote(id: string) {
  const quote = await findQuote(id);
  if (!quote) return null;
  const price = calculatePrice({ ...savedRequest(quote), distanceMiles: quote.distanceTenths / 10 });
  return { quote, price, estimate: quote.distanceSource === ESTIMATE_SOURCE };
}

/**
 * The quote "Proceed to Checkout" leads to. An estimate is never sold: its trip is measured
 * again and priced for real as a new quote. While the distance service still fails (or now
 * refuses an address), the estimate comes back with the reason. Null for an unknown id.
 */
export async function quoteForCheckout(id: string): Promise<{ id: string; failure: string | null } | null> {
  const quote = await findQuote(id);
  if (!quote) return null;
  if (quote.distanceSource !== ESTIMATE_SOURCE) return { id: quote.id, failure: null };
  try {
    const measured = await createQuote(savedRequest(quote), { customerId: quote.customerId });
    return { id: measured.id, failure: null };
  } catch (error) {
    if (error instanceof DistanceUnavailableError || error instanceof QuoteInputError)
      return { id: quote.id, failure: error.message };
    throw error;
  }
}

/** POST /api/quotes/calculate and /simple: the quote in the API's shape, with the items as sent. */
export function apiQuoteAnswer({ id, price, distance }: PricedQuote, request: QuoteRequest) {
  return {
    id,
    ...toApiQuote(price),
    collectionAddress: price.pickupAddress,
    // The product calls the weight `weight`; earlier answers called it weightKg: both are given.
    items: request.items.map((item) => ({ ...item, weight: item.weightKg })),
    distanceSource: distance.source,
    calculationMethod: distance.calculationMethod,
    exactCalculation: distance.exactCalculation,
    usingGoogleMaps: distance.usingGoogleMaps,
    // v2: each leg of a route with extra stops.
    ...(request.stops.length > 0
      ? { legs: distance.legs.map((leg) => ({ from: leg.origin, to: leg.destination, distance: leg.distance })) }
      : {}),
  };
}

/** The success toast. */
export function quoteCalculatedToast(price: PriceResult) {
  return {
    title: "Quote calculated",
    description: `Your quote for ${price.distance} miles is ${price.priceString}`,
    variant: "success" as const,
  };
}

/** The distance service failed, so the quote shown is an estimate. */
export const QUOTE_ESTIMATE_TOAST = {
  title: "Quote Generation Failed",
  description: `Using Estimated Quote: we could not measure the distance, so this price assumes ${PRICING_CONFIG.estimateDistanceMiles} miles.`,
  variant: "error" as const,
};

export const QUOTE_ERROR_TOAST = {
  title: "Error",
  description: "There was a problem calculating your quote. Please try again.",
  variant: "error" as const,
};
