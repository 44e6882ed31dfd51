// Quotes: measure the trip, price it with the pricing module, save it with its items and
// lines, and read it back by id. Pages, checkout and the JSON API all go through here.
import { DistanceLookupError, type DistanceResult } from "~/domain/distance";
import { formatPounds } from "~/domain/money";
import {
  calculatePrice,
  estimatedTimeText,
  PricingInputError,
  type BreakdownLine,
  type PriceResult,
} from "~/domain/pricing";
import type { QuoteRequest } from "~/schemas/quote";
import { db } from "./db.server";
import { getDistance } from "./distance.server";
import { moveColumns, quotePriceColumns } from "./price-columns";

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

export type PricedQuote = { id: string; price: PriceResult; distance: DistanceResult };

/**
 * Prices a quote request and saves it. Throws QuoteInputError for addresses that cannot be
 * located or a distance that makes no sense.
 */
export async function createQuote(request: QuoteRequest, options: { customerId?: string | null } = {}): Promise<PricedQuote> {
  let distance: DistanceResult;
  let price: PriceResult;
  try {
    distance = await getDistance(request.pickupAddress, request.deliveryAddress);
    price = calculatePrice({ ...request, distanceMiles: distance.distance });
  } catch (error) {
    if (error instanceof DistanceLookupError) throw new QuoteInputError(error.field === "distance" ? "deliveryAddress" : error.field, error.message);
    if (error instanceof PricingInputError) throw new QuoteInputError(error.field, error.message);
    throw error;
  }

  const items = request.items.map((item, position) => ({
    name: item.name,
    quantity: item.quantity,
    size: item.size,
    description: item.description,
    category: item.category,
    dimensions: item.dimensions,
    weightKg: item.weightKg,
    fragile: item.fragile,
    specialHandling: item.specialHandling,
    position,
  }));

  const saved = await db.quote.create({
    data: {
      customerId: options.customerId ?? null,
      ...moveColumns(price),
      ...quotePriceColumns(price),
      // The chosen van and helpers, before items upgraded them.
      vanSizeChosen: request.vanSize,
      helpersChosen: request.helpers,
      distanceSource: distance.source,
      calculationMethod: distance.calculationMethod,
      exactCalculation: distance.exactCalculation,
      usingGoogleMaps: distance.usingGoogleMaps,
      items: { create: items },
    },
    select: { id: true },
  });
  return { id: saved.id, price, distance };
}

/** What the quote card, checkout and confirmation show: display-ready, no secrets. */
export type QuoteView = {
  id: string;
  pickupAddress: string;
  deliveryAddress: string;
  moveDate: string;
  moveTime: string;
  vanSize: string;
  helpers: number;
  distanceMiles: number;
  distanceEstimated: boolean;
  estimatedTime: string;
  totalPence: number;
  total: string;
  driverShare: string;
  platformFee: string;
  vat: string;
  platformPayment: string;
  breakdown: { label: string; amount: string; note?: string }[];
  explanation: string;
  items: { name: string; quantity: number }[];
};

export async function getQuoteView(id: string): Promise<QuoteView | null> {
  const quote = await db.quote.findUnique({
    where: { id },
    include: { items: { orderBy: { position: "asc" }, select: { name: true, quantity: true } } },
  });
  if (!quote) return null;
  const lines = quote.breakdown as unknown as BreakdownLine[];
  return {
    id: quote.id,
    pickupAddress: quote.pickupAddress,
    deliveryAddress: quote.deliveryAddress,
    moveDate: quote.moveDate.toISOString().slice(0, 10),
    moveTime: quote.moveTime,
    vanSize: quote.vanSize,
    helpers: quote.helpers,
    distanceMiles: quote.distanceTenths / 10,
    distanceEstimated: !quote.exactCalculation,
    estimatedTime: estimatedTimeText(quote.estimatedHours),
    totalPence: quote.totalWithVAT,
    total: formatPounds(quote.totalWithVAT),
    driverShare: formatPounds(quote.driverShare),
    platformFee: formatPounds(quote.platformFee),
    vat: formatPounds(quote.vatAmount),
    platformPayment: formatPounds(quote.platformFee + quote.vatAmount),
    breakdown: lines.map((line) => ({ label: line.label, amount: formatPounds(line.amountPence), note: line.note })),
    explanation: quote.explanation,
    items: quote.items,
  };
}

/** The success toast of spec/01 section 8. */
export function quoteCalculatedToast(price: PriceResult) {
  return { title: "Quote calculated", description: `Your quote for ${price.distance} miles is ${price.priceString}`, variant: "success" as const };
}

export const QUOTE_ERROR_TOAST = {
  title: "Error",
  description: "There was a problem calculating your quote. Please try again.",
  variant: "error" as const,
};
