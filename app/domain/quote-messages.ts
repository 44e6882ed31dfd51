// Every message a quote's input can be refused with: the product's words where it gives them
//. It lives in the domain, whose own checks
// (pricing, distance) use it, and the zod schemas take the same words from here.
export const QUOTE_MESSAGES = {
  pickupAddress: "Please enter a valid pickup address",
  deliveryAddress: "Please enter a valid delivery address",
  bothAddresses: "Please enter both addresses",
  moveDate: "Please select a date",
  pastDate: "Please choose today or a later date",
  moveTime: "Please enter a valid time (HH:MM)",
  helpers: "Helpers must be between 0 and 2",
  itemName: "Item name is required",
  itemQuantity: "Quantity must be greater than 0",
  noItems: "Please add at least one item to generate a quote.",
  stopAddress: "Please enter a valid address for this stop",
  stopType: "Please choose whether this stop is a pickup or a drop-off",
  tooManyStops: "A move can have at most 4 extra stops",
  distance: "Invalid distance. Addresses may be too similar or incomplete.",
  addressNotFound: (address: string) => `We couldn't find "${address}". Please enter a full UK postcode, e.g. NE1 4ST.`,
  // Only a caller that skipped the schemas can meet these two.
  invalidChoice: (field: string, value: unknown) => `Invalid ${field}: ${String(value)}`,
  discountPercent: "Invalid discount percentage",
} as const;
