// The pricing rulebook (docs/PRICING.md), as one pure function with no I/O.
// Every price shown or charged anywhere comes from calculatePrice() /
// applyDiscount(), and every constant lives in PRICING_CONFIG.
// Amounts are integer pence; rates are integer basis points (1% = 100 bp).
// Each charge is listed once, in CHARGES: its result field, its breakdown line and its
// API field all come from that table.

import { congestionZoneMatch } from "./congestion-zone";
import { COVER_MESSAGES, GOODS_COVER, isDeclaredValue, wholePounds } from "./goods-cover";
import { totalQuantity } from "./items";
import { formatPounds, pct, penceToPounds } from "./money";
import {
  DEFAULT_MOVE_TIME,
  FLOOR_ACCESS_LABELS,
  FLOOR_ACCESS_LEVELS,
  MAX_EXTRA_STOPS,
  MOVE_TIME,
  STOP_TYPES,
  URGENCIES,
  type FloorAccess,
  type MoveStop,
  type Urgency,
} from "./move-inputs";
import { countOf, pluralWord } from "./plural";
import { QUOTE_MESSAGES } from "./quote-messages";
import { bankHolidayOn, dayOfWeek, isValidIsoDate, isWeekend } from "./uk-calendar";
import { VAN_MULTIPLIER_BP, isVanSize, largerVan, type VanSize } from "./vans";

export * from "./move-inputs";

export const PRICING_CONFIG = {
  currency: "GBP",
  baseFarePence: 1500,
  distance: {
    tierTenths: 500, // first 50.0 miles, in tenths of a mile
    firstTierPencePerMile: 200,
    beyondTierPencePerMile: 175,
    minimumPence: 500,
  },
  vanMultiplierBp: VAN_MULTIPLIER_BP,
  helpers: { max: 2, hourlyRatePence: 2500, hoursPerHelper: 2 },
  floorAccessFeePence: { ground: 0, firstFloor: 1000, secondFloor: 2000, thirdFloorPlus: 3000 },
  liftBothEndsFloorFeeBp: 5000, // floor fee halved when both ends have a lift
  congestionChargePence: 1500,
  // v2: each extra stop adds £10.00 to the base (step 7) and half an hour to the estimate.
  stopFeePence: 1000,
  tenthsPerStop: 50,
  urgencyBp: { standard: 0, priority: 2500, express: 5000 },
  peakBp: { bankHoliday: 1000, weekend: 800, evening: 500 },
  eveningFrom: "18:00", // HH:MM, inclusive
  minimumSubTotalPence: 4000,
  platformFeeBp: 2500,
  vatOnPlatformFeeBp: 2000,
  // v3: goods cover. Extended cover's fee is the platform's (VAT applies), outside subTotal.
  cover: GOODS_COVER,
  // Item-count upgrades (step 1): "more than N items" needs at least this.
  itemVanUpgrades: [
    { moreThan: 80, vanSize: "luton" },
    { moreThan: 50, vanSize: "large" },
    { moreThan: 30, vanSize: "medium" },
  ],
  itemHelperUpgrades: [
    { moreThan: 50, helpers: 2 },
    { moreThan: 20, helpers: 1 },
  ],
  tenthsPerEstimatedHour: 100, // estimatedHours = max(1, ceil(miles / 10))
  minimumEstimatedHours: 1,
  // when the distance service fails, the quote forms show an estimate,
  // clearly labelled as one, for a move of this length with the customer's own choices.
  estimateDistanceMiles: 15,
  defaults: {
    vanSize: "medium",
    helpers: 0,
    floorAccess: "ground",
    urgency: "standard",
    moveTime: DEFAULT_MOVE_TIME,
  },
} as const;

/** Bad input to the price calculation; `message` is safe to show to a customer. */
export class PricingInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "PricingInputError";
    this.field = field;
  }
}

// ---------- labels the UI shows (derived from the config so they always match the price) ----------

function percentText(bp: number): string {
  return `${bp / 100}%`;
}

export const URGENCY_LABELS: Readonly<Record<Urgency, string>> = {
  standard: "Standard",
  priority: `Priority (+${percentText(PRICING_CONFIG.urgencyBp.priority)}, within 3 days)`,
  express: `Express (+${percentText(PRICING_CONFIG.urgencyBp.express)}, next day)`,
};

// ---------- input and output types ----------

interface PriceItem {
  name: string;
  quantity: number;
  /** Recorded for the driver and named in the explanation; docs/PRICING.md has no charge for it. */
  requiresDisassembly?: boolean;
}

export interface PriceInput {
  /** Road distance in miles, > 0; rounded half up to 0.1 mile. */
  distanceMiles: number;
  /** YYYY-MM-DD calendar date of the move. "Today or later" is checked by the caller (see ukToday). */
  moveDate: string;
  /** HH:MM, default "09:00". */
  moveTime?: string;
  vanSize?: VanSize;
  helpers?: number;
  floorAccessPickup?: FloorAccess;
  floorAccessDelivery?: FloorAccess;
  liftAvailablePickup?: boolean;
  liftAvailableDelivery?: boolean;
  urgency?: Urgency;
  pickupAddress?: string;
  deliveryAddress?: string;
  items?: readonly PriceItem[];
  /** v2: extra stops in route order between pickup and delivery; distanceMiles is then the legs' sum. */
  stops?: readonly MoveStop[];
  /** v3: extended cover's declared value, whole pounds (£500 to £50,000); absent for standard cover. */
  declaredValue?: number | null;
}

