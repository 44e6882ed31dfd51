// Items to move: sizes, the quick-add catalogue and the item
// categories.

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

/** Total quantity over all items (what the van and helper upgrades count). */
export function totalQuantity(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
