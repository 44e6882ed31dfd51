// The pure half of the distance calculator: what a distance result looks like, how
// addresses are read (postcodes, place names), the offline estimate's geometry (great
// circle, road factor, driving time) and how distances and times are shown.
// No I/O here: server/distance.server.ts adds Google, the place-name dataset and the cache.

import { POSTCODE_CORPUS_REGEX, parse as parsePostcode, validOutcode } from "postcode";
import { countOf, pluralWord } from "./plural";
import { AREA_CENTROIDS, DISTRICT_CENTROIDS, type LatLng } from "./postcode-districts";
import { PricingInputError, toDistanceTenths } from "./pricing";
import { QUOTE_MESSAGES } from "./quote-messages";

export type { LatLng } from "./postcode-districts";

// ---------- the result (the product's "Distance result") ----------

/** Where a distance came from, from most to least precise. */
export type DistanceSource = "google_maps" | "postcode_district" | "place_name" | "postcode_area" | "in_town";

/** The source saved with a quote priced for an assumed distance because the distance service failed. */
export const ASSUMED_DISTANCE_SOURCE = "fallback_estimate";

/** What a distance says beside it wherever it shows: nothing when measured by Google. */
export function distanceNote(source: string): string | null {
  if (source === "google_maps") return null;
  if (source === ASSUMED_DISTANCE_SOURCE) return "(assumed)";
  if (source === "in_town") return "(in-town estimate)";
  return "(estimated)";
}
type OfflineSource = Exclude<DistanceSource, "google_maps">;
type CalculationMethod = "google_distance_matrix" | `offline_estimate_${OfflineSource}`;

export interface DistanceResult {
  /** Road miles, 1 decimal. */
  distance: number;
  unit: "miles";
  /** Driving time in whole minutes. */
  estimatedTime: number;
  /** The addresses as the customer typed them (trimmed). */
  origin: string;
  destination: string;
  source: DistanceSource;
  /** True only when Google measured the route. */
  exactCalculation: boolean;
  calculationMethod: CalculationMethod;
  usingGoogleMaps: boolean;
  /** True when the UI should say "estimated" (everything but Google). */
  estimated: boolean;
  /** Set when Google was asked and failed, so the estimate was used instead. */
  fallbackReason?: string;
}

// ---------- errors the customer sees ----------

export type DistanceField = "pickupAddress" | "deliveryAddress" | "distance";

/** An address we cannot use, or a distance that makes no sense; `message` is for the customer. */
export class DistanceLookupError extends Error {
  readonly field: DistanceField;
  constructor(field: DistanceField, message: string) {
    super(message);
    this.name = "DistanceLookupError";
    this.field = field;
  }
}

/**
 * The trip could not be measured for a reason that is not the customer's input: a distance
 * service failed. `message` is for the customer, `reason` for the log.
 */
export class DistanceUnavailableError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super("We could not measure the distance just now. Please try again shortly.");
    this.name = "DistanceUnavailableError";
    this.reason = reason;
  }
}

// Shorter than this cannot name a place, not even an outward code like "E1".
const MIN_ADDRESS_LENGTH = 2;

/** Both addresses must be given; throws for the first one missing. */
export function requireBothAddresses(from: string, to: string): void {
  if (from.trim().length < MIN_ADDRESS_LENGTH) {
    throw new DistanceLookupError("pickupAddress", QUOTE_MESSAGES.bothAddresses);
  }
  if (to.trim().length < MIN_ADDRESS_LENGTH) {
    throw new DistanceLookupError("deliveryAddress", QUOTE_MESSAGES.bothAddresses);
  }
}

/**
 * Miles to 1 decimal, by the pricing rulebook's own rounding. A distance that rounds to
 * zero means both addresses are the same point (or too vague to tell apart).
 */
export function roundMiles(miles: number): number {
  try {
    return toDistanceTenths(miles) / 10;
  } catch (error) {
    if (error instanceof PricingInputError) throw new DistanceLookupError("distance", error.message);
    throw error;
  }
}

// ---------- postcodes ----------

export interface PostcodeMatch {
  /** "NE1 4ST" for a full postcode, null when only the outward code was given. */
  postcode: string | null;
  /** Outward code as written in the table: "NE1", "EC1A", "W1K". */
  outward: string;
  /** The outward code without a sub-district letter: "EC1A" → "EC1". */
  district: string;
  /** Postcode area: "NE", "EC", "W". */
  area: string;
  /** Lower case, no space: "ne14st" or "w8". Used in cache keys. */
  key: string;
}