interface Upgrade<T> {
  from: T;
  to: T;
  itemCount: number;
}

/** The move as priced: the inputs after defaults and item upgrades, and why each charge applies. */
interface MoveFacts {
  distanceTenths: number;
  distance: number; // miles, one decimal
  moveDate: string;
  moveTime: string;
  vanSize: VanSize;
  helpers: number;
  urgency: Urgency;
  floorAccessPickup: FloorAccess;
  floorAccessDelivery: FloorAccess;
  liftAvailablePickup: boolean;
  liftAvailableDelivery: boolean;
  /** The worst floor of all the addresses: the one step 5 charges for. */
  floorAccess: FloorAccess;
  /** Every address has a lift, so the floor fee is halved. */
  liftEverywhere: boolean;
  stops: MoveStop[];
  /** The extra stops' addresses in the congestion zone, with what matched. */
  stopCongestionMatches: string[];
  pickupAddress: string;
  deliveryAddress: string;
  itemCount: number;
  itemsToDisassemble: { name: string; quantity: number }[];
  vanUpgrade: Upgrade<VanSize> | null;
  helpersUpgrade: Upgrade<number> | null;
  pickupCongestionMatch: string | null;
  deliveryCongestionMatch: string | null;
  bankHolidayName: string | null;
  isWeekend: boolean;
  isEvening: boolean;
  urgencyRateBp: number;
  peakRateBp: number;
  vanMultiplierBp: number;
  vanSizeMultiplier: number; // 1, 1.1, 1.2, 1.3
  distanceMinimumApplied: boolean;
  estimatedHours: number;
  estimatedTime: string;
  /** v3: the declared value (pounds) of extended cover, or null for standard cover. */
  declaredValue: number | null;
}

/** docs/PRICING.md: fuel and the return journey are priced inside the distance charge, and the breakdown says so. */
export const FUEL_AND_RETURN_NOTE = "Fuel and return journey: included in the distance charge";

type ChargeSpec = { line: string; label: (move: MoveFacts) => string; note?: string };

/**
 * Every charge of steps 2-10, once, in breakdown order: the result field holding it (pence),
 * the key and label of its breakdown line, and any note shown with that line. Each field is
 * also an API field in pounds (toApiQuote). A charge of zero shows no line.
 */
const CHARGES = {
  baseFare: { line: "baseFare", label: () => "Base fare" },
  distanceCharge: {
    line: "distance",
    label: (m) => `Distance (${milesText(m.distanceTenths)})`,
    note: FUEL_AND_RETURN_NOTE,
  },
  vanSizeCharge: { line: "vanSize", label: (m) => `Van size (${m.vanSize} ×${m.vanSizeMultiplier})` },
  helpersFee: {
    line: "helpers",
    label: (m) =>
      `Helpers (${m.helpers} × ${PRICING_CONFIG.helpers.hoursPerHelper}h at ${shortPounds(PRICING_CONFIG.helpers.hourlyRatePence)}/h)`,
  },
  floorAccessFee: { line: "floorAccess", label: () => "Floor access" },
  congestionCharge: { line: "congestion", label: () => "Congestion charge" },
  stopsFee: {
    line: "extraStops",
    label: (m) => `Extra stops (${m.stops.length} × ${formatPounds(PRICING_CONFIG.stopFeePence)})`,
  },
  urgencySurcharge: {
    line: "urgency",
    label: (m) => `${m.urgency === "express" ? "Express" : "Priority"} surcharge (+${percentText(m.urgencyRateBp)})`,
  },
  peakTimeSurcharge: { line: "peakTime", label: (m) => `Peak time surcharge (${peakReasons(m).join(", ")})` },
  minimumChargeAdjustment: { line: "minimumAdjustment", label: () => "Minimum charge adjustment" },
} as const satisfies Record<string, ChargeSpec>;

type ChargeField = keyof typeof CHARGES;
const CHARGE_FIELDS = Object.keys(CHARGES) as ChargeField[];

/** Step 11 and the totals, in pence (each also an API field in pounds). */
const TOTAL_FIELDS = [
  "discountAmount",
  "subTotal", // after any discount; step 11 is based on it
  "netAmount", // = subTotal
  "platformFee",
  "driverShare",
  "vatAmount",
  "totalWithVAT", // what the customer pays
  "totalPrice", // = finalPrice
  "finalPrice", // = totalWithVAT
  "originalPrice", // the total before any discount
] as const;
type TotalField = (typeof TOTAL_FIELDS)[number];

/** Always 0 in v1 (docs/PRICING.md: priced inside the distance charge); kept for API clients. */
const ZERO_FIELDS = ["timeCharge", "fuelCost", "returnJourneyCost"] as const;
type ZeroField = (typeof ZERO_FIELDS)[number];

