// Every JSON API route reads its body with the one reader (app/server/platform/api.server.ts) and
// answers errors in one shape: { error, message } with the same sentence, plus fieldErrors
// when particular fields are wrong. The routes are found by route name (tests/support/route-files.ts), so a new one is
// covered as soon as it exists.
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { routeModules, sampleRoute } from "../support/route-files";

vi.hoisted(() => {
  // /api/admin/signup reads its body only while admin sign-up is open.
  vi.stubEnv("ADMIN_REGISTRATION_KEY", "api-body-test-key");
});

const { MAX_API_BODY_BYTES } = await import("~/server/platform/api.server");
const { BASE, bearerFor, call, createAccount, uniqueIp } = await import("./auth-helpers");
const { createApprovedDriver, createBooking } = await import("./factories");

// Every request carries an admin's token, so routes that check who is asking first (admin and
// customer routes) still reach their body reader; public routes ignore it.
let authorization = "";
// …and a driver's for the driver's routes.
let driverAuthorization = "";
// Routes with an id get a real record's, so they reach the body reader.
const ids: Record<string, string> = {};
beforeAll(async () => {
  authorization = `Bearer ${await bearerFor(await createAccount({ role: "admin" }))}`;
  driverAuthorization = `Bearer ${await bearerFor(await createAccount({ role: "driver" }))}`;
  ids["api.admin.booking.$id.update"] = (await createBooking()).id;
  ids["api.admin.drivers.$id.status"] = (await createApprovedDriver()).id;
  ids["api.admin.users.$id.status"] = (await createAccount()).id;
});
const paramsOf = (name: string): Record<string, string> => (ids[name] ? { id: ids[name] } : {});

type RouteModule = { action?: (args: ActionFunctionArgs) => unknown };
const modules = routeModules(import.meta.glob<RouteModule>("../../app/routes/api+/*.ts", { eager: true }));

// Routes whose body is not JSON: logout, a user's deletion and a driver's take read none; a chunk and a kept proof are multipart
// with its own limit; Twilio's webhooks post a signed form (twilio-webhooks.test.ts, and
// hostile-input.test.ts for their limits).
const NOT_JSON = [
  "api.auth.logout",
  "api.drivers.upload-chunk",
  "api.admin.users.$id",
  "api.twilio.inbound",
  "api.twilio.status",
  "api.driver.offers.$bookingId.take",
  "api.driver.jobs.$id.proof",
  "api.driver.jobs.$id.proof-to-support",
];
// Routes that take another method than POST.
const METHODS: Record<string, string> = { "api.admin.users.$id.status": "PUT" };
const jsonRoutes = Object.entries(modules)
  .map(([name, module]) => ({ name, action: module.action }))
  .filter((route) => route.action && !NOT_JSON.includes(route.name));

const pathOf = (name: string) => sampleRoute(name, () => ids[name] ?? "$id").path;

function post(name: string, body: BodyInit, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  return new Request(`${BASE}${pathOf(name)}`, {
    method: METHODS[name] ?? "POST",
    body,
    headers: {
      "X-Forwarded-For": uniqueIp(),
      Authorization: name.startsWith("api.driver.") ? driverAuthorization : authorization,
      ...headers,
    },
    duplex: "half",
  } as RequestInit);
}

/** A body that arrives in pieces with no Content-Length, as a chunked upload would. */
function streamOf(size: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const piece = new Uint8Array(Math.min(64 * 1024, size - sent)).fill(0x20);
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
}

function expectShape(body: Record<string, unknown>) {
  expect(typeof body.error).toBe("string");
  expect(body.message).toBe(body.error);
}

describe("the API body reader", () => {
  it("finds the JSON API routes", () => {
    expect(jsonRoutes.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        "api.quotes.calculate",
        "api.calculate-distance",
        "api.auth.signin",
        "api.admin.signup",
        "api.drivers.apply",
        "api.drivers.assemble-chunks",
      ]),
    );
  });

  for (const { name, action } of jsonRoutes) {
    describe(pathOf(name), () => {
      it("answers invalid JSON, a JSON array and a non-JSON type with 400 in the one shape", async () => {
        for (const [label, request] of [
          ["invalid JSON", post(name, "{not json")],
          ["an array", post(name, "[1, 2]")],
          ["text/plain", post(name, "{}", { "Content-Type": "text/plain" })],
        ] as const) {
          const outcome = await call(action, request, paramsOf(name));
          expect(outcome.status, label).toBe(400);
          expectShape(outcome.body);
        }
      });

      it("answers a body over 1 MB with 413, whether or not it declares its length", async () => {
        const declared = await call(
          action,
          post(name, JSON.stringify({ padding: "x".repeat(MAX_API_BODY_BYTES) })),
          paramsOf(name),
        );
        expect(declared.status).toBe(413);
        expectShape(declared.body);
        const streamed = await call(action, post(name, streamOf(MAX_API_BODY_BYTES + 1)), paramsOf(name));
        expect(streamed.status).toBe(413);
        expectShape(streamed.body);
      });
    });
  }

  it("gives field errors beside the headline when fields are wrong", async () => {
    const outcome = await call(modules["api.quotes.calculate"]!.action, post("api.quotes.calculate", "{}"));
    expect(outcome.status).toBe(400);
    expectShape(outcome.body);
    expect(Object.keys(outcome.body.fieldErrors).length).toBeGreaterThan(0);
    expect(Object.values(outcome.body.fieldErrors).flat()).toContain(outcome.body.error);
  });

  it("reads a form body only where the route accepts one", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const signIn = await call(
      modules["api.auth.signin"]!.action,
      post("api.auth.signin", "email=a%40example.com", form),
    );
    expect(signIn.body.error).toBe("Both email and password are required.");
    const quote = await call(modules["api.quotes.calculate"]!.action, post("api.quotes.calculate", "a=b", form));
    expect(quote.body.error).toMatch(/Content-Type: application\/json/);
  });

  it("says 405 in the one shape, naming the method allowed", async () => {
    const outcome = await call(
      modules["api.drivers.apply"]!.action,
      new Request(`${BASE}/api/drivers/apply`, { method: "PUT", body: "{}" }),
    );
    expect(outcome.status).toBe(405);
    expect(outcome.headers.get("Allow")).toBe("POST");
    expectShape(outcome.body);
  });
});
