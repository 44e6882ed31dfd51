import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import {
  createGoogleDistanceSource,
  DISTANCE_CACHE_DAYS,
  DistanceLookupError,
  DistanceUnavailableError,
  getDistance,
  googleSourceFromConfig,
  offlineDistance,
} from "~/server/quotes/distance.server";
import { startGoogleMapsStandIn, type GoogleMapsStandIn } from "../support/google-maps-stand-in";

const DAY_MS = 24 * 60 * 60 * 1000;
let standIn: GoogleMapsStandIn;
// `env` is parsed at import, so tests hand the key and base URL to the factory instead.
const google = () => createGoogleDistanceSource({ apiKey: "test-key", baseUrl: standIn.baseUrl });

beforeAll(async () => {
  standIn = await startGoogleMapsStandIn();
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(async () => {
  standIn.reset();
  await db.distanceCache.deleteMany();
});

describe("Google Distance Matrix source", () => {
  it("sends the key and both addresses, and converts metres to miles", async () => {
    standIn.answer({ metres: 193_121, seconds: 8_100 }); // 120.0 miles, 2 h 15 min
    const result = await getDistance("SW1A 1AA", "B1 1BB, Birmingham", { google: google() });

    expect(result).toEqual({
      distance: 120,
      unit: "miles",
      estimatedTime: 135,
      origin: "SW1A 1AA",
      destination: "B1 1BB, Birmingham",
      source: "google_maps",
      exactCalculation: true,
      calculationMethod: "google_distance_matrix",
      usingGoogleMaps: true,
      estimated: false,
    });
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request!.pathname).toBe("/maps/api/distancematrix/json");
    expect(request!.searchParams.get("key")).toBe("test-key");
    expect(request!.searchParams.get("origins")).toBe("SW1A 1AA");
    expect(request!.searchParams.get("destinations")).toBe("B1 1BB, Birmingham");
  });

  it("rounds to one decimal mile", async () => {
    standIn.answer({ metres: 13_518, seconds: 1_500 }); // 8.3998 miles
    const result = await getDistance("W8 4PT", "SE1 7PB", { google: google(), cache: false });
    expect(result.distance).toBe(8.4);
    expect(result.estimatedTime).toBe(25);
  });

  it("defaults to Google's public address", async () => {
    const calls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      calls.push(String(input));
      return Response.json({
        status: "OK",
        rows: [{ elements: [{ status: "OK", distance: { value: 1609 }, duration: { value: 300 } }] }],
      });
    };
    await createGoogleDistanceSource({ apiKey: "k", fetch: fakeFetch }).distance("E1 6AN", "E2 7DG");
    expect(calls[0]).toMatch(/^https:\/\/maps\.googleapis\.com\/maps\/api\/distancematrix\/json\?/);
  });

  it("reports a zero distance as the customer's error rather than falling back", async () => {
    standIn.answer({ metres: 0, seconds: 0 });
    await expect(getDistance("NE1 4ST", "NE1 4ST", { google: google() })).rejects.toMatchObject({
      field: "distance",
      message: "Invalid distance. Addresses may be too similar or incomplete.",
    });
  });
});

describe("falling back to the offline estimate", () => {
  const from = "W8 4PT";
  const to = "NE1 4ST";

  it.each([
    { failure: { httpStatus: 500 }, reason: /HTTP 500/ },
    { failure: { elementStatus: "NOT_FOUND" }, reason: /NOT_FOUND/ },
    { failure: { elementStatus: "ZERO_RESULTS" }, reason: /ZERO_RESULTS/ },
    { failure: { status: "REQUEST_DENIED" }, reason: /REQUEST_DENIED/ },
  ] as const)("when Google answers $failure", async ({ failure, reason }) => {
    standIn.failWith(failure);
    const result = await getDistance(from, to, { google: google() });

    expect(standIn.requests).toHaveLength(1);
    expect(result).toEqual({ ...offlineDistance(from, to), fallbackReason: expect.stringMatching(reason) });
    expect(result).toMatchObject({
      source: "postcode_district",
      exactCalculation: false,
      usingGoogleMaps: false,
      estimated: true,
    });
  });

  it("when Google does not answer in time", async () => {
    standIn.failWith("hang");
    const slowGoogle = createGoogleDistanceSource({ apiKey: "test-key", baseUrl: standIn.baseUrl, timeoutMs: 200 });
    const result = await getDistance(from, to, { google: slowGoogle });
    expect(result.fallbackReason).toMatch(/did not answer within 0.2 s/);
    expect(result.calculationMethod).toBe("offline_estimate_postcode_district");
  });

  it("and still asks for a postcode when neither can find the address", async () => {
    standIn.failWith({ elementStatus: "NOT_FOUND" });
    const attempt = getDistance("Nowhere In Particular", to, { google: google() });
    await expect(attempt).rejects.toBeInstanceOf(DistanceLookupError);
    await expect(attempt).rejects.toMatchObject({
      field: "pickupAddress",
      message: 'We couldn\'t find "Nowhere In Particular". Please enter a full UK postcode, e.g. NE1 4ST.',
    });
  });
});

