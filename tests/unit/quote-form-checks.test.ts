// The browser's zod-free checks of the quote form (schemas/quote-form-checks.ts) against the
// schema the server parses with: the same errors for the same form, the same constraints.
import { parse } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { ukToday } from "~/domain/uk-calendar";
import { detailedQuoteSchema, distanceCalculatorSchema, quoteFormSchema } from "~/schemas/quote";
import {
  DETAILED_QUOTE_CONSTRAINT,
  DISTANCE_CALCULATOR_CONSTRAINT,
  QUOTE_FORM_CONSTRAINT,
} from "~/schemas/quote-constraints";
import { resolveQuoteForm } from "~/schemas/quote-form-checks";

const today = ukToday();
const VALID = {
  pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
  deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
  moveDate: today,
  moveTime: "09:00",
  vanSize: "medium",
  helpers: "0",
  urgency: "standard",
  floorAccessPickup: "ground",
  floorAccessDelivery: "ground",
};

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const CASES: [string, Record<string, string>][] = [
  ["a valid short form", VALID],
  ["an empty form", {}],
  ["empty strings everywhere", Object.fromEntries(Object.keys(VALID).map((key) => [key, ""]))],
  ["short and blank addresses", { ...VALID, pickupAddress: "abc", deliveryAddress: "    x   " }],
  ["a past date", { ...VALID, moveDate: "2020-01-01" }],
  ["an impossible date", { ...VALID, moveDate: "2030-02-30" }],
  ["an impossible past date", { ...VALID, moveDate: "1999-02-30" }],
  ["a date that is not one", { ...VALID, moveDate: "next tuesday" }],
  ["a bad time", { ...VALID, moveTime: "25:00" }],
  ["no time (the default)", { ...VALID, moveTime: "" }],
  ["an unknown van", { ...VALID, vanSize: "bus" }],
  ["three helpers", { ...VALID, helpers: "3" }],
  ["minus one helper", { ...VALID, helpers: "-1" }],
  ["half a helper", { ...VALID, helpers: "1.5" }],
  ["helpers not a number", { ...VALID, helpers: "two" }],
  [
    "an unknown floor and urgency",
    { ...VALID, floorAccessPickup: "roof", floorAccessDelivery: "basement", urgency: "yesterday" },
  ],
  ["lifts ticked", { ...VALID, floorAccessPickup: "first", liftAvailablePickup: "on", liftAvailableDelivery: "on" }],
  ["a lift that is not a checkbox's value", { ...VALID, liftAvailablePickup: "yes" }],
  ["detailed", { ...VALID, detailed: "on" }],
  [
    "items, good and bad",
    {
      ...VALID,
      detailed: "on",
      "items[0].name": "Sofa",
      "items[0].quantity": "2",
      "items[0].size": "large",
      "items[1].name": "",
      "items[1].quantity": "0",
      "items[2].name": "x".repeat(101),
      "items[2].quantity": "1000",
      "items[2].size": "huge",
      "items[3].name": "Box",
      "items[3].quantity": "",
      "items[4].name": "Lamp",
      "items[4].quantity": "1.5",
      "items[4].weightKg": "6000",
      "items[4].fragile": "on",
      "items[5].name": "Desk",
      "items[5].quantity": "abc",
      "items[5].category": "nope",
      "items[5].description": "d".repeat(501),
    },
  ],
  [
    "extra stops, good and bad",
    {
      ...VALID,
      "stops[0].address": "Braintree CM7 1AA",
      "stops[0].type": "dropoff",
      "stops[1].address": "abc",
      "stops[1].type": "somewhere",
      "stops[1].floorAccess": "roof",
      "stops[2].address": "",
      "stops[2].floorAccess": "firstFloor",
      "stops[2].liftAvailable": "on",
      "stops[3].address": "Witham CM8 2AB",
      "stops[3].type": "pickup",
      "stops[3].liftAvailable": "yes",
      "stops[4].address": "Colchester CO1 1AA",
      "stops[4].type": "pickup",
    },
  ],
  // Extended cover (docs/PRICING.md v3): empty is standard cover; else whole pounds, £500 to £50,000.
  ["no declared value", { ...VALID, declaredValue: "" }],
  ["declared value `499`", { ...VALID, declaredValue: "499" }],
  ["declared value `500`", { ...VALID, declaredValue: "500" }],
  ["declared value `50000`", { ...VALID, declaredValue: "50000" }],
  ["declared value `50001`", { ...VALID, declaredValue: "50001" }],
  ["declared value `1000.5`", { ...VALID, declaredValue: "1000.5" }],
  ["declared value `abc`", { ...VALID, declaredValue: "abc" }],
  ["declared value `£8,000`", { ...VALID, declaredValue: "£8,000" }],
  ["declared value ` 8000 `", { ...VALID, declaredValue: " 8000 " }],
  ["declared value `0`", { ...VALID, declaredValue: "0" }],
];

describe("the quote form's browser checks", () => {
  for (const [name, fields] of CASES) {
    it(`give the schema's errors for ${name}`, () => {
      const expected = parseWithZod(form(fields), { schema: quoteFormSchema });
      const actual = parse(form(fields), { resolve: resolveQuoteForm });
      expect(actual.status).toBe(expected.status);
      const errorOf = (submission: object) => ("error" in submission ? submission.error : null) ?? null;
      expect(errorOf(actual)).toEqual(errorOf(expected));
    });
  }

  it("handle conform's intents as the schema does (more options, add an item)", () => {
    const intent = (value: object) => ({ ...VALID, __intent__: JSON.stringify(value) });
    for (const fields of [
      intent({ type: "update", payload: { name: "detailed", value: "on" } }),
      intent({ type: "insert", payload: { name: "items", defaultValue: { name: "Sofa", quantity: 1 } } }),
      intent({ type: "insert", payload: { name: "stops", defaultValue: { type: "dropoff" } } }),
    ]) {
      const expected = parseWithZod(form(fields), { schema: quoteFormSchema });
      const actual = parse(form(fields), { resolve: resolveQuoteForm });
      expect(actual.status).toBe(expected.status);
      expect(actual.reply().initialValue).toEqual(expected.reply().initialValue);
      expect(actual.reply().error).toEqual(expected.reply().error);
    }
  });

  it("set the inputs' attributes as getZodConstraint does", () => {
    expect(QUOTE_FORM_CONSTRAINT).toEqual(getZodConstraint(quoteFormSchema));
    // /quote and /distance-calculator, which load their schemas when first used.
    expect(DETAILED_QUOTE_CONSTRAINT).toEqual(getZodConstraint(detailedQuoteSchema));
    expect(DISTANCE_CALCULATOR_CONSTRAINT).toEqual(getZodConstraint(distanceCalculatorSchema));
  });
});