type BreakdownKey =
  (typeof CHARGES)[ChargeField]["line"] | "discount" | "cover" | "platformPayment" | "driverPayment" | "total";

export interface BreakdownLine {
  key: BreakdownKey;
  label: string;
  amountPence: number;
  /** Words a UI shows with the line (as "Label: text"). */
  note?: string;
  /** A part of the line above, shown under it ("of which: your driver"): not added to the total. */
  partOfAbove?: boolean;
}

/** Steps 1-10: everything before the platform fee / VAT split. */
interface PriceCharges extends MoveFacts, Record<ChargeField, number> {
  transportCharge: number; // baseFare + distanceCharge + vanSizeCharge
  base: number; // step 7
  subTotalBeforeDiscount: number; // step 10
  coverFee: number; // v3: extended cover's fee, outside subTotal; 0 with standard cover
}

export interface PriceResult extends PriceCharges, Record<TotalField, number>, Record<ZeroField, 0> {
  discountPercent: number; // 0 without a discount
  discountCode: string | null;
  includesVAT: true;
  currency: "GBP";
  priceString: string; // "£108.05"
  breakdownLines: BreakdownLine[];
  breakdown: string[]; // "Label: £x.xx"
  explanation: string;
}

// ---------- validation helpers ----------

function oneOf<T extends string>(values: readonly T[], value: unknown, field: string, fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
  throw new PricingInputError(field, QUOTE_MESSAGES.invalidChoice(field, value));
}

/** Miles to tenths of a mile, rounded half up, ignoring float noise (12.35 -> 124). */
export function toDistanceTenths(miles: number): number {
  if (typeof miles !== "number" || !Number.isFinite(miles) || miles <= 0) {
    throw new PricingInputError("distance", QUOTE_MESSAGES.distance);
  }
  const tenths = Math.round(Number((miles * 10).toPrecision(12)));
  // Under 0.05 mile rounds to 0.0: the addresses are effectively the same place.
  if (tenths <= 0) throw new PricingInputError("distance", QUOTE_MESSAGES.distance);
  return tenths;
}

function milesText(tenths: number): string {
  const miles = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
  return `${miles} ${tenths === 10 ? "mile" : "miles"}`;
}

// ---------- the steps ----------

/** Step 1: the van an item count needs (smallest that fits the count). */
function requiredVanForItems(itemCount: number): VanSize {
  const rule = PRICING_CONFIG.itemVanUpgrades.find((r) => itemCount > r.moreThan);
  return rule ? rule.vanSize : "small";
}

/** Step 1: the helpers an item count needs. */
function requiredHelpersForItems(itemCount: number): number {
  const rule = PRICING_CONFIG.itemHelperUpgrades.find((r) => itemCount > r.moreThan);
  return rule ? rule.helpers : 0;
}

function distanceChargeBeforeMinimum(tenths: number): number {
  const c = PRICING_CONFIG.distance;
  // Pence per mile x tenths of a mile = tenths of a penny; +5 rounds half up to the penny.
  const tenthsOfPence =
    c.firstTierPencePerMile * Math.min(tenths, c.tierTenths) +
    c.beyondTierPencePerMile * Math.max(tenths - c.tierTenths, 0);
  return Math.floor((tenthsOfPence + 5) / 10);
}

/** Step 2: £2.00 a mile up to 50 miles, £1.75 a mile beyond, at least £5.00. */
export function distanceChargeFor(tenths: number): number {
  return Math.max(PRICING_CONFIG.distance.minimumPence, distanceChargeBeforeMinimum(tenths));
}

/** Step 12: max(1, ceil((miles / 10) + stops / 2)) hours: half an hour per extra stop. */
function estimatedHoursFor(tenths: number, extraStops: number): number {
  const cfg = PRICING_CONFIG;
  return Math.max(
    cfg.minimumEstimatedHours,
    Math.ceil((tenths + cfg.tenthsPerStop * extraStops) / cfg.tenthsPerEstimatedHour),
  );
}

/** The extra stops, checked as the pricing needs them (the schemas give customers their messages first). */
function checkedStops(stops: readonly MoveStop[] | undefined): MoveStop[] {
  const list = stops ?? [];
  if (!Array.isArray(list) || list.length > MAX_EXTRA_STOPS)
    throw new PricingInputError("stops", QUOTE_MESSAGES.tooManyStops);
  return list.map((stop, index) => ({
    address: typeof stop.address === "string" ? stop.address : "",
    type: oneOf(STOP_TYPES, stop.type, `stops[${index}].type`, "dropoff"),
    floorAccess: oneOf(FLOOR_ACCESS_LEVELS, stop.floorAccess, `stops[${index}].floorAccess`, "ground"),
    liftAvailable: stop.liftAvailable === true,
  }));
}

export function estimatedTimeText(hours: number): string {
  return countOf(hours, "hour");
}