describe("a failing distance service (not the customer's input)", () => {
  it("is Google down while the estimate cannot place an address: the address may well be right", async () => {
    standIn.failWith({ httpStatus: 503 });
    const attempt = getDistance("Nowhere In Particular", "NE1 4ST", { google: google() });
    await expect(attempt).rejects.toBeInstanceOf(DistanceUnavailableError);
    await expect(attempt).rejects.toMatchObject({
      reason: "Google Maps answered HTTP 503",
      message: "We could not measure the distance just now. Please try again shortly.",
    });
  });

  it("leaves the same place twice the customer's error", async () => {
    standIn.failWith({ httpStatus: 503 });
    await expect(getDistance("Flat 1, NE1 4ST", "Flat 2, NE1 4ST", { google: google() })).rejects.toMatchObject({
      field: "distance",
    });
  });

  it("is an offline estimate that breaks", async () => {
    const broken = { name: "offline" as const, distance: async () => Promise.reject(new Error("dataset missing")) };
    await expect(
      getDistance("NE1 4ST", "NE2 1AA", { google: null, offline: broken, cache: false }),
    ).rejects.toMatchObject({
      name: "DistanceUnavailableError",
      reason: "dataset missing",
    });
  });
});

describe("without a Google key", () => {
  it("has no Google source", () => {
    expect(googleSourceFromConfig({})).toBeNull();
    expect(googleSourceFromConfig({ GOOGLE_MAPS_API_KEY: "k" })?.name).toBe("google_maps");
  });

  it("uses the offline estimate", async () => {
    const result = await getDistance("London", "Birmingham", { google: null });
    expect(result).toMatchObject({ source: "place_name", usingGoogleMaps: false, exactCalculation: false });
    expect(result.fallbackReason).toBeUndefined();
  });

  it.skipIf(Boolean(env.GOOGLE_MAPS_API_KEY))("is the default when the environment has none", async () => {
    const result = await getDistance("CM1 1AA", "CM8 1AA");
    expect(result.calculationMethod).toBe("offline_estimate_postcode_district");
  });
});

describe("the distance cache", () => {
  it("answers a repeated question without asking Google again", async () => {
    standIn.answer({ metres: 20_000, seconds: 1_800 });
    const first = await getDistance("B1 1BB", "CV1 1AA", { google: google() });
    const second = await getDistance("b1 1bb", "cv11aa", { google: google() }); // same postcode keys

    expect(standIn.requests).toHaveLength(1);
    expect({ ...second, origin: first.origin, destination: first.destination }).toEqual(first);
    expect(second.origin).toBe("b1 1bb"); // the result still echoes what was typed
  });

  it("keeps entries for 30 days", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    await getDistance("B1 1BB", "CV1 1AA", { google: google(), now });
    const row = await db.distanceCache.findFirstOrThrow({ where: { originKey: "b11bb", destinationKey: "cv11aa" } });
    expect(row).toMatchObject({ source: "google_maps", distanceTenths: 62, exactCalculation: true });
    expect(row.expiresAt.getTime() - now.getTime()).toBe(DISTANCE_CACHE_DAYS * DAY_MS);

    await getDistance("B1 1BB", "CV1 1AA", { google: google(), now: new Date(now.getTime() + 29 * DAY_MS) });
    expect(standIn.requests).toHaveLength(1);
    await getDistance("B1 1BB", "CV1 1AA", { google: google(), now: new Date(now.getTime() + 31 * DAY_MS) });
    expect(standIn.requests).toHaveLength(2);
  });

  it("caches offline estimates too, but lets Google answer once it is back", async () => {
    standIn.failWith({ httpStatus: 503 });
    await getDistance("W8 4PT", "W11 2BQ", { google: google() });
    expect(await db.distanceCache.count({ where: { source: "postcode_district" } })).toBe(1);
    const cached = await getDistance("W8 4PT", "W11 2BQ", { google: null });
    expect(cached.source).toBe("postcode_district");

    standIn.answer({ metres: 2_500, seconds: 600 });
    const fresh = await getDistance("W8 4PT", "W11 2BQ", { google: google() });
    expect(standIn.requests).toHaveLength(2);
    expect(fresh).toMatchObject({ source: "google_maps", distance: 1.6 });
  });

  it("can be turned off", async () => {
    await getDistance("CM1 1AA", "CM8 1AA", { google: null, cache: false });
    expect(await db.distanceCache.count()).toBe(0);
  });
});
