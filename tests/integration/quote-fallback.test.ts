// When the distance service fails (Google configured but down, and the offline estimate
// cannot place an address), the quote forms show "Quote Generation Failed" and a labelled
// estimate; checkout measures again; the API answers 503.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// Google is configured and points at a local stand-in, before the app reads its settings.
const { standIn } = await vi.hoisted(async () => {
  const { startGoogleMapsStandIn } = await import("../support/google-maps-stand-in");
  const standIn = await startGoogleMapsStandIn();
  vi.stubEnv("GOOGLE_MAPS_API_KEY", "fallback-test-key");
  vi.stubEnv("GOOGLE_MAPS_API_BASE", standIn.baseUrl);
  return { standIn };
});

const { action: quoteAction, loader: quoteLoader } = await import("~/routes/_quote+/quote");
const { action: homeAction } = await import("~/routes/_quote+/_index/route");
const { action: checkoutAction, loader: checkoutLoader } = await import("~/routes/_checkout+/checkout");
const { action: distanceAction } = await import("~/routes/_quote+/distance-calculator/route");
const { action: calculateApi } = await import("~/routes/api+/quotes.calculate");
const { action: distanceApi } = await import("~/routes/api+/calculate-distance");
const { calculatePrice } = await import("~/domain/pricing");
const { db } = await import("~/server/platform/db.server");
const { takeToasts } = await import("~/server/platform/toast.server");
const { requestWithCookie } = await import("./factories");
import { contextOf } from "./auth-helpers";

afterAll(() => standIn.close());
beforeEach(async () => {
  standIn.reset();
  standIn.failWith({ httpStatus: 503 });
  await db.distanceCache.deleteMany();
});

const moveDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
// The offline estimate cannot place this pickup; Google, when it is up, can.
const unplaceable = "Rose Cottage, Little Snoring";
const delivery = "40 Osborne Road, Newcastle NE2 2AL";

