import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { addressKey } from "~/domain/distance";
import { action as calculateDistance } from "~/routes/api+/calculate-distance";
import { action as calculate, loader as calculateGet } from "~/routes/api+/quotes.calculate";
import { action as quotesDistance } from "~/routes/api+/quotes.distance";
import { action as simple } from "~/routes/api+/quotes.simple";
import { API_RATE_LIMIT } from "~/server/platform/api.server";
import { db } from "~/server/platform/db.server";
import { bearerFor, sessionCookie, contextOf } from "./auth-helpers";
import { createUser } from "./factories";

let ipCounter = 0;
/** Each test gets its own client IP, so the per-IP rate limit never leaks between tests. */
function post(
  path: string,
  body: unknown,
  {
    contentType = "application/json",
    ip,
    headers = {},
  }: { contentType?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "Content-Type": contentType,
      "X-Forwarded-For": ip ?? `203.0.113.${(ipCounter++ % 250) + 1}-${Date.now()}`,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function call(
  handler: (args: ActionFunctionArgs) => Promise<Response | null> | Response,
  request: Request,
): Promise<Response> {
  try {
    return (await handler({ request, params: {}, context: contextOf(request) }))!;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const nextWednesday = (() => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + ((3 - date.getUTCDay() + 7) % 7 || 7) + 7);
  return date.toISOString().slice(0, 10);
})();

describe("POST /api/quotes/calculate", () => {
  it("prices a move from the API's payload (collectionAddress) and saves it", async () => {
    const response = await call(
      calculate,
      post("/api/quotes/calculate", {
        collectionAddress: "14 Duke Street, Chelmsford CM1 1HL",
        deliveryAddress: "3 Newland Street, Witham CM8 2AF",
        moveDate: nextWednesday,
        vanSize: "medium",
        urgency: "standard",
        helpers: 1,
        floorAccess: "ground",
      }),
    );
    expect(response.status).toBe(200);
    const { quote } = await response.json();
    for (const field of [
      "totalPrice",
      "originalPrice",
      "finalPrice",
      "totalWithVAT",
      "subTotal",
      "netAmount",
      "vatAmount",
      "includesVAT",
      "platformFee",
      "driverShare",
      "distanceCharge",
      "helpersFee",
      "floorAccessFee",
      "congestionCharge",
      "urgencySurcharge",
      "peakTimeSurcharge",
      "vanSizeMultiplier",
      "timeCharge",
      "fuelCost",
      "returnJourneyCost",
      "currency",
      "priceString",
      "distance",
      "estimatedTime",
      "vanSize",
      "helpers",
      "explanation",
      "breakdown",
    ]) {
      expect(quote, field).toHaveProperty(field);
    }
    expect(quote.currency).toBe("GBP");
    expect(quote.vanSizeMultiplier).toBe(1.1);
    expect(quote.helpersFee).toBe(50);
    expect(quote.platformFee + quote.driverShare).toBeCloseTo(quote.subTotal, 2);
    expect(quote.totalWithVAT).toBeCloseTo(quote.subTotal + quote.vatAmount, 2);
    expect(quote.distance).toBeGreaterThan(5);
    expect(quote.breakdown).toContain(`Total: ${quote.priceString}`);
    expect(quote.usingGoogleMaps).toBe(false);
    const saved = await db.quote.findUniqueOrThrow({ where: { id: quote.id } });
    expect(saved.totalWithVAT).toBe(Math.round(quote.totalWithVAT * 100));
    expect(saved.pickupAddress).toBe("14 Duke Street, Chelmsford CM1 1HL");
  });

  it("accepts pickupAddress too, and saves items", async () => {
    const response = await call(
      calculate,
      post("/api/quotes/calculate", {
        pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
        deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
        moveDate: nextWednesday,
        vanSize: "small",
        items: Array.from({ length: 31 }, (_, index) => ({ name: `Box ${index + 1}`, quantity: 1 })),
      }),
    );
    expect(response.status).toBe(200);
    const { quote } = await response.json();
    expect(quote.vanSize).toBe("medium"); // 31 items need a medium van
    expect(quote.helpers).toBe(1);
    expect(await db.quoteItem.count({ where: { quoteId: quote.id } })).toBe(31);
  });

  it("accepts an item's weight and requiresDisassembly, and answers items, floorAccess and liftAvailable", async () => {
    const response = await call(
      calculate,
      post("/api/quotes/calculate", {
        collectionAddress: "14 Duke Street, Chelmsford CM1 1HL",
        deliveryAddress: "3 Newland Street, Witham CM8 2AF",
        moveDate: nextWednesday,
        floorAccess: "secondFloor",
        liftAvailable: true,
        items: [
          { name: "Piano", quantity: 1, weight: 250, fragile: true },
          { name: "Wardrobe", quantity: 2, weightKg: 80, requiresDisassembly: true },
        ],
      }),
    );
    expect(response.status).toBe(200);
    const { quote } = await response.json();
    expect(quote.items).toEqual([
      { name: "Piano", quantity: 1, weight: 250, weightKg: 250, fragile: true, requiresDisassembly: false },
      { name: "Wardrobe", quantity: 2, weight: 80, weightKg: 80, fragile: false, requiresDisassembly: true },
    ]);
    expect(quote).toMatchObject({
      floorAccess: "secondFloor",
      liftAvailable: true,
      floorAccessPickup: "secondFloor",
      floorAccessDelivery: "secondFloor",
      floorAccessFee: 10,
    });
    expect(quote.explanation).toMatch(/Marked for disassembly: Wardrobe ×2/);

    const saved = await db.quoteItem.findMany({ where: { quoteId: quote.id }, orderBy: { position: "asc" } });
    expect(saved.map((item) => [item.name, item.weightKg?.toNumber(), item.requiresDisassembly])).toEqual([
      ["Piano", 250, false],
      ["Wardrobe", 80, true],
    ]);
  });

  it("says in its breakdown lines that fuel and the return journey are inside the distance charge", async () => {
    const response = await call(
      calculate,
      post("/api/quotes/calculate", {
        collectionAddress: "1 Grey Street, Newcastle NE1 6EE",
        deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
        moveDate: nextWednesday,
      }),
    );
    const { quote } = await response.json();
    const distance = quote.breakdown.findIndex((line: string) => line.startsWith("Distance ("));
    expect(quote.breakdown[distance + 1]).toBe("Fuel and return journey: included in the distance charge");
    expect(quote.fuelCost).toBe(0);
    expect(quote.returnJourneyCost).toBe(0);
  });

  it("gives the quote to the caller of a bearer token, as to the holder of a session cookie", async () => {
    const body = {
      collectionAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
      moveDate: nextWednesday,
    };
    const user = await createUser();
    const token = await bearerFor(user);
    const withToken = await call(
      calculate,
      post("/api/quotes/calculate", body, { headers: { Authorization: `Bearer ${token}` } }),
    );
    expect(withToken.status).toBe(200);
    const tokenQuote = await db.quote.findUniqueOrThrow({ where: { id: (await withToken.json()).quote.id } });
    expect(tokenQuote.customerId).toBe(user.id);

    const withCookie = await call(
      calculate,
      post("/api/quotes/calculate", body, { headers: { Cookie: await sessionCookie(user) } }),
    );
    const cookieQuote = await db.quote.findUniqueOrThrow({ where: { id: (await withCookie.json()).quote.id } });
    expect(cookieQuote.customerId).toBe(user.id);

    // A token that is not valid makes an anonymous quote (the route needs no sign-in).
    const badToken = await call(
      calculate,
      post("/api/quotes/calculate", body, { headers: { Authorization: "Bearer not-a-real-token" } }),
    );
    expect(badToken.status).toBe(200);
    expect(
      (await db.quote.findUniqueOrThrow({ where: { id: (await badToken.json()).quote.id } })).customerId,
    ).toBeNull();
  });

  it("answers bad input with 400, the product's messages and field errors", async () => {
    const response = await call(
      calculate,
      post("/api/quotes/calculate", { collectionAddress: "NE1", deliveryAddress: "", moveDate: "" }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors.pickupAddress).toContain("Please enter a valid pickup address");
    expect(body.fieldErrors.deliveryAddress).toContain("Please enter a valid delivery address");
    expect(body.fieldErrors.moveDate).toContain("Please select a date");
    expect(typeof body.error).toBe("string");
  });

  it("refuses a past date and a bad time", async () => {
    const response = await call(
      calculate,
      post("/api/quotes/calculate", {
        collectionAddress: "1 Grey Street NE1 6EE",
        deliveryAddress: "40 Osborne Road NE2 2AL",
        moveDate: "2020-01-01",
        moveTime: "25:00",
      }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors.moveDate).toContain("Please choose today or a later date");
    expect(body.fieldErrors.moveTime).toContain("Please enter a valid time (HH:MM)");
  });

  it("asks for a full postcode when an address cannot be located", async () => {
    const response = await call(
      calculate,
      post("/api/quotes/calculate", {
        collectionAddress: "Nowhere Special Lane",
        deliveryAddress: "40 Osborne Road NE2 2AL",
        moveDate: nextWednesday,
      }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toMatch(/full UK postcode/);
    expect(body.fieldErrors.pickupAddress[0]).toMatch(/full UK postcode/);
  });

  it("gives the zero-distance message for the same place twice", async () => {
    const response = await call(
      calculate,
      post("/api/quotes/calculate", {
        collectionAddress: "Flat 1, NE1 4ST",
        deliveryAddress: "Flat 2, NE1 4ST",
        moveDate: nextWednesday,
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("Invalid distance. Addresses may be too similar or incomplete.");
  });

  it("answers malformed JSON and a wrong content type with 400, never 500", async () => {
    const malformed = await call(calculate, post("/api/quotes/calculate", "{not json"));
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatch(/not valid JSON/);
    const wrongType = await call(
      calculate,
      post("/api/quotes/calculate", "a=b", { contentType: "application/x-www-form-urlencoded" }),
    );
    expect(wrongType.status).toBe(400);
    const notAnObject = await call(calculate, post("/api/quotes/calculate", "[1,2]"));
    expect(notAnObject.status).toBe(400);
  });

  it("says 405 to a GET", async () => {
    const response = await call(calculateGet, new Request("http://localhost/api/quotes/calculate"));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("limits each IP, with a clear 429", async () => {
    const ip = `198.51.100.7-${Date.now()}`;
    let last: Response | null = null;
    for (let attempt = 0; attempt <= API_RATE_LIMIT.limit; attempt++) {
      last = await call(calculate, post("/api/quotes/calculate", "{", { ip }));
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await last!.json()).error).toMatch(/Too many requests/);
  });
});

describe("POST /api/quotes/calculate with extra stops (docs/PRICING.md v2)", () => {
  const route = {
    collectionAddress: "14 Duke Street, Chelmsford CM1 1HL",
    deliveryAddress: "3 Newland Street, Witham CM8 2AF",
    moveDate: nextWednesday,
    vanSize: "medium",
    helpers: 0,
  };
  const stop = (address: string, type = "dropoff", extra: Record<string, unknown> = {}) => ({
    address,
    type,
    ...extra,
  });

  it("measures each leg through the distance service and its cache, and prices the stops", async () => {
    const response = await call(
      calculate,
      post("/api/quotes/calculate", {
        ...route,
        stops: [
          stop("Braintree CM7 1AA"),
          stop("Maldon CM9 4AA", "pickup", { floorAccess: "secondFloor", liftAvailable: "true" }),
        ],
      }),
    );
    expect(response.status).toBe(200);
    const { quote } = await response.json();
    expect(quote.stopsFee).toBe(20);
    expect(quote.breakdown).toContain("Extra stops (2 × £10.00): £20.00");
    expect(quote.stops).toEqual([
      { address: "Braintree CM7 1AA", type: "dropoff", floorAccess: "ground", liftAvailable: false },
      { address: "Maldon CM9 4AA", type: "pickup", floorAccess: "secondFloor", liftAvailable: true },
    ]);
    expect(quote.legs.map((leg: { from: string; to: string }) => [leg.from, leg.to])).toEqual([
      ["14 Duke Street, Chelmsford CM1 1HL", "Braintree CM7 1AA"],
      ["Braintree CM7 1AA", "Maldon CM9 4AA"],
      ["Maldon CM9 4AA", "3 Newland Street, Witham CM8 2AF"],
    ]);
    const legSum = quote.legs.reduce((sum: number, leg: { distance: number }) => sum + leg.distance, 0);
    expect(quote.distance).toBeCloseTo(legSum, 5);
    expect(quote.floorAccess).toBe("secondFloor");
    expect(quote.floorAccessFee).toBe(20);

    const saved = await db.quote.findUniqueOrThrow({
      where: { id: quote.id },
      include: { stops: { orderBy: { position: "asc" } } },
    });
    expect(saved.legTenths).toHaveLength(3);
    expect(saved.legTenths.reduce((sum, tenths) => sum + tenths, 0)).toBe(saved.distanceTenths);
    expect(saved.stops.map((s) => [s.position, s.type, s.address])).toEqual([
      [1, "dropoff", "Braintree CM7 1AA"],
      [2, "pickup", "Maldon CM9 4AA"],
    ]);
    // Every leg is in the cache.
    const cached = await db.distanceCache.count({
      where: { originKey: { in: [addressKey("Braintree CM7 1AA"), addressKey("Maldon CM9 4AA")] } },
    });
    expect(cached).toBeGreaterThanOrEqual(2);
  });

  it("answers without stops exactly as before: no stopsFee, stops or legs", async () => {
    const response = await call(calculate, post("/api/quotes/calculate", { ...route, stops: [] }));
    const { quote } = await response.json();
    for (const field of ["stopsFee", "stops", "legs"]) expect(quote).not.toHaveProperty(field);
    expect(quote.breakdown.some((line: string) => line.startsWith("Extra stops"))).toBe(false);
  });

  it("refuses more than 4 stops with a 400 and a clear message", async () => {
    const response = await call(
      calculate,
      post("/api/quotes/calculate", { ...route, stops: Array.from({ length: 5 }, () => stop("Braintree CM7 1AA")) }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("A move can have at most 4 extra stops");
    expect(body.fieldErrors.stops).toContain("A move can have at most 4 extra stops");
  });

  it("names the stop whose address or type is wrong", async () => {
    const bad = await call(calculate, post("/api/quotes/calculate", { ...route, stops: [stop("ab", "somewhere")] }));
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.fieldErrors.stops).toEqual([
      "Please enter a valid address for this stop",
      "Please choose whether this stop is a pickup or a drop-off",
    ]);

    const unknown = await call(
      calculate,
      post("/api/quotes/calculate", { ...route, stops: [stop("Braintree CM7 1AA"), stop("Nowhere Special Lane")] }),
    );
    expect(unknown.status).toBe(400);
    const unknownBody = await unknown.json();
    expect(unknownBody.fieldErrors["stops[1].address"][0]).toMatch(/full UK postcode/);
  });
});

describe("POST /api/quotes/simple", () => {
  it("prices from, to and van size for today", async () => {
    const response = await call(
      simple,
      post("/api/quotes/simple", { from: "Birmingham B3 2BJ", to: "Coventry CV1 1LF", vanSize: "large" }),
    );
    expect(response.status).toBe(200);
    const { quote } = await response.json();
    expect(quote.vanSize).toBe("large");
    expect(quote.distance).toBeGreaterThan(15);
    expect(quote.priceString).toMatch(/^£\d/);
  });

  it("gives the quote to the caller of a bearer token too", async () => {
    const user = await createUser();
    const token = await bearerFor(user);
    const response = await call(
      simple,
      post(
        "/api/quotes/simple",
        { from: "Birmingham B3 2BJ", to: "Coventry CV1 1LF" },
        { headers: { Authorization: `Bearer ${token}` } },
      ),
    );
    const { quote } = await response.json();
    expect((await db.quote.findUniqueOrThrow({ where: { id: quote.id } })).customerId).toBe(user.id);
    expect(quote.items).toEqual([]);
  });

  it("needs both addresses", async () => {
    const response = await call(simple, post("/api/quotes/simple", { from: "B3 2BJ" }));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors.to).toContain("Please enter both addresses");
  });
});

describe("POST /api/calculate-distance and /api/quotes/distance", () => {
  it("give the distance result, saying how it was obtained", async () => {
    for (const handler of [calculateDistance, quotesDistance]) {
      const response = await call(
        handler,
        post("/api/calculate-distance", { from: "London SW1A 1AA", to: "Birmingham B1 1BB" }),
      );
      expect(response.status).toBe(200);
      const result = await response.json();
      expect(result).toMatchObject({
        unit: "miles",
        origin: "London SW1A 1AA",
        destination: "Birmingham B1 1BB",
        usingGoogleMaps: false,
        exactCalculation: false,
        estimated: true,
      });
      expect(result.distance).toBeGreaterThan(105);
      expect(result.distance).toBeLessThan(135);
      expect(result.calculationMethod).toMatch(/^offline_estimate_/);
      expect(result.estimatedTime).toBeGreaterThan(60);
    }
  });

  it("refuse an unknown address with a clear 400", async () => {
    const response = await call(
      calculateDistance,
      post("/api/calculate-distance", { from: "Qwertyuiop", to: "B1 1BB" }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors.from[0]).toMatch(/full UK postcode/);
  });
});
