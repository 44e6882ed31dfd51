// The quote forms' constraint attributes (required, minLength, pattern…) as
// getZodConstraint gives them for their schemas, written out so that a page sets them without
// loading zod; tests/unit/quote-form-checks.test.ts holds them equal to the schemas'.
import { ITEM_CATEGORIES, ITEM_SIZES } from "~/domain/items";
import { FLOOR_ACCESS_LEVELS, MOVE_TIME, STOP_TYPES, URGENCIES } from "~/domain/move-inputs";
import { VAN_SIZES } from "~/domain/vans";

/** The extra stops' list, on every quote form. */
const STOPS_CONSTRAINT = {
  stops: { required: false, multiple: true },
  "stops[]": { required: true },
  "stops[].address": { required: true, minLength: 5 },
  "stops[].type": { required: true, pattern: STOP_TYPES.join("|") },
  "stops[].floorAccess": { required: false, pattern: FLOOR_ACCESS_LEVELS.join("|") },
  "stops[].liftAvailable": { required: false },
};

/** What getZodConstraint(quoteFormSchema) gives, for the inputs' HTML attributes. */
export const QUOTE_FORM_CONSTRAINT = {
  pickupAddress: { required: true, minLength: 5 },
  deliveryAddress: { required: true, minLength: 5 },
  moveDate: { required: true },
  moveTime: { required: false, pattern: `^(?=.*(?:${MOVE_TIME.source})).*$` },
  vanSize: { required: false, pattern: VAN_SIZES.join("|") },
  helpers: { required: false, min: 0, max: 2 },
  floorAccessPickup: { required: false, pattern: FLOOR_ACCESS_LEVELS.join("|") },
  floorAccessDelivery: { required: false, pattern: FLOOR_ACCESS_LEVELS.join("|") },
  liftAvailablePickup: { required: false },
  liftAvailableDelivery: { required: false },
  urgency: { required: false, pattern: URGENCIES.join("|") },
  items: { required: false, multiple: true },
  "items[]": { required: true },
  "items[].name": { required: true, minLength: 1, maxLength: 100 },
  "items[].quantity": { required: true, min: 1, max: 999 },
  "items[].size": { required: false, pattern: ITEM_SIZES.join("|") },
  "items[].description": { required: false, maxLength: 500 },
  "items[].category": { required: false, pattern: ITEM_CATEGORIES.join("|") },
  "items[].dimensions": { required: false, maxLength: 100 },
  "items[].weightKg": { required: false, min: 0, max: 5000 },
  "items[].fragile": { required: false },
  "items[].specialHandling": { required: false, maxLength: 300 },
  "items[].requiresDisassembly": { required: false },
  ...STOPS_CONSTRAINT,
  declaredValue: { required: false, min: 500, max: 50_000 },
  detailed: { required: false },
};

/** What getZodConstraint(detailedQuoteSchema) gives (/quote): the same fields, without "detailed". */
export const DETAILED_QUOTE_CONSTRAINT = Object.fromEntries(
  Object.entries(QUOTE_FORM_CONSTRAINT).filter(([name]) => name !== "detailed"),
);

/** What getZodConstraint(distanceCalculatorSchema) gives (/distance-calculator). */
export const DISTANCE_CALCULATOR_CONSTRAINT = {
  pickupAddress: { required: true, minLength: 1 },
  deliveryAddress: { required: true, minLength: 1 },
  vanSize: { required: false, pattern: VAN_SIZES.join("|") },
  ...STOPS_CONSTRAINT,
  declaredValue: { required: false, min: 500, max: 50_000 },
  action: { required: false, pattern: "distance|simple|detailed" },
};