// The postcode package's own pattern, but only as whole words (it would match inside "abc12 3de").
const FULL_POSTCODE = new RegExp(`\\b(?:${POSTCODE_CORPUS_REGEX.source})\\b`, "gi");
const SUB_DISTRICT = /^([A-Z]{1,2}\d)[A-Z]$/; // EC1A, W1K, SW1A
const UNIT_WORDS = new Set([
  "flat",
  "unit",
  "apartment",
  "apt",
  "block",
  "suite",
  "room",
  "studio",
  "floor",
  "plot",
  "no",
]);
const TRAILING_COUNTRY = /[\s,]*\b(united kingdom|great britain|uk|gb|england|scotland|wales)\W*$/i;

function areaOf(outward: string): string {
  return outward.replace(/\d.*$/, "");
}

function parentDistrict(outward: string): string {
  return outward.replace(SUB_DISTRICT, "$1");
}

/**
 * The postcode in free text: the last full postcode ("NE1 4ST", "ne14st"), else an outward
 * code on its own at the very end ("Kensington, London W8") or as the whole text ("W8").
 * Outward codes elsewhere are ignored: "Flat B2" or "A12" are not postcodes.
 */
export function findPostcode(address: string): PostcodeMatch | null {
  const full = address.match(FULL_POSTCODE)?.at(-1);
  if (full) {
    const parsed = parsePostcode(full);
    if (parsed.valid) {
      return {
        postcode: parsed.postcode,
        outward: parsed.outcode,
        district: parsed.district,
        area: parsed.area,
        key: parsed.postcode.replace(/\s+/g, "").toLowerCase(),
      };
    }
  }
  const words = address
    .replace(TRAILING_COUNTRY, "")
    .trim()
    .split(/[\s,]+/);
  const outward = (words.at(-1) ?? "").toUpperCase();
  const previous = (words.at(-2) ?? "").toLowerCase();
  // A real area is required too, so "A12" (a road) never passes, and "Flat B2" is a flat.
  if (validOutcode(outward) && AREA_CENTROIDS[areaOf(outward)] && !UNIT_WORDS.has(previous)) {
    return {
      postcode: null,
      outward,
      district: parentDistrict(outward),
      area: areaOf(outward),
      key: outward.toLowerCase(),
    };
  }
  return null;
}

/** "NE1 4ST" → "ne14st", "w8" → "w8"; null when there is no postcode in the text. */
export function normalisePostcode(text: string): string | null {
  return findPostcode(text)?.key ?? null;
}

/**
 * The cache key for an address: lower case, punctuation dropped, spaces collapsed and any
 * postcode written as its key, so "NE1 4ST" and "ne1 4st," share one entry.
 */
export function addressKey(address: string): string {
  return address
    .replace(FULL_POSTCODE, (postcode) => ` ${postcode.replace(/\s+/g, "")} `)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

// ---------- place names ----------

export interface Place {
  name: string;
  point: LatLng;
  population: number;
}

/** All places with this normalised name, the most populous first ([] when none). */
export type PlaceFinder = (normalisedName: string) => readonly Place[];

/** Lower case, plain letters, hyphens as spaces: "Stratford-upon-Avon" → "stratford upon avon". */
export function normalisePlaceName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’.]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

// Names people type that the dataset spells differently or that mean a smaller place
// elsewhere ("Newcastle" alone is a town in County Down; our customers mean Tyneside).
const PLACE_ALIASES: Readonly<Record<string, string>> = {
  newcastle: "newcastle upon tyne",
  "newcastle on tyne": "newcastle upon tyne",
  southend: "southend on sea",
};

// Words that end a street or building name: the place name before them is part of the
// street ("London Road", "Chelmsford House"), not the town.
const STREET_WORDS = new Set(
  (
    "road rd street st lane ln avenue ave way close drive dr place crescent gardens terrace " +
    "grove square sq mews row walk rise parade court ct house building buildings estate mansions " +
    "lodge yard wharf"
  ).split(" "),
);
// Single words that are also the names of small towns somewhere in Britain.
const NOT_A_PLACE_ALONE = new Set(["street", "grove", "hill", "church", "bridge", "wells", "ford", "valley", "dale"]);
const MAX_NAME_WORDS = 4;

