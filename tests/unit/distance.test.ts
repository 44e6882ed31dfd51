import { describe, expect, it } from "vitest";
import {
  addressKey,
  distanceNote,
  DistanceLookupError,
  estimateDrivingMinutes,
  estimateRoadMiles,
  findPostcode,
  formatDistance,
  formatDuration,
  greatCircleMiles,
  locateAddress,
  normalisePostcode,
  roadFactor,
} from "~/domain/distance";
import { AREA_CENTROIDS, DISTRICT_CENTROIDS, type LatLng } from "~/domain/postcode-districts";

// The place-name dataset is loaded by the server module; importing it parses the
// configuration, which needs a DATABASE_URL. Nothing here connects to a database.
process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused";
const { offlineDistance, findGbPlaces } = await import("~/server/quotes/distance.server");

const district = (code: string): LatLng => {
  const point = DISTRICT_CENTROIDS[code];
  if (!point) throw new Error(`no centroid for ${code}`);
  return point;
};
const roadMilesBetween = (a: string, b: string) => estimateRoadMiles(greatCircleMiles(district(a), district(b)));

function lookupError(run: () => unknown): DistanceLookupError {
  try {
    run();
  } catch (error) {
    if (error instanceof DistanceLookupError) return error;
    throw error;
  }
  throw new Error("expected a DistanceLookupError");
}

describe("postcodes in addresses", () => {
  it("normalises a full postcode to lower case with no space", () => {
    expect(normalisePostcode("NE1 4ST")).toBe("ne14st");
    expect(normalisePostcode("ne14st")).toBe("ne14st");
    expect(normalisePostcode("  sw1a   2aa ")).toBe("sw1a2aa");
  });

  it("finds a full postcode inside longer address text", () => {
    expect(findPostcode("Flat 2, 10 Grey Street, Newcastle upon Tyne NE1 6AE, UK")).toEqual({
      postcode: "NE1 6AE",
      outward: "NE1",
      district: "NE1",
      area: "NE",
      key: "ne16ae",
    });
    expect(findPostcode("10 Downing St, London SW1A2AA")).toMatchObject({
      postcode: "SW1A 2AA",
      outward: "SW1A",
      district: "SW1",
      area: "SW",
    });
    // SE1 + 7PB, not SE17 + PB: the inward code is always digit + two letters.
    expect(findPostcode("Southwark SE17PB")).toMatchObject({ postcode: "SE1 7PB", outward: "SE1" });
  });

  it("accepts an outward code alone, as the whole text or at the end", () => {
    expect(findPostcode("W8")).toMatchObject({ postcode: null, outward: "W8", area: "W", key: "w8" });
    expect(findPostcode("Kensington, London W8, UK")).toMatchObject({ postcode: null, outward: "W8" });
    expect(findPostcode("ec1a")).toMatchObject({ outward: "EC1A", district: "EC1", area: "EC" });
  });

  it("does not take flat numbers or road numbers for postcodes", () => {
    expect(findPostcode("Flat B2, 10 High Street, London")).toBeNull();
    expect(findPostcode("10 High Street, Flat B2")).toBeNull();
    expect(findPostcode("Services on the A12")).toBeNull();
    expect(findPostcode("Birmingham")).toBeNull();
  });

  it("builds cache keys that ignore case, punctuation and postcode spacing", () => {
    expect(addressKey("10 Grey St, Newcastle NE1 6AE")).toBe("10 grey st newcastle ne16ae");
    expect(addressKey("10 grey st newcastle ne16ae")).toBe(addressKey("10 Grey St,  Newcastle, NE1 6AE"));
  });
});