function form(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

async function run(handler: (args: ActionFunctionArgs) => unknown, request: Request) {
  try {
    return await handler({ request, params: {}, context: contextOf(request) });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const quoteId = (response: Response) =>
  new URL(response.headers.get("Location")!, "http://localhost").searchParams.get("quote")!;

const detailedQuote = {
  __form__: "detailed-quote-form",
  pickupAddress: unplaceable,
  deliveryAddress: delivery,
  moveDate,
  moveTime: "09:00",
  vanSize: "large",
  helpers: "1",
  floorAccessPickup: "firstFloor",
  "items[0].name": "Sofa",
  "items[0].quantity": "2",
};

describe("the quote forms, while the distance service fails", () => {
  it("/quote shows 'Quote Generation Failed' and a clearly labelled estimate priced by the pricing module", async () => {
    const response = (await run(quoteAction, form("/quote", detailedQuote))) as Response;
    expect(response.status).toBe(302);
    const { toasts } = await takeToasts(requestWithCookie("http://localhost/", response.headers.get("Set-Cookie")));
    expect(toasts[0]).toMatchObject({ title: "Quote Generation Failed", variant: "error" });
    expect(toasts[0]!.description).toMatch(/^Using Estimated Quote/);

    const id = quoteId(response);
    const page = await quoteLoader({
      request: new Request(`http://localhost/quote?quote=${id}`),
      params: {},
      context: {},
    });
    // 15 miles; everything else as the customer chose it.
    const expected = calculatePrice({
      distanceMiles: 15,
      moveDate,
      vanSize: "large",
      helpers: 1,
      floorAccessPickup: "firstFloor",
      pickupAddress: unplaceable,
      deliveryAddress: delivery,
      items: [{ name: "Sofa", quantity: 2 }],
    });
    expect(page.quote).toMatchObject({
      estimate: true,
      distanceMiles: 15,
      distanceNote: "(assumed)",
      vanSize: "large",
      helpers: 1,
      total: expected.priceString,
    });
    const saved = await db.quote.findUniqueOrThrow({ where: { id } });
    expect(saved).toMatchObject({
      distanceSource: "fallback_estimate",
      exactCalculation: false,
      usingGoogleMaps: false,
      totalWithVAT: expected.totalWithVAT,
    });
  });

  it("the home page's form does the same", async () => {
    const response = (await run(
      homeAction,
      form("/", {
        __form__: "home-quote-form",
        pickupAddress: unplaceable,
        deliveryAddress: delivery,
        moveDate,
        vanSize: "medium",
      }),
    )) as Response;
    expect(response.status).toBe(302);
    const saved = await db.quote.findUniqueOrThrow({ where: { id: quoteId(response) } });
    expect(saved).toMatchObject({ distanceSource: "fallback_estimate", distanceTenths: 150, vanSize: "medium" });
  });

  it("still prices addresses the offline estimate can place, as estimated distances", async () => {
    const response = (await run(
      quoteAction,
      form("/quote", { ...detailedQuote, pickupAddress: "1 Grey Street, Newcastle NE1 6EE" }),
    )) as Response;
    const page = await quoteLoader({
      request: new Request(`http://localhost/quote?quote=${quoteId(response)}`),
      params: {},
      context: {},
    });
    expect(page.quote).toMatchObject({ estimate: false, distanceNote: "(estimated)" });
  });

  it("keep a validation error a validation error", async () => {
    const result = (await run(quoteAction, form("/quote", { ...detailedQuote, pickupAddress: "Flat 1, NE2 2AL" }))) as {
      data: { lastResult: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(result.init.status).toBe(422);
    expect(result.data.lastResult.error.deliveryAddress).toEqual([
      "Invalid distance. Addresses may be too similar or incomplete.",
    ]);
  });

  it("/distance-calculator names the failure in its red box", async () => {
    const result = (await run(
      distanceAction,
      form("/distance-calculator", { pickupAddress: unplaceable, deliveryAddress: delivery, action: "simple" }),
    )) as { data: { failure: string }; init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(result.data.failure).toBe(
      "Failed to calculate quote: We could not measure the distance just now. Please try again shortly.",
    );
  });
});

describe("checkout of an estimate", () => {
  it("measures again: while the service still fails the estimate stays unbookable; once it is back the move is priced for real", async () => {
    const quoted = (await run(quoteAction, form("/quote", detailedQuote))) as Response;
    const estimateId = quoteId(quoted);

    const stillDown = (await run(checkoutAction, form("/checkout", { quoteId: estimateId }))) as Response;
    expect(stillDown.status).toBe(303);
    expect(stillDown.headers.get("Location")).toBe(`/checkout?quote=${estimateId}`);
    const { toasts } = await takeToasts(requestWithCookie("http://localhost/", stillDown.headers.get("Set-Cookie")));
    expect(toasts[0]).toMatchObject({ title: "Quote Generation Failed" });
    const estimatePage = await checkoutLoader({
      request: new Request(`http://localhost/checkout?quote=${estimateId}`),
      params: {},
      context: {},
    });
    expect(estimatePage.kind === "quote" && estimatePage.quote?.estimate).toBe(true);

    standIn.answer({ metres: 48_280, seconds: 3_600 }); // 30.0 miles
    const measured = (await run(checkoutAction, form("/checkout", { quoteId: estimateId }))) as Response;
    expect(measured.status).toBe(303);
    // Measured for real, the move is booked: a new quote, and its booking.
    const bookingId = new URL(measured.headers.get("Location")!, "http://localhost").searchParams.get("booking")!;
    const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    const measuredId = booking.quoteId!;
    expect(measuredId).not.toBe(estimateId);
    const page = await checkoutLoader({
      request: new Request(`http://localhost/checkout?quote=${measuredId}`),
      params: {},
      context: {},
    });
    expect(page.kind === "quote" && page.quote).toMatchObject({
      estimate: false,
      distanceNote: null,
      distanceMiles: 30,
      vanSize: "large",
      helpers: 1,
    });
    expect(booking).toMatchObject({
      status: "pending",
      paymentState: "unpaid",
      distanceTenths: 300,
      vanSize: "large",
      helpers: 1,
    });
    const items = await db.quoteItem.findMany({ where: { quoteId: measuredId } });
    expect(items.map((item) => [item.name, item.quantity])).toEqual([["Sofa", 2]]);
  });
});

describe("the JSON API, while the distance service fails", () => {
  function post(path: string, body: unknown) {
    return new Request(`http://localhost${path}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": `192.0.2.${Math.floor(Math.random() * 250) + 1}`,
      },
    });
  }

  it("answers 503 rather than making a price up (API clients fall back on their own)", async () => {
    const quote = (await run(
      calculateApi,
      post("/api/quotes/calculate", { collectionAddress: unplaceable, deliveryAddress: delivery, moveDate }),
    )) as Response;
    expect(quote.status).toBe(503);
    expect(await quote.json()).toMatchObject({
      error: "We could not measure the distance just now. Please try again shortly.",
    });
    const distance = (await run(
      distanceApi,
      post("/api/calculate-distance", { from: unplaceable, to: delivery }),
    )) as Response;
    expect(distance.status).toBe(503);
  });
});