/** Candidate place names in one comma-separated part, most likely first. */
function namesInPart(part: string): string[] {
  const words = normalisePlaceName(part)
    .split(" ")
    .filter((word) => word !== "" && !/\d/.test(word)); // house numbers, flat numbers
  const names: string[] = [];
  // Longest first, and from the end first: town names close an address line.
  for (let size = Math.min(MAX_NAME_WORDS, words.length); size >= 1; size--) {
    for (let start = words.length - size; start >= 0; start--) {
      const next = words[start + size];
      if (next !== undefined && STREET_WORDS.has(next)) continue;
      const name = words.slice(start, start + size).join(" ");
      if (size === 1 && (NOT_A_PLACE_ALONE.has(name) || STREET_WORDS.has(name))) continue;
      names.push(PLACE_ALIASES[name] ?? name);
    }
  }
  return names;
}

// How far a specific place may lie from the broadest one named and still be "the same area".
const NEARBY_PLACE_MILES = 25;

/**
 * The place an address names, using the dataset behind `findPlaces`. Parts of an address
 * run from specific to broad ("Kensington, London"), so the first part that names a place
 * wins, as long as it lies near the broadest place named: this keeps "Victoria, London"
 * in London rather than at a village called Victoria in Wales.
 */
function findPlaceInAddress(address: string, findPlaces: PlaceFinder): Place | null {
  const text = address.replace(FULL_POSTCODE, " ");
  const perPart: (readonly Place[])[] = [];
  for (const part of text.split(/[,\n;]+/)) {
    for (const name of namesInPart(part)) {
      const places = findPlaces(name);
      if (places.length > 0) {
        perPart.push(places);
        break;
      }
    }
  }
  const broadest = perPart.at(-1)?.[0];
  if (!broadest) return null;
  for (const places of perPart) {
    const nearby = places.find((place) => greatCircleMiles(place.point, broadest.point) <= NEARBY_PLACE_MILES);
    if (nearby) return nearby;
  }
  return broadest;
}

// ---------- locating an address ----------

export interface Location {
  point: LatLng;
  source: Exclude<OfflineSource, "in_town">;
  /** What was recognised, for logs and debugging: "W8", "Birmingham", "area NE". */
  label: string;
}

/**
 * Where an address is, most precise first: its postcode district from our table, else a
 * place it names, else its postcode area. Null when none of those is there.
 */
export function locateAddress(address: string, findPlaces: PlaceFinder): Location | null {
  const postcode = findPostcode(address);
  if (postcode) {
    const district = DISTRICT_CENTROIDS[postcode.outward] ?? DISTRICT_CENTROIDS[postcode.district];
    if (district) return { point: district, source: "postcode_district", label: postcode.outward };
  }
  const place = findPlaceInAddress(address, findPlaces);
  if (place) return { point: place.point, source: "place_name", label: place.name };
  const area = postcode ? AREA_CENTROIDS[postcode.area] : undefined;
  if (postcode && area) return { point: area, source: "postcode_area", label: `area ${postcode.area}` };
  return null;
}

type LocationSource = Location["source"];
const PRECISION: readonly LocationSource[] = ["postcode_district", "place_name", "postcode_area"];

/** A distance is only as precise as its vaguer end. */
function lessPrecise(a: LocationSource, b: LocationSource): LocationSource {
  return PRECISION.indexOf(a) >= PRECISION.indexOf(b) ? a : b;
}

// ---------- geometry ----------

