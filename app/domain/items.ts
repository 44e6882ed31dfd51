// Items to move: sizes, the quick-add catalogue (spec/01 section 3), the
// item categories (spec/02 section 3) and heavy-item detection (spec/02 section 9).

export const ITEM_SIZES = ["small", "medium", "large", "extraLarge"] as const;
export type ItemSize = (typeof ITEM_SIZES)[number];

export const ITEM_SIZE_LABELS: Readonly<Record<ItemSize, string>> = {
  small: "Small",
  medium: "Medium",
  large: "Large",
  extraLarge: "Extra large",
};

export const ITEM_CATEGORIES = [
  "Furniture",
  "Electronics",
  "Kitchen",
  "Boxes",
  "Appliances",
  "Fragile",
  "Outdoor",
  "Office",
  "Artwork",
  "Other",
] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

export interface CatalogueItem {
  name: string;
  size: ItemSize;
}

export const QUICK_ADD_ITEMS: readonly CatalogueItem[] = [
  { name: "Sofa", size: "large" },
  { name: "Dining Table", size: "large" },
  { name: "TV", size: "medium" },
  { name: "Wardrobe", size: "large" },
  { name: "Bed (Single)", size: "large" },
  { name: "Bed (Double)", size: "extraLarge" },
  { name: "Dresser", size: "medium" },
  { name: "Bookshelf", size: "medium" },
  { name: "Chair", size: "small" },
  { name: "Desk", size: "medium" },
  { name: "Refrigerator", size: "large" },
  { name: "Washing Machine", size: "large" },
];

/** Weight (kg) above which an item counts as heavy. */
export const HEAVY_WEIGHT_KG = 50;
// The spec lists "fridge"; "refrigerator" is added because the catalogue
// names the same appliance that way and "refrigerator" does not contain "fridge".
export const HEAVY_NAME_WORDS: readonly string[] = [
  "fridge",
  "refrigerator",
  "washing machine",
  "sofa",
  "wardrobe",
  "piano",
];

export interface ItemLike {
  name: string;
  quantity: number;
  weight?: number | null;
}

/** Heavy: weight over 50 kg, or a name that contains a known heavy item. */
export function isHeavyItem(item: { name: string; weight?: number | null }): boolean {
  if (typeof item.weight === "number" && item.weight > HEAVY_WEIGHT_KG) return true;
  const name = item.name.toLowerCase().replace(/\s+/g, " ");
  return HEAVY_NAME_WORDS.some((word) => name.includes(word));
}

/** Total quantity over all items (what the van and helper upgrades count). */
export function totalQuantity(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
