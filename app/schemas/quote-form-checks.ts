// The home page's and /calculator's quote form, checked in the browser without zod (zod and
// its conform adapter are ~15 KB of gzipped JavaScript on the home page). The server still
// parses every post with quoteFormSchema (schemas/quote.ts); tests/unit/quote-form-checks.test.ts
// holds these checks to that schema: the same messages for the same input.
import type { z } from "zod";
import { COVER_MESSAGES, declaredValueProblem } from "~/domain/goods-cover";
import { ITEM_CATEGORIES, ITEM_SIZES } from "~/domain/items";
import { FLOOR_ACCESS_LEVELS, MAX_EXTRA_STOPS, MOVE_TIME, STOP_TYPES, URGENCIES } from "~/domain/move-inputs";
import { QUOTE_MESSAGES } from "~/domain/quote-messages";
import { isValidIsoDate, ukToday } from "~/domain/uk-calendar";
import { VAN_SIZES } from "~/domain/vans";
import type { quoteFormSchema } from "./quote";

const MAX_QUOTE_ITEMS = 100;

type Errors = Record<string, string[]>;
type Payload = Record<string, unknown>;

// Form values as conform hands them over: strings, nested objects and arrays for items[n].x;
// an empty string counts as left out (conform's coercion does the same before zod).
const given = (value: unknown) => (typeof value === "string" && value === "" ? undefined : value);

function add(errors: Errors, name: string, message: string) {
  (errors[name] ??= []).push(message);
}

const enumMessage = (options: readonly string[], value: unknown) =>
  `Invalid enum value. Expected ${options.map((option) => `'${option}'`).join(" | ")}, received '${String(value)}'`;

function checkEnum(errors: Errors, name: string, value: unknown, options: readonly string[]) {
  const present = given(value);
  if (present === undefined) return;
  if (typeof present !== "string") add(errors, name, `Expected string, received ${typeof present}`);
  else if (!options.includes(present)) add(errors, name, enumMessage(options, present));
}

function checkBoolean(errors: Errors, name: string, value: unknown) {
  const present = given(value);
  if (present === undefined || present === "on") return;
  add(errors, name, `Expected boolean, received ${typeof present}`);
}

function checkString(
  errors: Errors,
  name: string,
  value: unknown,
  { max, min, required }: { max?: number; min?: number; required?: string },
) {
  const present = given(value);
  if (present === undefined) {
    if (required) add(errors, name, required);
    return;
  }
  if (typeof present !== "string") return add(errors, name, required ?? `Expected string, received ${typeof present}`);
  const trimmed = present.trim();
  if (min !== undefined && trimmed.length < min)
    add(errors, name, required ?? `String must contain at least ${min} character(s)`);
  if (max !== undefined && trimmed.length > max) add(errors, name, `String must contain at most ${max} character(s)`);
}

function checkNumber(
  errors: Errors,
  name: string,
  value: unknown,
  rule: { min: number; max: number; int?: boolean; required?: string; minMessage?: string; maxMessage?: string },
) {
  const present = given(value);
  if (present === undefined) {
    if (rule.required) add(errors, name, rule.required);
    return;
  }
  const number =
    typeof present === "number"
      ? present
      : typeof present === "string" && present.trim() !== ""
        ? Number(present)
        : NaN;
  if (Number.isNaN(number))
    return add(
      errors,
      name,
      rule.required && typeof present !== "string" ? rule.required : "Expected number, received nan",
    );
  if (rule.int && !Number.isInteger(number)) add(errors, name, "Expected integer, received float");
  if (number < rule.min) add(errors, name, rule.minMessage ?? `Number must be greater than or equal to ${rule.min}`);
  if (number > rule.max) add(errors, name, rule.maxMessage ?? `Number must be less than or equal to ${rule.max}`);
}

/** The short form's fields (the home page's hero, /calculator): addresses, date, time, van, helpers. */
export const SHORT_QUOTE_FIELDS = [
  "pickupAddress",
  "deliveryAddress",
  "moveDate",
  "moveTime",
  "vanSize",
  "helpers",
  "declaredValue",
];

/** A form's list, as conform hands it over: absent, one value, or an array. */
function listOf(value: unknown): unknown[] | undefined {
  const present = given(value);
  if (present === undefined) return undefined;
  return Array.isArray(present) ? present : [present];
}

/** The extra stops' errors, by field name (stops[0].address...). */
function stopErrors(errors: Errors, value: unknown) {
  const stops = listOf(value);
  if (stops === undefined) return;
  if (stops.length > MAX_EXTRA_STOPS) add(errors, "stops", QUOTE_MESSAGES.tooManyStops);
  stops.forEach((raw, index) => {
    const stop = (raw && typeof raw === "object" ? raw : {}) as Payload;
    const at = (field: string) => `stops[${index}].${field}`;
    checkString(errors, at("address"), stop.address, { min: 5, required: QUOTE_MESSAGES.stopAddress });
    const type = given(stop.type);
    if (!(typeof type === "string" && (STOP_TYPES as readonly string[]).includes(type)))
      add(errors, at("type"), QUOTE_MESSAGES.stopType);
    checkEnum(errors, at("floorAccess"), stop.floorAccess, FLOOR_ACCESS_LEVELS);
    checkBoolean(errors, at("liftAvailable"), stop.liftAvailable);
  });
}

