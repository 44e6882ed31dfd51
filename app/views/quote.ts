import type { CoverView } from "~/domain/goods-cover";
import type { RouteLeg, StopView } from "~/domain/route-stops";

export type { RouteLeg, StopView };

/** What the quote card, checkout and confirmation show of a quote: display-ready, no secrets. */
export type QuoteView = {
  id: string;
  pickupAddress: string;
  deliveryAddress: string;
  moveDate: string;
  /** "5 December 2026". */
  moveDateText: string;
  moveTime: string;
  vanSize: string;
  helpers: number;
  /** "no helpers", "2 helpers". */
  helpersText: string;
  distanceMiles: number;
  /** Priced for an assumed distance because the distance service failed: never sold as it is. */
  estimate: boolean;
  /** "(estimated)", "(in-town estimate)", "(assumed)" beside the distance; null when measured. */
  distanceNote: string | null;
  estimatedTime: string;
  totalPence: number;
  total: string;
  driverShare: string;
  platformFee: string;
  vat: string;
  platformPayment: string;
  /** The price's lines; `key` names the line (domain/pricing.ts), `partOfAbove` sits under the one above. */
  breakdown: { key: string; label: string; amount: string; note?: string; partOfAbove?: boolean }[];
  explanation: string;
  items: { name: string; quantity: number }[];
  /** Extra stops in route order, and the route's legs (both empty for a two-address move). */
  stops: StopView[];
  legs: RouteLeg[];
  /** docs/PRICING.md v3: standard cover, or extended cover with its declared value. */
  cover: CoverView;
};
