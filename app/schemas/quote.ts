// The quote forms' and quote API's validation: one schema per form, the product's messages
// word for word. Shared by actions, API routes and,
// through conform, by the browser as you type.
import { z } from "zod";
import { COVER_MESSAGES, GOODS_COVER } from "~/domain/goods-cover";
import { ITEM_CATEGORIES, ITEM_SIZES } from "~/domain/items";
import {
  DEFAULT_MOVE_TIME,
  FLOOR_ACCESS_LEVELS,
  MAX_EXTRA_STOPS,
  MOVE_TIME as TIME,
  STOP_TYPES,
  URGENCIES,
} from "~/domain/move-inputs";
import { QUOTE_MESSAGES } from "~/domain/quote-messages";
import { isValidIsoDate, ukToday } from "~/domain/uk-calendar";
import { VAN_SIZES } from "~/domain/vans";

export { QUOTE_MESSAGES };

/** The one address rule of every quote form: at least 5 characters once trimmed. */
const address = (message: string) => z.string({ required_error: message }).trim().min(5, message);
const pickupAddress = address(QUOTE_MESSAGES.pickupAddress);
const deliveryAddress = address(QUOTE_MESSAGES.deliveryAddress);
/** Where only presence matters (measuring a distance, the API's from/to). */
const bothAddresses = z
  .string({ required_error: QUOTE_MESSAGES.bothAddresses })
  .trim()
  .min(1, QUOTE_MESSAGES.bothAddresses);

/** A move's day: a real date, today or later on the UK calendar (a quote's, and an admin's reschedule). */
export const moveDateField = z
  .string({ required_error: QUOTE_MESSAGES.moveDate })
  .refine(isValidIsoDate, QUOTE_MESSAGES.moveDate)
  .refine((date) => date >= ukToday(), QUOTE_MESSAGES.pastDate);

const moveTime = z.string().regex(TIME, QUOTE_MESSAGES.moveTime).default(DEFAULT_MOVE_TIME);

const quoteItemSchema = z.object({
  name: z.string({ required_error: QUOTE_MESSAGES.itemName }).trim().min(1, QUOTE_MESSAGES.itemName).max(100),
  quantity: z
    .number({ required_error: QUOTE_MESSAGES.itemQuantity })
    .int()
    .min(1, QUOTE_MESSAGES.itemQuantity)
    .max(999),
  size: z.enum(ITEM_SIZES).optional(),
  description: z.string().trim().max(500).optional(),
  category: z.enum(ITEM_CATEGORIES).optional(),
  dimensions: z.string().trim().max(100).optional(),
  weightKg: z.number().min(0).max(5000).optional(),
  fragile: z.boolean().default(false),
  specialHandling: z.string().trim().max(300).optional(),
  requiresDisassembly: z.boolean().default(false),
});

/** An extra stop between the pickup and the final delivery (docs/PRICING.md v2). */
const stopSchema = z.object({
  address: address(QUOTE_MESSAGES.stopAddress),
  type: z.enum(STOP_TYPES, { errorMap: () => ({ message: QUOTE_MESSAGES.stopType }) }),
  floorAccess: z.enum(FLOOR_ACCESS_LEVELS).default("ground"),
  liftAvailable: z.boolean().default(false),
});

const stops = z.array(stopSchema).max(MAX_EXTRA_STOPS, QUOTE_MESSAGES.tooManyStops).default([]);

/** docs/PRICING.md v3: extended cover's declared value, whole pounds; left out for standard cover. */
export const declaredValue = z
  .number({ invalid_type_error: COVER_MESSAGES.declaredValue })
  .int(COVER_MESSAGES.declaredValue)
  .min(GOODS_COVER.declaredValuePounds.min, COVER_MESSAGES.declaredValue)
  .max(GOODS_COVER.declaredValuePounds.max, COVER_MESSAGES.declaredValue)
  .optional();

const quoteFields = {
  pickupAddress,
  deliveryAddress,
  moveDate: moveDateField,
  moveTime,
  vanSize: z.enum(VAN_SIZES).default("medium"),
  helpers: z.number().int().min(0, QUOTE_MESSAGES.helpers).max(2, QUOTE_MESSAGES.helpers).default(0),
  floorAccessPickup: z.enum(FLOOR_ACCESS_LEVELS).default("ground"),
  floorAccessDelivery: z.enum(FLOOR_ACCESS_LEVELS).default("ground"),
  liftAvailablePickup: z.boolean().default(false),
  liftAvailableDelivery: z.boolean().default(false),
  urgency: z.enum(URGENCIES).default("standard"),
  items: z.array(quoteItemSchema).max(100).default([]),
  stops,
  declaredValue,
};