/**
 * The errors quoteFormSchema gives for the short form's fields, by field name: the home page's
 * hero form checks with this alone, without the rest of the form's code.
 */
export function shortQuoteFormErrors(payload: Payload, today = ukToday()): Errors {
  const errors: Errors = {};
  checkString(errors, "pickupAddress", payload.pickupAddress, { min: 5, required: QUOTE_MESSAGES.pickupAddress });
  checkString(errors, "deliveryAddress", payload.deliveryAddress, { min: 5, required: QUOTE_MESSAGES.deliveryAddress });

  const moveDate = given(payload.moveDate);
  if (typeof moveDate !== "string") add(errors, "moveDate", QUOTE_MESSAGES.moveDate);
  else {
    if (!isValidIsoDate(moveDate)) add(errors, "moveDate", QUOTE_MESSAGES.moveDate);
    if (!(moveDate >= today)) add(errors, "moveDate", QUOTE_MESSAGES.pastDate);
  }
  const moveTime = given(payload.moveTime);
  if (moveTime !== undefined && !(typeof moveTime === "string" && MOVE_TIME.test(moveTime)))
    add(errors, "moveTime", QUOTE_MESSAGES.moveTime);

  checkEnum(errors, "vanSize", payload.vanSize, VAN_SIZES);
  checkNumber(errors, "helpers", payload.helpers, {
    min: 0,
    max: 2,
    int: true,
    minMessage: QUOTE_MESSAGES.helpers,
    maxMessage: QUOTE_MESSAGES.helpers,
  });
  stopErrors(errors, payload.stops);
  // Extended cover (docs/PRICING.md v3): left empty for standard cover.
  const declared = given(payload.declaredValue);
  const declaredProblem =
    declared === undefined
      ? null
      : typeof declared === "string" || typeof declared === "number"
        ? declaredValueProblem(declared)
        : COVER_MESSAGES.declaredValue;
  if (declaredProblem) add(errors, "declaredValue", declaredProblem);
  return errors;
}

/** The errors quoteFormSchema would give for this form payload, by field name (conform's shape). */
function quoteFormErrors(payload: Payload, today = ukToday()): Errors {
  const errors = shortQuoteFormErrors(payload, today);
  checkEnum(errors, "floorAccessPickup", payload.floorAccessPickup, FLOOR_ACCESS_LEVELS);
  checkEnum(errors, "floorAccessDelivery", payload.floorAccessDelivery, FLOOR_ACCESS_LEVELS);
  checkBoolean(errors, "liftAvailablePickup", payload.liftAvailablePickup);
  checkBoolean(errors, "liftAvailableDelivery", payload.liftAvailableDelivery);
  checkEnum(errors, "urgency", payload.urgency, URGENCIES);
  checkBoolean(errors, "detailed", payload.detailed);

  const items = given(payload.items);
  if (items !== undefined) {
    const list = Array.isArray(items) ? items : [items];
    if (list.length > MAX_QUOTE_ITEMS) add(errors, "items", `Array must contain at most ${MAX_QUOTE_ITEMS} element(s)`);
    list.forEach((raw, index) => {
      const item = (raw && typeof raw === "object" ? raw : {}) as Payload;
      const at = (field: string) => `items[${index}].${field}`;
      checkString(errors, at("name"), item.name, { min: 1, max: 100, required: QUOTE_MESSAGES.itemName });
      checkNumber(errors, at("quantity"), item.quantity, {
        min: 1,
        max: 999,
        int: true,
        required: QUOTE_MESSAGES.itemQuantity,
        minMessage: QUOTE_MESSAGES.itemQuantity,
      });
      checkEnum(errors, at("size"), item.size, ITEM_SIZES);
      checkString(errors, at("description"), item.description, { max: 500 });
      checkEnum(errors, at("category"), item.category, ITEM_CATEGORIES);
      checkString(errors, at("dimensions"), item.dimensions, { max: 100 });
      if (given(item.weightKg) !== undefined) checkNumber(errors, at("weightKg"), item.weightKg, { min: 0, max: 5000 });
      checkBoolean(errors, at("fragile"), item.fragile);
      checkString(errors, at("specialHandling"), item.specialHandling, { max: 300 });
      checkBoolean(errors, at("requiresDisassembly"), item.requiresDisassembly);
    });
  }
  return errors;
}

/** The form's fields as conform knows them (a type only: no zod reaches the browser from here). */
export type QuoteFormFields = z.input<typeof quoteFormSchema>;

/** conform's resolve() for the quote form: the errors above, or the payload when there are none. */
export function resolveQuoteForm(payload: Payload): { value?: QuoteFormFields; error?: Errors } {
  const error = quoteFormErrors(payload);
  return Object.keys(error).length > 0 ? { error } : { value: payload as QuoteFormFields };
}