/** Steps 1-10. */
function computeCharges(input: PriceInput): PriceCharges {
  const cfg = PRICING_CONFIG;
  const d = cfg.defaults;

  const distanceTenths = toDistanceTenths(input.distanceMiles);

  if (typeof input.moveDate !== "string" || !isValidIsoDate(input.moveDate)) {
    throw new PricingInputError("moveDate", QUOTE_MESSAGES.moveDate);
  }
  const moveTime = input.moveTime === undefined || input.moveTime === "" ? d.moveTime : input.moveTime;
  if (typeof moveTime !== "string" || !MOVE_TIME.test(moveTime)) {
    throw new PricingInputError("moveTime", QUOTE_MESSAGES.moveTime);
  }

  const chosenVan = input.vanSize ?? d.vanSize;
  if (!isVanSize(chosenVan)) throw new PricingInputError("vanSize", QUOTE_MESSAGES.invalidChoice("vanSize", chosenVan));
  const chosenHelpers = input.helpers ?? d.helpers;
  if (!Number.isInteger(chosenHelpers) || chosenHelpers < 0 || chosenHelpers > cfg.helpers.max) {
    throw new PricingInputError("helpers", QUOTE_MESSAGES.helpers);
  }
  const urgency = oneOf(URGENCIES, input.urgency, "urgency", d.urgency);
  const floorAccessPickup = oneOf(FLOOR_ACCESS_LEVELS, input.floorAccessPickup, "floorAccessPickup", d.floorAccess);
  const floorAccessDelivery = oneOf(
    FLOOR_ACCESS_LEVELS,
    input.floorAccessDelivery,
    "floorAccessDelivery",
    d.floorAccess,
  );
  const liftAvailablePickup = input.liftAvailablePickup === true;
  const liftAvailableDelivery = input.liftAvailableDelivery === true;
  const stops = checkedStops(input.stops);

  const items = input.items ?? [];
  for (const item of items) {
    if (!Number.isInteger(item.quantity) || item.quantity < 1) {
      throw new PricingInputError("items", QUOTE_MESSAGES.itemQuantity);
    }
  }

  // Step 1: items can upgrade the van and helpers, never downgrade them.
  const itemCount = totalQuantity(items);
  const itemsToDisassemble = items
    .filter((item) => item.requiresDisassembly === true)
    .map((item) => ({ name: item.name, quantity: item.quantity }));
  let vanSize: VanSize = chosenVan;
  let helpers = chosenHelpers;
  let vanUpgrade: Upgrade<VanSize> | null = null;
  let helpersUpgrade: Upgrade<number> | null = null;
  if (items.length > 0) {
    vanSize = largerVan(chosenVan, requiredVanForItems(itemCount));
    helpers = Math.max(chosenHelpers, requiredHelpersForItems(itemCount));
    if (vanSize !== chosenVan) vanUpgrade = { from: chosenVan, to: vanSize, itemCount };
    if (helpers !== chosenHelpers) helpersUpgrade = { from: chosenHelpers, to: helpers, itemCount };
  }

  // Steps 2-3
  const distanceCharge = distanceChargeFor(distanceTenths);
  const distanceMinimumApplied = distanceChargeBeforeMinimum(distanceTenths) < cfg.distance.minimumPence;
  const vanMultiplierBp = cfg.vanMultiplierBp[vanSize];
  const transportCharge = pct(cfg.baseFarePence + distanceCharge, vanMultiplierBp);

  // Step 4
  const helpersFee = helpers * cfg.helpers.hourlyRatePence * cfg.helpers.hoursPerHelper;

  // Step 5: the worst floor of all the addresses counts; a lift helps only if every one has one.
  const floorAccess = [floorAccessPickup, floorAccessDelivery, ...stops.map((stop) => stop.floorAccess)].reduce(
    (worst, floor) => (cfg.floorAccessFeePence[floor] > cfg.floorAccessFeePence[worst] ? floor : worst),
  );
  const worstFloorFee = cfg.floorAccessFeePence[floorAccess];
  const liftEverywhere = liftAvailablePickup && liftAvailableDelivery && stops.every((stop) => stop.liftAvailable);
  const floorAccessFee = liftEverywhere ? pct(worstFloorFee, cfg.liftBothEndsFloorFeeBp) : worstFloorFee;

  // Step 6
  const pickupAddress = input.pickupAddress ?? "";
  const deliveryAddress = input.deliveryAddress ?? "";
  const pickupCongestionMatch = congestionZoneMatch(pickupAddress);
  const deliveryCongestionMatch = congestionZoneMatch(deliveryAddress);
  const stopCongestionMatches = stops
    .map((stop) => congestionZoneMatch(stop.address))
    .filter((match): match is string => match !== null);
  const inZone = pickupCongestionMatch || deliveryCongestionMatch || stopCongestionMatches.length > 0;
  const congestionCharge = inZone ? cfg.congestionChargePence : 0;

  // Step 7 (v2: with the extra stops' fee)
  const stopsFee = stops.length * cfg.stopFeePence;
  const base = transportCharge + helpersFee + floorAccessFee + congestionCharge + stopsFee;

  // Step 8
  const urgencyRateBp = cfg.urgencyBp[urgency];
  const urgencySurcharge = pct(base, urgencyRateBp);

  // Step 9: bank holiday beats weekend; evening adds on top; one pct() on the sum.
  const holiday = bankHolidayOn(input.moveDate);
  const weekend = isWeekend(input.moveDate);
  const evening = moveTime >= cfg.eveningFrom; // HH:MM strings compare in time order
  const dayRate = holiday ? cfg.peakBp.bankHoliday : weekend ? cfg.peakBp.weekend : 0;
  const peakRateBp = dayRate + (evening ? cfg.peakBp.evening : 0);
  const peakTimeSurcharge = pct(base, peakRateBp);

  // Step 10
  const beforeMinimum = base + urgencySurcharge + peakTimeSurcharge;
  const subTotalBeforeDiscount = Math.max(cfg.minimumSubTotalPence, beforeMinimum);

  // Step 12
  const estimatedHours = estimatedHoursFor(distanceTenths, stops.length);

  // v3: extended cover, when a value is declared
  const declaredValue = input.declaredValue ?? null;
  if (declaredValue !== null && !isDeclaredValue(declaredValue))
    throw new PricingInputError("declaredValue", COVER_MESSAGES.declaredValue);

  return {
    distanceTenths,
    distance: distanceTenths / 10,
    moveDate: input.moveDate,
    moveTime,
    vanSize,
    helpers,
    urgency,
    floorAccessPickup,
    floorAccessDelivery,
    liftAvailablePickup,
    liftAvailableDelivery,
    floorAccess,
    liftEverywhere,
    stops,
    stopCongestionMatches,
    pickupAddress,
    deliveryAddress,
    itemCount,
    itemsToDisassemble,
    vanUpgrade,
    helpersUpgrade,
    pickupCongestionMatch,
    deliveryCongestionMatch,
    bankHolidayName: holiday?.name ?? null,
    isWeekend: weekend,
    isEvening: evening,
    urgencyRateBp,
    peakRateBp,
    vanMultiplierBp,
    vanSizeMultiplier: vanMultiplierBp / 10_000,
    baseFare: cfg.baseFarePence,
    distanceCharge,
    distanceMinimumApplied,
    transportCharge,
    vanSizeCharge: transportCharge - cfg.baseFarePence - distanceCharge,
    helpersFee,
    floorAccessFee,
    congestionCharge,
    stopsFee,
    base,
    urgencySurcharge,
    peakTimeSurcharge,
    minimumChargeAdjustment: subTotalBeforeDiscount - beforeMinimum,
    subTotalBeforeDiscount,
    estimatedHours,
    estimatedTime: estimatedTimeText(estimatedHours),
    ...coverCharge(declaredValue),
  };
}