describe("postcode district table", () => {
  const expectDistricts = (prefix: string, from: number, to: number, skip: number[] = []) => {
    for (let n = from; n <= to; n++) {
      if (!skip.includes(n)) expect(DISTRICT_CENTROIDS[`${prefix}${n}`], `${prefix}${n}`).toBeDefined();
    }
  };

  it("covers every London district", () => {
    expectDistricts("E", 1, 20, [19]);
    expectDistricts("EC", 1, 4);
    expectDistricts("N", 1, 22);
    expectDistricts("NW", 1, 11);
    expectDistricts("SE", 1, 28);
    expectDistricts("SW", 1, 20);
    expectDistricts("W", 1, 14);
    expectDistricts("WC", 1, 2);
    for (const sub of ["EC1A", "EC2R", "EC4Y", "W1K", "W1T", "SW1A", "SW1X", "WC1A", "WC2N", "E1W", "N1C"]) {
      expect(DISTRICT_CENTROIDS[sub], sub).toBeDefined();
    }
  });

  it("covers Essex, the North East and the West Midlands", () => {
    expectDistricts("CM", 1, 24, [10]);
    expectDistricts("CO", 1, 16);
    expectDistricts("SS", 0, 17, [10]);
    expectDistricts("RM", 1, 20);
    expectDistricts("IG", 1, 11);
    expectDistricts("NE", 1, 49, [14]);
    expectDistricts("NE", 61, 71);
    expectDistricts("SR", 1, 8);
    expectDistricts("DH", 1, 9);
    expectDistricts("TS", 1, 29);
    expectDistricts("DL", 1, 17);
    expectDistricts("B", 1, 50, [22, 39, 41]);
    expectDistricts("B", 60, 80);
    expectDistricts("CV", 1, 13);
    expectDistricts("WV", 1, 16);
    expectDistricts("WS", 1, 15);
    expectDistricts("DY", 1, 14);
  });

  it("has an area centroid for every UK postcode area", () => {
    expect(Object.keys(AREA_CENTROIDS)).toHaveLength(121);
  });

  it("puts every district near its own area (catches typos and flipped signs)", () => {
    for (const [code, point] of Object.entries(DISTRICT_CENTROIDS)) {
      const area = AREA_CENTROIDS[code.replace(/\d.*$/, "")];
      expect(area, code).toBeDefined();
      expect(greatCircleMiles(point, area!), code).toBeLessThan(40);
    }
  });

  it("tells neighbouring districts apart: W8 and W11, NE1 and NE2", () => {
    expect(district("W8")).not.toEqual(district("W11"));
    expect(roadMilesBetween("W8", "W11")).toBeGreaterThan(1);
    expect(roadMilesBetween("W8", "W11")).toBeLessThan(3);
    expect(district("NE1")).not.toEqual(district("NE2"));
    expect(roadMilesBetween("NE1", "NE2")).toBeGreaterThan(0.5);
    expect(roadMilesBetween("NE1", "NE2")).toBeLessThan(3);
  });

  it("agrees with well-known distances", () => {
    // The City to Westminster, as the crow flies: about 2 miles.
    expect(greatCircleMiles(district("EC1A"), district("SW1A"))).toBeGreaterThan(1.5);
    expect(greatCircleMiles(district("EC1A"), district("SW1A"))).toBeLessThan(2.5);
    // By road, centre to centre: Newcastle–Sunderland about 12 miles (the A184 route is ~12-13),
    // Birmingham–Coventry about 20, Chelmsford–Witham about 10.
    expect(roadMilesBetween("NE1", "SR1")).toBeGreaterThanOrEqual(10);
    expect(roadMilesBetween("NE1", "SR1")).toBeLessThanOrEqual(13.5);
    expect(roadMilesBetween("B1", "CV1")).toBeGreaterThanOrEqual(18);
    expect(roadMilesBetween("B1", "CV1")).toBeLessThanOrEqual(23);
    expect(roadMilesBetween("CM1", "CM8")).toBeGreaterThanOrEqual(9);
    expect(roadMilesBetween("CM1", "CM8")).toBeLessThanOrEqual(12);
  });
});

describe("road factor", () => {
  // Real road distances between the city centres, in miles.
  const calibration = [
    { from: ["London", "WC2N 5DU"], to: ["Birmingham", "B1 1BB"], roadMiles: 120 },
    { from: ["London", "SW1A 1AA"], to: ["Newcastle upon Tyne", "NE1 4ST"], roadMiles: 280 },
    { from: ["Birmingham", "B2 4QA"], to: ["Newcastle", "NE1 7RU"], roadMiles: 205 },
    { from: ["London", "EC4M 7AA"], to: ["Chelmsford", "CM1 1AA"], roadMiles: 40 },
  ];

  it.each(calibration)(
    "puts $from.0 to $to.0 within 10% of $roadMiles miles, by place name and by postcode",
    ({ from, to, roadMiles }) => {
      for (let i = 0; i < 2; i++) {
        const result = offlineDistance(from[i]!, to[i]!);
        expect(result.distance, `${from[i]} → ${to[i]}`).toBeGreaterThanOrEqual(roadMiles * 0.9);
        expect(result.distance, `${from[i]} → ${to[i]}`).toBeLessThanOrEqual(roadMiles * 1.1);
      }
    },
  );

  it("stays a plausible detour at every distance", () => {
    for (const miles of [0.5, 5, 30, 60, 100, 200, 400]) {
      expect(roadFactor(miles)).toBeGreaterThanOrEqual(1.1);
      expect(roadFactor(miles)).toBeLessThanOrEqual(1.3);
    }
  });
});

