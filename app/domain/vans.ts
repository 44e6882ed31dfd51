// Van sizes, their price multipliers and the van size guide.
import { countOf } from "./plural";

/** "no helpers", "1 helper", "2 helpers": worded on the server, so pages ship no plural rules. */
export function helpersText(helpers: number): string {
  return helpers === 0 ? "no helpers" : countOf(helpers, "helper");
}

export const VAN_SIZES = ["small", "medium", "large", "luton"] as const; // smallest first
export type VanSize = (typeof VAN_SIZES)[number];

export function isVanSize(value: unknown): value is VanSize {
  return typeof value === "string" && (VAN_SIZES as readonly string[]).includes(value);
}

/** Price multiplier in basis points (docs/PRICING.md step 3): 10000 = ×1. */
export const VAN_MULTIPLIER_BP: Readonly<Record<VanSize, number>> = {
  small: 10_000,
  medium: 11_000,
  large: 12_000,
  luton: 13_000,
};

export const VAN_LABELS: Readonly<Record<VanSize, string>> = {
  small: "Small Van",
  medium: "Medium Van",
  large: "Large Van",
  luton: "Luton Van",
};

/** Position in size order: small 0 ... luton 3. */
function vanRank(size: VanSize): number {
  return VAN_SIZES.indexOf(size);
}

/** The vans that can do a job needing this one: it and every bigger van. */
export const vansAtLeast = (size: VanSize): VanSize[] => VAN_SIZES.slice(vanRank(size));

/** The jobs' van sizes this van can do: it and every smaller one. */
export const vansAtMost = (size: VanSize): VanSize[] => VAN_SIZES.slice(0, vanRank(size) + 1);

/** The larger of two vans (items can upgrade a van, never downgrade it). */
export function largerVan(a: VanSize, b: VanSize): VanSize {
  return vanRank(a) >= vanRank(b) ? a : b;
}

export interface VanGuideEntry {
  id: VanSize;
  title: string;
  description: string;
  loadSpace: string; // m³
  maxLength: string;
  payload: string;
  capacity: string; // as the product states it, in cubic feet
  bestFor: string;
  multiplier: number; // price multiplier, e.g. 1.1
}

// The product's figures, copied as given.
export const VAN_GUIDE: readonly VanGuideEntry[] = [
  {
    id: "small",
    title: "Small Van",
    description: "A compact van that gets through narrow streets and into tight parking spots.",
    loadSpace: "5.2 m³",
    maxLength: "2.5 m",
    payload: "up to 800kg",
    capacity: "40-50 cubic feet",
    bestFor: "Single items, a few boxes, student moves and small deliveries.",
    multiplier: 1,
  },
  {
    id: "medium",
    title: "Medium Van",
    description: "Our most popular size, with room for the contents of a small flat.",
    loadSpace: "7.8 m³",
    maxLength: "3.0 m",
    payload: "1,200kg",
    capacity: "80-100 cubic feet",
    bestFor: "Studio and one-bedroom flats, or a few pieces of furniture.",
    multiplier: 1.1,
  },
  {
    id: "large",
    title: "Large Van",
    description: "A long-wheelbase van for bigger moves and long items.",
    loadSpace: "13 m³",
    maxLength: "4.3 m",
    payload: "1,500kg",
    capacity: "150-170 cubic feet",
    bestFor: "Two-bedroom flats, small houses and small office moves.",
    multiplier: 1.2,
  },
  {
    id: "luton",
    title: "Luton Van",
    description: "The largest van, with a box body and usually a tail lift for heavy items.",
    loadSpace: "18+ m³",
    maxLength: "4.5 m",
    payload: "2,000kg",
    capacity: "550-600 cubic feet",
    bestFor: "Three-bedroom houses, full office moves and bulky furniture.",
    multiplier: 1.3,
  },
];