/** v3: coverFee = max(£10.00, 1.5% of the declared value); none with standard cover. */
function coverCharge(declaredValue: number | null): { declaredValue: number | null; coverFee: number } {
  const cover = PRICING_CONFIG.cover;
  const coverFee = declaredValue === null ? 0 : Math.max(cover.minimumFeePence, pct(declaredValue * 100, cover.feeBp));
  return { declaredValue, coverFee };
}

// ---------- step 11, breakdown and explanation ----------

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "Monday 27 December 2027" (no Intl, so no locale or timezone surprises). */
function dateText(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${WEEKDAYS[dayOfWeek(isoDate)]} ${d} ${MONTHS[m - 1]} ${y}`;
}

/** "£25" for whole pounds, else "£25.50". */
function shortPounds(pence: number): string {
  return pence % 100 === 0 ? formatPounds(pence).slice(0, -3) : formatPounds(pence);
}

function line(key: BreakdownKey, label: string, amountPence: number, note?: string): BreakdownLine {
  return note === undefined ? { key, label, amountPence } : { key, label, amountPence, note };
}

function peakReasons(m: MoveFacts): string[] {
  const cfg = PRICING_CONFIG.peakBp;
  const reasons: string[] = [];
  if (m.bankHolidayName) reasons.push(`bank holiday +${percentText(cfg.bankHoliday)}`);
  else if (m.isWeekend) reasons.push(`weekend +${percentText(cfg.weekend)}`);
  if (m.isEvening) reasons.push(`evening +${percentText(cfg.evening)}`);
  return reasons;
}

type Settled = Omit<PriceResult, "breakdownLines" | "breakdown" | "explanation">;

function buildBreakdown(r: Settled): BreakdownLine[] {
  const lines: BreakdownLine[] = [
    ...CHARGE_FIELDS.map((field) => {
      const charge: ChargeSpec = CHARGES[field];
      return line(charge.line as BreakdownKey, charge.label(r), r[field], charge.note);
    }),
    line(
      "discount",
      `Discount (${r.discountCode ? `${r.discountCode}, ` : ""}${r.discountPercent}%)`,
      -r.discountAmount,
    ),
    line("cover", `Extended cover (${wholePounds((r.declaredValue ?? 0) * 100)} declared)`, r.coverFee),
    line("platformPayment", "Platform Payment (VAT + Platform fee)", r.platformFee + r.vatAmount),
    line("driverPayment", "Driver payment", r.driverShare),
  ];
  // Zero lines are left out; Total always shows.
  return [...lines.filter((l) => l.amountPence !== 0), line("total", "Total", r.totalWithVAT)];
}

/**
 * The breakdown as a customer reads it once they buy extended cover: the cover on one line with
 * its VAT included (the rulebook's line is the fee before VAT, its VAT inside the platform line),
 * the platform line without the cover, and the driver's part as "of which: your driver". The
 * lines still split the total. Without cover the lines are unchanged.
 */
export function customerBreakdown(
  lines: readonly BreakdownLine[],
  fees: { platformFee: number; coverFee: number },
): BreakdownLine[] {
  const coverCost = coverCostPence(fees);
  if (coverCost === 0) return [...lines];
  return lines.map((l) => {
    if (l.key === "cover") return { ...l, label: `${l.label}, VAT included`, amountPence: coverCost };
    if (l.key === "platformPayment") return { ...l, amountPence: l.amountPence - coverCost };
    if (l.key === "driverPayment") return { ...l, label: "of which: your driver", partOfAbove: true };
    return l;
  });
}

/**
 * The breakdown as text (the API, every e-mail): "Label: £x.xx" for each line; with `notes`,
 * each line's note follows it as a line of its own, as the pages show it under the line.
 */
export function breakdownText(lines: readonly BreakdownLine[], { notes = false } = {}): string[] {
  return lines.flatMap((l) => [`${l.label}: ${formatPounds(l.amountPence)}`, ...(notes && l.note ? [l.note] : [])]);
}

function buildExplanation(r: Settled): string {
  const cfg = PRICING_CONFIG;
  const s: string[] = [];

  if (r.vanUpgrade) {
    const rule = cfg.itemVanUpgrades.find((u) => u.vanSize === r.vanUpgrade!.to)!;
    s.push(
      `You listed ${r.itemCount} items, so we upgraded the van from ${r.vanUpgrade.from} to ${r.vanUpgrade.to}: ` +
        `more than ${rule.moreThan} items need at least a ${r.vanUpgrade.to} van.`,
    );
  }
  if (r.helpersUpgrade) {
    const rule = cfg.itemHelperUpgrades.find((u) => u.helpers === r.helpersUpgrade!.to)!;
    const n = r.helpersUpgrade.to;
    s.push(
      `You listed ${r.itemCount} items, so we increased the helpers from ${r.helpersUpgrade.from} to ${n}: ` +
        `more than ${rule.moreThan} items need at least ${countOf(n, "helper")}.`,
    );
  }

  if (r.itemsToDisassemble.length > 0) {
    const names = r.itemsToDisassemble.map((item) =>
      item.quantity > 1 ? `${item.name} ×${item.quantity}` : item.name,
    );
    s.push(
      `Marked for disassembly: ${names.join(", ")}. Your driver is told; taking items apart has no separate charge.`,
    );
  }

  const helpersText = r.helpers === 0 ? "no helpers" : countOf(r.helpers, "helper");
  s.push(
    `Price for a ${milesText(r.distanceTenths).replace(" miles", "-mile").replace(" mile", "-mile")} move ` +
      `in a ${r.vanSize} van (×${r.vanSizeMultiplier}) with ${helpersText}, ` +
      `estimated at ${r.estimatedTime}.`,
  );
  s.push(
    `The distance charge is ${formatPounds(cfg.distance.firstTierPencePerMile)} a mile for the first ` +
      `${cfg.distance.tierTenths / 10} miles and ${formatPounds(cfg.distance.beyondTierPencePerMile)} a mile after that` +
      (r.distanceMinimumApplied
        ? `, with a minimum of ${formatPounds(cfg.distance.minimumPence)}, which applies here`
        : "") +
      `. Fuel and the van's return journey are included in it, so there is no separate fuel or return charge.`,
  );

  if (r.stops.length > 0) {
    const n = r.stops.length;
    s.push(
      `Your route has ${countOf(n, "extra stop")} between the pickup and the final delivery, at ` +
        `${formatPounds(cfg.stopFeePence)} each; the distance is the sum of the route's legs, and each stop adds half an hour to the estimate.`,
    );
  }

  if (r.floorAccessFee > 0) {
    const withStops = r.stops.length > 0;
    s.push(
      `A floor access fee of ${formatPounds(r.floorAccessFee)} applies for the ${FLOOR_ACCESS_LABELS[r.floorAccess].toLowerCase()}` +
        (withStops ? ` (the highest of the route's addresses)` : ` (the higher of the two addresses)`) +
        (r.liftEverywhere
          ? `, halved because ${withStops ? "every address has" : "both addresses have"} a lift.`
          : "."),
    );
  }

  if (r.congestionCharge > 0) {
    const zoneStops = r.stopCongestionMatches.length;
    const where =
      zoneStops > 0
        ? r.pickupCongestionMatch || r.deliveryCongestionMatch
          ? `addresses on the route are`
          : pluralWord(zoneStops, "a stop is", "stops are")
        : r.pickupCongestionMatch && r.deliveryCongestionMatch
          ? `both addresses are`
          : r.pickupCongestionMatch
            ? `the pickup address is`
            : `the delivery address is`;
    const matches = [r.pickupCongestionMatch, r.deliveryCongestionMatch, ...r.stopCongestionMatches].filter(
      (m): m is string => !!m,
    );
    s.push(
      `A congestion charge of ${formatPounds(r.congestionCharge)} applies because ${where} in the central London ` +
        `congestion zone (${[...new Set(matches)].join(", ")}).`,
    );
  }

  if (r.urgencySurcharge > 0) {
    s.push(`${URGENCY_LABELS[r.urgency]} adds ${formatPounds(r.urgencySurcharge)}.`);
  }

  if (r.peakTimeSurcharge > 0) {
    const why: string[] = [];
    if (r.bankHolidayName)
      why.push(
        `${dateText(r.moveDate)} is a bank holiday (${r.bankHolidayName.replace(" (substitute day)", ", substitute day")})`,
      );
    else if (r.isWeekend) why.push(`${dateText(r.moveDate)} is a weekend`);
    if (r.isEvening) why.push(`the move starts at ${r.moveTime}, in the evening (${cfg.eveningFrom} or later)`);
    s.push(
      `A peak time surcharge of ${percentText(r.peakRateBp)} (${formatPounds(r.peakTimeSurcharge)}) applies because ` +
        `${why.join(" and ")}.`,
    );
  }

  if (r.minimumChargeAdjustment > 0) {
    s.push(
      `The minimum price is ${formatPounds(cfg.minimumSubTotalPence)} before VAT, so ` +
        `${formatPounds(r.minimumChargeAdjustment)} was added to reach it.`,
    );
  }

  if (r.declaredValue !== null) {
    s.push(
      `Extended cover for goods declared at ${wholePounds(r.declaredValue * 100)} costs ${formatPounds(r.coverFee)} ` +
        `(${percentText(cfg.cover.feeBp)} of the declared value, at least ${formatPounds(cfg.cover.minimumFeePence)}) ` +
        `and covers up to ${wholePounds(cfg.cover.extended.itemLimitPence)} an item and ${wholePounds(r.declaredValue * 100)} for the move. ` +
        `It is part of the platform fee, so VAT applies to it, and it does not change the driver's share.`,
    );
  }

  if (r.discountAmount > 0) {
    s.push(
      `Your ${r.discountPercent}% discount${r.discountCode ? ` (${r.discountCode})` : ""} takes ` +
        `${formatPounds(r.discountAmount)} off the price before VAT; without it the total would be ` +
        `${formatPounds(r.originalPrice)}.`,
    );
  }

  s.push(
    `The total of ${formatPounds(r.totalWithVAT)} includes ${formatPounds(r.vatAmount)} VAT, charged only on the ` +
      `${formatPounds(r.platformFee)} platform fee; the driver receives ${formatPounds(r.driverShare)}.`,
  );
  return s.join(" ");
}