describe("driving time", () => {
  it("assumes town speeds for short trips and faster roads for long ones", () => {
    expect(estimateDrivingMinutes(2)).toBe(6); // 20 mph
    expect(estimateDrivingMinutes(200)).toBe(267); // 45 mph
    expect(estimateDrivingMinutes(0.1)).toBe(1);
    const times = [1, 5, 10, 20, 50, 100, 150].map(estimateDrivingMinutes);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe("offline estimate", () => {
  it("says it is an estimate, and how it was made", () => {
    expect(offlineDistance(" W8 4PT ", "W11 2BQ")).toEqual({
      distance: expect.any(Number),
      unit: "miles",
      estimatedTime: expect.any(Number),
      origin: "W8 4PT",
      destination: "W11 2BQ",
      source: "postcode_district",
      exactCalculation: false,
      calculationMethod: "offline_estimate_postcode_district",
      usingGoogleMaps: false,
      estimated: true,
    });
  });

  it("rounds to one decimal", () => {
    const { distance } = offlineDistance("W8 4PT", "W11 2BQ");
    expect(distance * 10).toBe(Math.round(distance * 10));
    expect(distance).toBeGreaterThan(1);
    expect(distance).toBeLessThan(3);
  });

  it("uses a sub-district's parent when the table has no entry of its own", () => {
    expect(offlineDistance("EC1P 1AA", "SE1 7PB").source).toBe("postcode_district");
  });

  it("falls back to place names, then to the postcode area, and reports the vaguer end", () => {
    expect(offlineDistance("NE1 4ST", "Durham").source).toBe("place_name");
    const area = offlineDistance("M1 1AE", "B1 1BB"); // Manchester: not a district we list
    expect(area.source).toBe("postcode_area");
    expect(area.calculationMethod).toBe("offline_estimate_postcode_area");
  });

  it("reads place names the way people write addresses", () => {
    const placeIn = (address: string) => locateAddress(address, findGbPlaces)?.label;
    expect(placeIn("12 London Road, Chelmsford")).toBe("Chelmsford"); // the street is not the town
    expect(placeIn("Flat 3, Chelmsford House, Witham")).toBe("Witham");
    expect(placeIn("Victoria, London")).toBe("London"); // not the village of Victoria in Wales
    expect(placeIn("Kensington, London")).toBe("Kensington");
    expect(placeIn("newcastle")).toBe("Newcastle upon Tyne"); // not Newcastle, County Down
    expect(placeIn("stratford upon avon")).toBe(placeIn("Stratford-upon-Avon"));
    expect(placeIn("10 High Street")).toBeUndefined(); // Street is a town in Somerset, but not here
  });

  it("asks for a full postcode when an address cannot be located", () => {
    const pickup = lookupError(() => offlineDistance("Nowhere In Particular", "NE1 4ST"));
    expect(pickup.field).toBe("pickupAddress");
    expect(pickup.message).toBe(
      'We couldn\'t find "Nowhere In Particular". Please enter a full UK postcode, e.g. NE1 4ST.',
    );
    expect(lookupError(() => offlineDistance("NE1 4ST", "zzzz qqqq")).field).toBe("deliveryAddress");
  });

  it("refuses a zero distance instead of inventing one", () => {
    const error = lookupError(() => offlineDistance("NE1 4ST", "ne1 4st"));
    expect(error.field).toBe("distance");
    expect(error.message).toBe("Invalid distance. Addresses may be too similar or incomplete.");
  });

  it("gives two streets of one town a labelled in-town estimate, never a dead end", () => {
    const inTown = offlineDistance("10 Downing Street, London", "Oxford Street, London");
    expect(inTown).toMatchObject({
      distance: 3,
      source: "in_town",
      calculationMethod: "offline_estimate_in_town",
      estimated: true,
      exactCalculation: false,
    });
    expect(inTown.estimatedTime).toBeGreaterThan(0);
    expect(distanceNote(inTown.source)).toBe("(in-town estimate)");
    // Two postcodes of one district: a shorter hop.
    expect(offlineDistance("1 Grey Street, NE1 6EE", "Pilgrim Street, NE1 6QE")).toMatchObject({
      distance: 1.5,
      source: "in_town",
    });
    // One full postcode (one street or building) is still too similar to price.
    expect(lookupError(() => offlineDistance("Flat 1, NE1 4ST", "Flat 2, NE1 4ST")).field).toBe("distance");
    expect(lookupError(() => offlineDistance("Oxford Street, London", "oxford street london")).field).toBe("distance");
  });

  it("says how each distance was found beside it", () => {
    expect(distanceNote("google_maps")).toBeNull();
    expect(distanceNote("postcode_district")).toBe("(estimated)");
    expect(distanceNote("fallback_estimate")).toBe("(assumed)");
  });

  it("needs both addresses", () => {
    expect(lookupError(() => offlineDistance("", "NE1 4ST")).message).toBe("Please enter both addresses");
    expect(lookupError(() => offlineDistance("NE1 4ST", " ")).field).toBe("deliveryAddress");
  });
});

describe("formatting", () => {
  it("shows one decimal under 10 miles, whole miles from 10", () => {
    expect(formatDistance(8.4)).toBe("8.4 miles");
    expect(formatDistance(0.3)).toBe("0.3 miles");
    expect(formatDistance(1)).toBe("1.0 mile");
    expect(formatDistance(9.96)).toBe("10 miles");
    expect(formatDistance(12.4)).toBe("12 miles");
    expect(formatDistance(120.2)).toBe("120 miles");
  });

  it("shows minutes under an hour, else hours and minutes", () => {
    expect(formatDuration(45)).toBe("45 mins");
    expect(formatDuration(1)).toBe("1 min");
    expect(formatDuration(60)).toBe("1 hour");
    expect(formatDuration(125)).toBe("2 hours 5 mins");
    expect(formatDuration(61)).toBe("1 hour 1 min");
  });
});