const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Straight-line (great-circle, haversine) distance in miles. */
export function greatCircleMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b[0] - a[0]);
  const dLng = toRadians(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a[0])) * Math.cos(toRadians(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Linear interpolation over [x, y] points sorted by x; flat beyond both ends. */
function interpolate(curve: readonly (readonly [number, number])[], x: number): number {
  const first = curve[0]!;
  if (x <= first[0]) return first[1];
  for (let i = 1; i < curve.length; i++) {
    const [x1, y1] = curve[i]!;
    if (x <= x1) {
      const [x0, y0] = curve[i - 1]!;
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return curve.at(-1)![1];
}

/**
 * Road miles per straight-line mile. Roads wind more, relative to the trip, on short
 * trips than on motorway runs, so the factor falls with distance. Calibrated on real
 * road distances between city centres (tests/unit/distance.test.ts checks each within ±10%):
 * London–Chelmsford ~40 mi (30 straight), London–Birmingham ~120 (101),
 * Birmingham–Newcastle ~205 (177), London–Newcastle ~280 (247).
 */
const ROAD_FACTOR_CURVE: readonly (readonly [straightMiles: number, factor: number])[] = [
  [0, 1.25],
  [40, 1.25],
  [100, 1.19],
  [250, 1.13],
];

export function roadFactor(straightMiles: number): number {
  return interpolate(ROAD_FACTOR_CURVE, straightMiles);
}

export function estimateRoadMiles(straightMiles: number): number {
  return straightMiles * roadFactor(straightMiles);
}

/**
 * Average van speed by trip length: town traffic for short trips, more and more
 * motorway on long ones. 20 mph up to 10 miles, rising evenly to 45 mph at 100 miles.
 */
const AVERAGE_SPEED_CURVE: readonly (readonly [roadMiles: number, mph: number])[] = [
  [0, 20],
  [10, 20],
  [100, 45],
];

/** Estimated driving time in whole minutes (at least 1). */
export function estimateDrivingMinutes(roadMiles: number): number {
  const mph = interpolate(AVERAGE_SPEED_CURVE, roadMiles);
  return Math.max(1, Math.ceil((roadMiles / mph) * 60));
}

/** Road miles (1 decimal) and driving minutes between two points, by the offline estimate. */
export function estimateTrip(from: LatLng, to: LatLng): { miles: number; minutes: number } {
  const miles = Math.round(estimateRoadMiles(greatCircleMiles(from, to)) * 10) / 10;
  return { miles, minutes: miles < 0.1 ? 0 : estimateDrivingMinutes(miles) };
}

// ---------- the offline estimate ----------

/**
 * The offline estimate between two addresses. Throws DistanceLookupError when an address
 * cannot be located or both are the same point; it never makes a distance up.
 */
export function estimateDistance(from: string, to: string, findPlaces: PlaceFinder): DistanceResult {
  requireBothAddresses(from, to);
  const start = locateAddress(from, findPlaces);
  if (!start) throw new DistanceLookupError("pickupAddress", QUOTE_MESSAGES.addressNotFound(from.trim()));
  const end = locateAddress(to, findPlaces);
  if (!end) throw new DistanceLookupError("deliveryAddress", QUOTE_MESSAGES.addressNotFound(to.trim()));

  const roadMiles = estimateRoadMiles(greatCircleMiles(start.point, end.point));
  const sameCentre = Math.round(roadMiles * 10) === 0;
  // Two streets of one town (or of one postcode district) share its centre: a labelled in-town
  // estimate, not a dead end. The same address twice, or one full postcode, stays an error.
  const inTown = sameCentre && !sameSpot(from, to);
  const distance = inTown ? IN_TOWN_MILES[lessPrecise(start.source, end.source)] : roundMiles(roadMiles);
  const source = inTown ? "in_town" : lessPrecise(start.source, end.source);
  return {
    distance,
    unit: "miles",
    estimatedTime: estimateDrivingMinutes(distance),
    origin: from.trim(),
    destination: to.trim(),
    source,
    exactCalculation: false,
    calculationMethod: `offline_estimate_${source}`,
    usingGoogleMaps: false,
    estimated: true,
  };
}

/**
 * A trip inside one town or district, when the estimate knows no more than its centre: about
 * the distance between two streets of a postcode district, or across a town.
 */
const IN_TOWN_MILES: Readonly<Record<LocationSource, number>> = {
  postcode_district: 1.5,
  place_name: 3,
  postcode_area: 3,
};

/** The same address written twice, or two addresses with one full postcode (one building, one street). */
function sameSpot(from: string, to: string): boolean {
  if (addressKey(from) === addressKey(to)) return true;
  const fromPostcode = findPostcode(from)?.postcode;
  return fromPostcode != null && fromPostcode === findPostcode(to)?.postcode;
}

// ---------- display (the distance calculator) ----------

/** 1 decimal under 10 miles, whole miles from 10: "8.4 miles", "120 miles". */
export function formatDistance(miles: number): string {
  const tenths = Math.round(miles * 10) / 10;
  const text = tenths < 10 ? tenths.toFixed(1) : String(Math.round(tenths));
  return `${text} ${pluralWord(tenths, "mile")}`;
}

/** Minutes under an hour, else hours and minutes: "45 mins", "2 hours 5 mins". */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return countOf(total, "min");
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? countOf(hours, "hour") : `${countOf(hours, "hour")} ${countOf(rest, "min")}`;
}