/** Step 11: platform fee (v3: with the cover fee), driver share, VAT on the platform fee, total. */
function split(subTotal: number, coverFee: number) {
  const commission = pct(subTotal, PRICING_CONFIG.platformFeeBp);
  const platformFee = commission + coverFee;
  const vatAmount = pct(platformFee, PRICING_CONFIG.vatOnPlatformFeeBp);
  return {
    platformFee,
    driverShare: subTotal - commission,
    vatAmount,
    totalWithVAT: subTotal + coverFee + vatAmount,
  };
}

/**
 * Step 11 (after an optional discount) plus the breakdown and explanation. Given a settled
 * result (applyDiscount), every step 11 field, line and sentence is computed afresh.
 */
function settle(c: PriceCharges, discountPercent: number, discountCode: string | null): PriceResult {
  const discountAmount = pct(c.subTotalBeforeDiscount, Math.round(discountPercent * 100));
  const subTotal = c.subTotalBeforeDiscount - discountAmount;
  const { platformFee, driverShare, vatAmount, totalWithVAT } = split(subTotal, c.coverFee);

  const settled: Settled = {
    ...c,
    discountPercent,
    discountCode,
    discountAmount,
    subTotal,
    netAmount: subTotal,
    platformFee,
    driverShare,
    vatAmount,
    totalWithVAT,
    totalPrice: totalWithVAT,
    finalPrice: totalWithVAT,
    originalPrice: split(c.subTotalBeforeDiscount, c.coverFee).totalWithVAT,
    timeCharge: 0,
    fuelCost: 0,
    returnJourneyCost: 0,
    includesVAT: true,
    currency: PRICING_CONFIG.currency,
    priceString: formatPounds(totalWithVAT),
  };
  const breakdownLines = buildBreakdown(settled);
  return {
    ...settled,
    breakdownLines,
    breakdown: breakdownText(breakdownLines),
    explanation: buildExplanation(settled),
  };
}