/** A lift only matters above the ground floor; the form hides it there, so ignore it. */
function withoutGroundFloorLifts<T extends z.infer<z.ZodObject<typeof quoteFields>>>(quote: T): T {
  return {
    ...quote,
    liftAvailablePickup: quote.floorAccessPickup !== "ground" && quote.liftAvailablePickup,
    liftAvailableDelivery: quote.floorAccessDelivery !== "ground" && quote.liftAvailableDelivery,
    stops: quote.stops.map((stop) => ({ ...stop, liftAvailable: stop.floorAccess !== "ground" && stop.liftAvailable })),
  };
}

/** The home page's quote form (short, or detailed after "Show More Options") and /calculator. */
export const quoteFormSchema = z
  .object({ ...quoteFields, detailed: z.boolean().default(false) })
  .transform(withoutGroundFloorLifts);

/** /quote: the detailed quote, which needs at least one item. */
export const detailedQuoteSchema = z
  .object({ ...quoteFields, items: quoteFields.items.refine((items) => items.length > 0, QUOTE_MESSAGES.noItems) })
  .transform(withoutGroundFloorLifts);

export type QuoteRequest = Omit<z.output<typeof quoteFormSchema>, "detailed">;

// ---------------------------------------------------------------- JSON API

/** Numbers and booleans may arrive as strings from older clients. */
const looseNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value), schema);
const looseBoolean = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : value),
  z.boolean(),
);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** An item as API clients send it: the product's `weight` stands for weightKg; the older clients add requiresDisassembly. */
const apiItemSchema = z.preprocess(
  (item) => (isRecord(item) ? { ...item, weightKg: item.weightKg ?? item.weight } : item),
  quoteItemSchema.extend({
    quantity: looseNumber(quoteItemSchema.shape.quantity),
    weightKg: looseNumber(z.number().min(0).max(5000)).optional(),
    fragile: looseBoolean.default(false),
    requiresDisassembly: looseBoolean.default(false),
  }),
);

/**
 * POST /api/quotes/calculate: both payloads the API takes. The pickup address comes as
 * collectionAddress or pickupAddress; one floorAccess/liftAvailable may stand for both ends.
 */
export const apiQuoteRequestSchema = z
  .preprocess(
    (input) => {
      if (!isRecord(input)) return input;
      return {
        ...input,
        pickupAddress: input.pickupAddress ?? input.collectionAddress,
        floorAccessPickup: input.floorAccessPickup ?? input.floorAccess,
        floorAccessDelivery: input.floorAccessDelivery ?? input.floorAccess,
        liftAvailablePickup: input.liftAvailablePickup ?? input.liftAvailable,
        liftAvailableDelivery: input.liftAvailableDelivery ?? input.liftAvailable,
      };
    },
    z.object({
      ...quoteFields,
      helpers: looseNumber(quoteFields.helpers._def.innerType).default(0),
      declaredValue: z.preprocess(
        (value) => (value === null || value === "" ? undefined : value),
        looseNumber(declaredValue.unwrap()).optional(),
      ),
      liftAvailablePickup: looseBoolean.default(false),
      liftAvailableDelivery: looseBoolean.default(false),
      items: z.array(apiItemSchema).max(100).default([]),
      stops: z
        .array(stopSchema.extend({ liftAvailable: looseBoolean.default(false) }))
        .max(MAX_EXTRA_STOPS, QUOTE_MESSAGES.tooManyStops)
        .default([]),
    }),
  )
  .transform(withoutGroundFloorLifts);

/** POST /api/quotes/simple, /api/quotes/distance and /api/calculate-distance: { from, to, vanSize? }. */
export const apiRouteSchema = z.object({
  from: bothAddresses,
  to: bothAddresses,
  vanSize: z.enum(VAN_SIZES).default("medium"),
});

/** "Proceed to Checkout": the saved quote's id. */
export const proceedToCheckoutSchema = z.object({ quoteId: z.string().trim().min(1).max(64) });

/**
 * The distance calculator page: two addresses and a van size, and which button was pressed.
 * Measuring needs only both addresses ("E1" is a place); the two quote buttons apply the
 * address rule of every quote form.
 */
export const distanceCalculatorSchema = z
  .object({
    pickupAddress: bothAddresses,
    deliveryAddress: bothAddresses,
    vanSize: z.enum(VAN_SIZES).default("medium"),
    stops,
    declaredValue,
    action: z.enum(["distance", "simple", "detailed"]).default("distance"),
  })
  .superRefine((value, context) => {
    if (value.action === "distance") return;
    for (const [field, rule] of [
      ["pickupAddress", pickupAddress],
      ["deliveryAddress", deliveryAddress],
    ] as const) {
      if (value[field] === "") continue; // already "Please enter both addresses"
      const result = rule.safeParse(value[field]);
      if (!result.success)
        context.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: result.error.issues[0]!.message });
    }
  });
