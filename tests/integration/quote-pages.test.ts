import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
// The quote pages' loaders and actions, as a browser without JavaScript would use them.
import { describe, expect, it } from "vitest";
import { loader as presetsLoader } from "~/routes/_admin-tools+/test-detailed-quotes";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/_checkout+/checkout";
import { action as calculatorAction, loader as calculatorLoader } from "~/routes/_quote+/calculator";
import { action as distanceAction } from "~/routes/_quote+/distance-calculator/route";
import { action as quoteAction, loader as quoteLoader } from "~/routes/_quote+/quote";
import { startUserSession } from "~/server/auth/auth.server";
import { takeToasts } from "~/server/platform/toast.server";
import { uniqueIp } from "./auth-helpers";
import { createUser, requestWithCookie } from "./factories";

const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

function form(path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

async function run<T>(
  handler: (args: ActionFunctionArgs) => Promise<T>,
  request: Request,
  context: AppLoadContext = { clientAddress: uniqueIp() },
) {
  try {
    return await handler({ request, params: {}, context });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown as T;
    throw thrown;
  }
}

type ActionResult = {
  data: {
    lastResult: {
      status?: string;
      error?: Record<string, string[]>;
      initialValue?: Record<string, unknown>;
      state?: { validated?: Record<string, boolean> };
    };
  };
  init: { status?: number } | null;
};

const goodQuote = {
  __form__: "calculator-form",
  pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
  deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
  moveDate: tomorrow,
  moveTime: "09:00",
  vanSize: "small",
  helpers: "0",
};

describe("/calculator", () => {
  it("prices the form, saves the quote and shows it with a toast (post/redirect/get)", async () => {
    const response = (await run(calculatorAction, form("/calculator", goodQuote))) as Response;
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/calculator\?quote=[\w-]+#quote$/);
    const { toasts } = await takeToasts(requestWithCookie("http://localhost/", response.headers.get("Set-Cookie")));
    expect(toasts[0]).toMatchObject({ title: "Quote calculated" });
    expect(toasts[0]!.description).toMatch(/^Your quote for 1\.3 miles is £42\.00$/);

    const page = await calculatorLoader({
      request: new Request(`http://localhost${location.replace("#quote", "")}`),
      params: {},
      context: {},
    });
    expect(page.quote).toMatchObject({
      total: "£42.00",
      pickupAddress: goodQuote.pickupAddress,
      distanceNote: "(estimated)",
    });
    expect(page.quote!.breakdown.map((line) => line.label)).toContain("Minimum charge adjustment");
  });

  it("gives back the product's messages with a 400 and keeps what was typed", async () => {
    const result = (await run(
      calculatorAction,
      form("/calculator", { ...goodQuote, pickupAddress: "NE1", moveDate: "", moveTime: "9am" }),
    )) as unknown as ActionResult;
    expect(result.init?.status).toBe(400);
    expect(result.data.lastResult.error).toMatchObject({
      pickupAddress: ["Please enter a valid pickup address"],
      moveDate: ["Please select a date"],
      moveTime: ["Please enter a valid time (HH:MM)"],
    });
    expect(result.data.lastResult.initialValue).toMatchObject({
      pickupAddress: "NE1",
      deliveryAddress: goodQuote.deliveryAddress,
      moveTime: "9am",
    });
  });

  it("adds and removes a stop without JavaScript, keeping what was typed, and prices the route", async () => {
    const insert = JSON.stringify({ type: "insert", payload: { name: "stops", defaultValue: { type: "dropoff" } } });
    const added = (await run(
      calculatorAction,
      form("/calculator", { ...goodQuote, __intent__: insert }),
    )) as unknown as ActionResult;
    expect(added.init?.status).toBe(200);
    expect(added.data.lastResult.status).toBeUndefined(); // an intent, not a failed submit
    expect(added.data.lastResult.initialValue).toMatchObject({
      pickupAddress: goodQuote.pickupAddress,
      stops: [{ type: "dropoff" }],
    });

    const stop = {
      "stops[0].address": "Gateshead NE8 1AA",
      "stops[0].type": "pickup",
      "stops[0].floorAccess": "ground",
    };
    const removed = (await run(
      calculatorAction,
      form("/calculator", {
        ...goodQuote,
        ...stop,
        __intent__: JSON.stringify({ type: "remove", payload: { name: "stops", index: 0 } }),
      }),
    )) as unknown as ActionResult;
    expect(removed.data.lastResult.initialValue?.stops ?? []).toEqual([]);

    const priced = (await run(calculatorAction, form("/calculator", { ...goodQuote, ...stop }))) as Response;
    expect(priced.status).toBe(302);
    const quoteId = new URL(priced.headers.get("Location")!, "http://localhost").searchParams.get("quote")!;
    const page = await calculatorLoader({
      request: new Request(`http://localhost/calculator?quote=${quoteId}`),
      params: {},
      context: {},
    });
    expect(page.quote!.stops).toMatchObject([{ position: 1, type: "pickup", address: "Gateshead NE8 1AA" }]);
    expect(page.quote!.legs).toHaveLength(2);
    expect(page.quote!.breakdown.map((line) => line.label)).toContain("Extra stops (1 × £10.00)");
  });

  it("refuses a past date", async () => {
    const result = (await run(
      calculatorAction,
      form("/calculator", { ...goodQuote, moveDate: "2021-06-01" }),
    )) as unknown as ActionResult;
    expect(result.init?.status).toBe(400);
    expect(result.data.lastResult.error?.moveDate).toEqual(["Please choose today or a later date"]);
  });

  it("shows the error toast and a postcode hint when an address cannot be located", async () => {
    // Without JavaScript the page comes back in the same request: the root loader of that
    // render takes the toast from the request's context.
    const request = form("/calculator", { ...goodQuote, pickupAddress: "Somewhere Nice" });
    const context: AppLoadContext = { clientAddress: uniqueIp() };
    const result = (await run(calculatorAction, request, context)) as unknown as ActionResult;
    expect(result.init?.status).toBe(422);
    expect(result.data.lastResult.error?.pickupAddress?.[0]).toMatch(/full UK postcode/);
    expect((await takeToasts(request, context)).toasts).toMatchObject([
      { title: "Error", description: "There was a problem calculating your quote. Please try again." },
    ]);
  });

  it("links the quote to the signed-in customer", async () => {
    const user = await createUser();
    const cookie = await startUserSession(new Request("http://localhost/"), user);
    const request = form("/calculator", goodQuote);
    request.headers.set("Cookie", cookie.split(";")[0]!);
    const response = (await run(calculatorAction, request)) as Response;
    expect(response.status).toBe(302);
    const { db } = await import("~/server/platform/db.server");
    expect(await db.quote.count({ where: { customerId: user.id } })).toBe(1);
  });
});

describe("conform intents without JavaScript", () => {
  it("'Show More Options' re-renders the detailed form with what was typed, without errors", async () => {
    const intent = JSON.stringify({ type: "update", payload: { name: "detailed", value: "on" } });
    const result = (await run(
      calculatorAction,
      form("/", { ...goodQuote, pickupAddress: "NE1", __intent__: intent }),
    )) as unknown as ActionResult;
    expect(result.init?.status).toBe(200);
    expect(result.data.lastResult.initialValue).toMatchObject({ detailed: "on", pickupAddress: "NE1" });
    // Conform shows errors only for fields it has validated; this intent validated none.
    expect(result.data.lastResult.state?.validated ?? {}).not.toHaveProperty("pickupAddress");
  });

  it("quick-add inserts an item and the quantity never goes below 1", async () => {
    const insert = JSON.stringify({
      type: "insert",
      payload: { name: "items", defaultValue: { name: "Sofa", quantity: 1, size: "large" } },
    });
    const added = (await run(
      calculatorAction,
      form("/", { ...goodQuote, __intent__: insert }),
    )) as unknown as ActionResult;
    expect(added.data.lastResult.initialValue?.items).toEqual([{ name: "Sofa", quantity: 1, size: "large" }]);

    const priced = (await run(
      calculatorAction,
      form("/", { ...goodQuote, "items[0].name": "Sofa", "items[0].quantity": "0" }),
    )) as unknown as ActionResult;
    expect(priced.init?.status).toBe(400);
    expect(priced.data.lastResult.error?.["items[0].quantity"]).toEqual(["Quantity must be greater than 0"]);
  });
});

describe("/quote", () => {
  it("needs at least one item", async () => {
    const result = (await run(
      quoteAction,
      form("/quote", { ...goodQuote, __form__: "detailed-quote-form" }),
    )) as unknown as ActionResult;
    expect(result.init?.status).toBe(400);
    expect(result.data.lastResult.error?.items).toEqual(["Please add at least one item to generate a quote."]);
  });

  it("checks each item's name and quantity with the product's messages", async () => {
    const result = (await run(
      quoteAction,
      form("/quote", { ...goodQuote, "items[0].name": "", "items[0].quantity": "0" }),
    )) as unknown as ActionResult;
    expect(result.data.lastResult.error).toMatchObject({
      "items[0].name": ["Item name is required"],
      "items[0].quantity": ["Quantity must be greater than 0"],
    });
  });

  it("prices items with floors and lifts", async () => {
    const response = (await run(
      quoteAction,
      form("/quote", {
        ...goodQuote,
        "items[0].name": "Piano",
        "items[0].quantity": "1",
        "items[0].category": "Furniture",
        "items[0].fragile": "on",
        "items[0].weightKg": "250",
        floorAccessPickup: "secondFloor",
        liftAvailablePickup: "on",
        floorAccessDelivery: "ground",
        liftAvailableDelivery: "on", // hidden at ground level, so ignored
      }),
    )) as Response;
    expect(response.status).toBe(302);
    const { db } = await import("~/server/platform/db.server");
    const id = new URL(response.headers.get("Location")!, "http://localhost").searchParams.get("quote")!;
    const quote = await db.quote.findUniqueOrThrow({ where: { id }, include: { items: true } });
    expect(quote.floorAccessFee).toBe(2000); // not halved: the ground floor end has no lift
    expect(quote.liftAvailableDelivery).toBe(false);
    expect(quote.items[0]).toMatchObject({ name: "Piano", category: "Furniture", fragile: true });
  });
});

describe("/quote items marked for disassembly", () => {
  it("saves the flag and names the items in the explanation", async () => {
    const response = (await run(
      quoteAction,
      form("/quote", {
        ...goodQuote,
        __form__: "detailed-quote-form",
        "items[0].name": "Wardrobe",
        "items[0].quantity": "2",
        "items[0].requiresDisassembly": "on",
        "items[1].name": "Boxes",
        "items[1].quantity": "5",
      }),
    )) as Response;
    expect(response.status).toBe(302);
    const id = new URL(response.headers.get("Location")!, "http://localhost").searchParams.get("quote")!;
    const { db } = await import("~/server/platform/db.server");
    const items = await db.quoteItem.findMany({ where: { quoteId: id }, orderBy: { position: "asc" } });
    expect(items.map((item) => [item.name, item.requiresDisassembly])).toEqual([
      ["Wardrobe", true],
      ["Boxes", false],
    ]);
    const page = await quoteLoader({
      request: new Request(`http://localhost/quote?quote=${id}`),
      params: {},
      context: {},
    });
    expect(page.quote!.explanation).toMatch(/Marked for disassembly: Wardrobe ×2\./);
  });
});

describe("/distance-calculator", () => {
  it("measures a trip and says how", async () => {
    const result = (await run(
      distanceAction,
      form("/distance-calculator", {
        pickupAddress: "Birmingham B1 1BB",
        deliveryAddress: "Coventry CV1 1GF",
        vanSize: "medium",
        action: "distance",
      }),
    )) as { distance: { distance: number; calculationMethod: string } };
    expect(result.distance.distance).toBeGreaterThan(15);
    expect(result.distance.calculationMethod).toBe("offline_estimate_postcode_district");
  });

  it("gives simple and detailed quotes (the detailed one with a helper)", async () => {
    const simple = (await run(
      distanceAction,
      form("/distance-calculator", {
        pickupAddress: "B1 1BB",
        deliveryAddress: "CV1 1GF",
        vanSize: "medium",
        action: "simple",
      }),
    )) as { quote: { helpers: number; kind: string; vat: string } };
    const detailed = (await run(
      distanceAction,
      form("/distance-calculator", {
        pickupAddress: "B1 1BB",
        deliveryAddress: "CV1 1GF",
        vanSize: "medium",
        action: "detailed",
      }),
    )) as { quote: { helpers: number; kind: string } };
    expect(simple.quote).toMatchObject({ helpers: 0, kind: "simple" });
    expect(simple.quote.vat).toMatch(/^£/);
    expect(detailed.quote).toMatchObject({ helpers: 1, kind: "detailed" });
  });

  it("holds simple and detailed quotes, not measuring, to the 5-character address rule", async () => {
    for (const action of ["simple", "detailed"]) {
      const short = (await run(
        distanceAction,
        form("/distance-calculator", { pickupAddress: "B1", deliveryAddress: "CV1", vanSize: "medium", action }),
      )) as unknown as ActionResult;
      expect(short.init?.status).toBe(400);
      expect(short.data.lastResult.error).toMatchObject({
        pickupAddress: ["Please enter a valid pickup address"],
        deliveryAddress: ["Please enter a valid delivery address"],
      });
      expect(short.data.lastResult.initialValue).toMatchObject({ pickupAddress: "B1", deliveryAddress: "CV1" });
    }
    const measured = (await run(
      distanceAction,
      form("/distance-calculator", { pickupAddress: "B1", deliveryAddress: "CV1", action: "distance" }),
    )) as { distance: { distance: number } };
    expect(measured.distance.distance).toBeGreaterThan(15);
  });

  it("needs both addresses and names the failure", async () => {
    const missing = (await run(
      distanceAction,
      form("/distance-calculator", { pickupAddress: "B1 1BB", deliveryAddress: "", action: "distance" }),
    )) as unknown as ActionResult;
    expect(missing.init?.status).toBe(400);
    expect(missing.data.lastResult.error?.deliveryAddress).toEqual(["Please enter both addresses"]);
    const unknown = (await run(
      distanceAction,
      form("/distance-calculator", { pickupAddress: "Zzzzzz", deliveryAddress: "CV1 1GF", action: "simple" }),
    )) as unknown as { data: { failure: string } };
    expect(unknown.data.failure).toMatch(/^Failed to calculate quote: .*full UK postcode/);
  });
});

describe("/checkout", () => {
  it("books the quote from 'Proceed to Checkout' and shows the booking's summary to the browser that booked it", async () => {
    const quoted = (await run(calculatorAction, form("/calculator", goodQuote))) as Response;
    const id = new URL(quoted.headers.get("Location")!, "http://localhost").searchParams.get("quote")!;
    const response = (await run(checkoutAction, form("/checkout", { quoteId: id }))) as Response;
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/checkout\?booking=/);
    const page = await checkoutLoader({
      request: requestWithCookie(`http://localhost${location}`, response.headers.get("Set-Cookie")),
      params: {},
      context: {},
    });
    expect(page.kind).toBe("booking");
    expect(page.kind === "booking" && page.booking.total).toBe("£42.00");
  });

  it("prices the quote again on the server and notes that fuel and the return journey are included", async () => {
    const quoted = (await run(
      calculatorAction,
      form("/calculator", { ...goodQuote, vanSize: "medium", helpers: "1" }),
    )) as Response;
    const id = new URL(quoted.headers.get("Location")!, "http://localhost").searchParams.get("quote")!;
    const { db } = await import("~/server/platform/db.server");
    // A stale stored total is not what checkout shows: it asks the pricing module again.
    const stored = await db.quote.update({ where: { id }, data: { totalWithVAT: 1 } });
    const page = await checkoutLoader({
      request: new Request(`http://localhost/checkout?quote=${id}`),
      params: {},
      context: {},
    });
    const quote = page.kind === "quote" ? page.quote : null;
    expect(quote!.totalPence).not.toBe(stored.totalWithVAT);
    expect(quote!.estimate).toBe(false);
    const distance = quote!.breakdown.find((line) => line.label.startsWith("Distance ("));
    expect(distance?.note).toBe("Fuel and return journey: included in the distance charge");
  });

  it("sends an unknown quote back with 'Invalid Quote'", async () => {
    const response = (await run(checkoutAction, form("/checkout", { quoteId: "nope" }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/#quote");
    const { toasts } = await takeToasts(requestWithCookie("http://localhost/", response.headers.get("Set-Cookie")));
    expect(toasts[0]).toMatchObject({ title: "Invalid Quote", description: "Please complete the quote form first" });
  });
});

describe("/test-detailed-quotes", () => {
  it("is for admins only", async () => {
    const anonymous = (await run(
      presetsLoader,
      new Request("http://localhost/test-detailed-quotes"),
    )) as unknown as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);

    const customer = await createUser();
    const customerCookie = await startUserSession(new Request("http://localhost/"), customer);
    const refused = (await run(
      presetsLoader,
      requestWithCookie("http://localhost/test-detailed-quotes", customerCookie),
    )) as unknown as Response;
    expect(refused.headers.get("Location")).toBe("/");

    const admin = await createUser({ role: "admin" });
    const adminCookie = await startUserSession(new Request("http://localhost/"), admin);
    const page = (await run(
      presetsLoader,
      requestWithCookie("http://localhost/test-detailed-quotes", adminCookie),
    )) as { cases: { title: string; quote: { priceString: string; vanSize: string } }[] };
    expect(page.cases.map((preset) => preset.quote.priceString).slice(0, 2)).toEqual(["£108.05", "£42.00"]);
    expect(page.cases).toHaveLength(3);
    // Each case is priced as the van its title names.
    for (const preset of page.cases) expect(preset.title).toContain(preset.quote.vanSize);
    expect(page.cases[2]).toMatchObject({ quote: { vanSize: "luton" } });
  });
});

describe("the quote pages' rate limit (the quote API's, per client)", () => {
  it("refuses the 61st quote a minute from one client with 429, the clear message and the form as typed", async () => {
    const address = uniqueIp();
    for (let posted = 0; posted < 60; posted++) {
      const response = (await run(calculatorAction, form("/calculator", goodQuote), {
        clientAddress: address,
      })) as Response;
      expect(response.status).toBe(302);
    }
    const refused = (await run(calculatorAction, form("/calculator", goodQuote), {
      clientAddress: address,
    })) as unknown as ActionResult;
    expect(refused.init?.status).toBe(429);
    expect(refused.data.lastResult.error?.[""]).toEqual(["Too many requests. Please wait a moment and try again."]);
    expect(refused.data.lastResult.initialValue).toMatchObject({
      pickupAddress: goodQuote.pickupAddress,
      deliveryAddress: goodQuote.deliveryAddress,
    });
    // The other quote pages share the count; another client does not.
    const detailed = {
      ...goodQuote,
      __form__: "detailed-quote-form",
      helpers: "1",
      "items[0].name": "Sofa",
      "items[0].quantity": "1",
    };
    expect(
      ((await run(quoteAction, form("/quote", detailed), { clientAddress: address })) as unknown as ActionResult).init
        ?.status,
    ).toBe(429);
    expect(
      (
        (await run(
          distanceAction,
          form("/distance-calculator", {
            pickupAddress: goodQuote.pickupAddress,
            deliveryAddress: goodQuote.deliveryAddress,
            vanSize: "small",
            action: "distance",
          }),
          { clientAddress: address },
        )) as unknown as ActionResult
      ).init?.status,
    ).toBe(429);
    expect(((await run(calculatorAction, form("/calculator", goodQuote))) as Response).status).toBe(302);
  }, 60_000);
});