// ---------- public API ----------

/** Prices a move (docs/PRICING.md steps 1-12). Throws PricingInputError on bad input. */
export function calculatePrice(input: PriceInput): PriceResult {
  return settle(computeCharges(input), 0, null);
}

/**
 * Takes `percent` off the subTotal (after the £40 minimum) and recomputes the
 * platform fee, driver share, VAT and total. Always applied to the undiscounted
 * price, so applying a second discount replaces the first rather than stacking.
 */
export function applyDiscount(result: PriceResult, percent: number, code?: string): PriceResult {
  if (typeof percent !== "number" || !Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new PricingInputError("discount", QUOTE_MESSAGES.discountPercent);
  }
  return settle(result, percent, code ?? null);
}

/**
 * v3: what extended cover cost a booking, its VAT included: the fee and the VAT it added to the
 * platform fee's. Read from a priced booking's columns (0 with standard cover).
 */
export function coverCostPence({ platformFee, coverFee }: { platformFee: number; coverFee: number }): number {
  if (coverFee <= 0) return 0;
  const vat = (fee: number) => pct(fee, PRICING_CONFIG.vatOnPlatformFeeBp);
  return coverFee + vat(platformFee) - vat(platformFee - coverFee);
}

/**
 * v3: the same move with extended cover for `declaredValue` (whole pounds), or with standard
 * cover when it is null; any discount stays. Throws PricingInputError on a bad declared value.
 */
export function withCover(result: PriceResult, declaredValue: number | null): PriceResult {
  if (declaredValue !== null && !isDeclaredValue(declaredValue))
    throw new PricingInputError("declaredValue", COVER_MESSAGES.declaredValue);
  return settle({ ...result, ...coverCharge(declaredValue) }, result.discountPercent, result.discountCode);
}

type ApiMoneyField = Exclude<ChargeField, "stopsFee"> | TotalField | ZeroField;
// stopsFee is v2's: an answer without stops keeps v1's fields exactly.
const API_MONEY_FIELDS: readonly ApiMoneyField[] = [
  ...CHARGE_FIELDS.filter((field): field is Exclude<ChargeField, "stopsFee"> => field !== "stopsFee"),
  ...TOTAL_FIELDS,
  ...ZERO_FIELDS,
];

/** The quote as the JSON API returns it: every charge and total in pounds with two decimals. */
export type ApiQuote = Record<ApiMoneyField, number> & {
  includesVAT: true;
  currency: "GBP";
  priceString: string;
  discountPercent: number;
  vanSizeMultiplier: number;
  distance: number; // miles, one decimal
  estimatedTime: string;
  estimatedHours: number;
  vanSize: VanSize;
  helpers: number;
  urgency: Urgency;
  moveDate: string;
  moveTime: string;
  pickupAddress: string;
  deliveryAddress: string;
  /** The floor that was priced (the worse end), and whether a lift halved its fee (both ends). */
  floorAccess: FloorAccess;
  liftAvailable: boolean;
  floorAccessPickup: FloorAccess;
  floorAccessDelivery: FloorAccess;
  liftAvailablePickup: boolean;
  liftAvailableDelivery: boolean;
  explanation: string;
  /** "Label: £x.xx" lines, with the notes (fuel and return journey) as lines of their own. */
  breakdown: string[];
  /** v2, present only with extra stops. */
  stopsFee?: number;
  stops?: MoveStop[];
  /** v3, present only with extended cover: its fee (pounds) and the declared value (whole pounds). */
  coverFee?: number;
  declaredValue?: number;
};

export function toApiQuote(r: PriceResult): ApiQuote {
  const money = Object.fromEntries(API_MONEY_FIELDS.map((field) => [field, penceToPounds(r[field])])) as Record<
    ApiMoneyField,
    number
  >;
  return {
    ...money,
    includesVAT: true,
    currency: r.currency,
    priceString: r.priceString,
    discountPercent: r.discountPercent,
    vanSizeMultiplier: r.vanSizeMultiplier,
    distance: r.distance,
    estimatedTime: r.estimatedTime,
    estimatedHours: r.estimatedHours,
    vanSize: r.vanSize,
    helpers: r.helpers,
    urgency: r.urgency,
    moveDate: r.moveDate,
    moveTime: r.moveTime,
    pickupAddress: r.pickupAddress,
    deliveryAddress: r.deliveryAddress,
    floorAccess: r.floorAccess,
    liftAvailable: r.liftEverywhere,
    floorAccessPickup: r.floorAccessPickup,
    floorAccessDelivery: r.floorAccessDelivery,
    liftAvailablePickup: r.liftAvailablePickup,
    liftAvailableDelivery: r.liftAvailableDelivery,
    explanation: r.explanation,
    breakdown: breakdownText(r.breakdownLines, { notes: true }),
    // v2's fields only when the move has extra stops: without them, every answer is v1's.
    ...(r.stops.length > 0 ? { stopsFee: penceToPounds(r.stopsFee), stops: r.stops } : {}),
    // v3's only with extended cover: without it, every answer is v2's.
    ...(r.declaredValue !== null ? { coverFee: penceToPounds(r.coverFee), declaredValue: r.declaredValue } : {}),
  };
}
