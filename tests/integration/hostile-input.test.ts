// Hostile input, generated with fast-check, against every JSON API route (app/routes/api.*.ts
// and paypal.*.ts with an action), every page's form action (app/routes/*.tsx and
// */route.tsx with an action) and every loader (hostile query strings and route params). The
// lists are found by file name, so a new route is covered as soon as it exists.
// Each request comes from the caller that gets past the route's guard (an admin's token for
// the API; for pages an admin, a driver, a booking's customer or a visitor, see callerOf),
// so the body reader is what gets tried. Each handler is wrapped as server-build.ts wraps it:
// the page body check (server/form-body.server.ts) and the NUL-byte answer
// (server/bad-input.server.ts).
//
// The property: a 4xx with a clear message (or a legitimate 2xx/3xx when the input happens
// to be valid), never a 5xx and never a thrown error that is not a Response; a JSON error has
// { error, message }; a page never sends the input back unescaped (no HTML answer holds it
// raw, no redirect carries it). The rendered pages themselves are checked through the real
// server in tests/e2e/hostile-input.spec.ts.
import type { ActionFunctionArgs } from "@remix-run/node";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { payPalEnv, useEnv } from "../support/env";
import { routeModules } from "../support/route-files";

vi.hoisted(() => {
  // /api/admin/signup and /admin/signup read their bodies only while admin sign-up is open.
  vi.stubEnv("ADMIN_REGISTRATION_KEY", "hostile-input-test-key");
});

const { MAX_API_BODY_BYTES } = await import("~/server/platform/api.server");
const { FORM_BODY_MESSAGES, MAX_FORM_BODY_BYTES, withFormBodyCheck } =
  await import("~/server/platform/form-body.server");
const { INVALID_TEXT_MESSAGE, withInvalidTextAsBadRequest } = await import("~/server/platform/bad-input.server");
const { routeHandle } = await import("~/utils/route-handle");
const { db } = await import("~/server/platform/db.server");
const { startPayPalStandIn } = await import("../support/paypal-stand-in");
const { BASE, bearerFor, call, createAccount, sessionCookie, uniqueIp } = await import("./auth-helpers");
const { createApprovedDriver, createBooking } = await import("./factories");

type Handler = (args: ActionFunctionArgs) => unknown;
type RouteModule = { loader?: Handler; action?: Handler; handle?: unknown; default?: unknown };

// ------------------------------------------------------------------ the generated input

/** Strings an attacker tries first: markup, SQL, traversal, templates, odd Unicode and numbers. */
const NASTY = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "</textarea><script>alert(document.cookie)</script>",
  "javascript:alert(1)",
  '\'; DROP TABLE "User"; --',
  "' OR '1'='1",
  "1; SELECT pg_sleep(5)--",
  "admin'--",
  "../../../../etc/passwd",
  "${7*7}{{7*7}}<%= 7*7 %>",
  "\u0000\u0001\u001f",
  "\ud800",
  "😀𝕏\u202e\u200b",
  "NaN",
  "-1",
  "1e309",
  "99999999999999999999999999",
  "",
  " ",
  "null",
  "__proto__",
];
/** The markup among them: none may come back raw in HTML or a Location header. */
const MARKUP = NASTY.filter((value) => value.includes("<"));

// Field names the forms and the API read, so generated bodies reach past "missing field".
const FIELDS = [
  "email",
  "password",
  "confirmPassword",
  "username",
  "name",
  "adminKey",
  "redirectTo",
  "pickupAddress",
  "deliveryAddress",
  "moveDate",
  "moveTime",
  "vanSize",
  "helpers",
  "items",
  "quantity",
  "quoteId",
  "bookingId",
  "userId",
  "driverId",
  "status",
  "intent",
  "action",
  "__form__",
  "via",
  "reply",
  "message",
  "content",
  "kind",
  "rating",
  "comment",
  "reason",
  "refundPence",
  "etaMinutes",
  "searchTerm",
  "customerEmail",
  "customerName",
  "customerPhone",
  "specialRequirements",
  "cardNumber",
  "expiry",
  "cvc",
  "phone",
  "experience",
  "vanType",
  "location",
  "agreement",
  "isActive",
  "latitude",
  "longitude",
  "origin",
  "destination",
  "distance",
  "paymentIntentId",
  "sessionId",
  "chunkIndex",
  "totalChunks",
  "fileType",
  "publishableKey",
  "secretKey",
  "webhookSecret",
  "amount",
  "description",
  "token",
];
const INTENTS = [
  "assign",
  "status",
  "cancel",
  "delete",
  "activate",
  "deactivate",
  "discount",
  "details",
  "pay",
  "message",
  "approved",
  "declined",
  "distance",
  "calculate",
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...INTENTS) },
  // Huge strings: far past every field's limit, still under the 1 MB body limit.
  { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 200_000 }).map((length) => "A<".repeat(length / 2)) },
);

/** A JSON value of the wrong type for any field: numbers, booleans, null, arrays, objects. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...FIELDS), nastyString, { maxKeys: 3 }),
  fc.constant({ __proto__: { isAdmin: true } }),
);

const jsonValue = fc.oneof(nastyString, wrongType);

/** Nested `depth` levels deep: {"a":{"a":…}} or [[…]]. */
const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean())
  .map(([depth, asArray]) =>
    asArray
      ? `{"items":${"[".repeat(depth)}1${"]".repeat(depth)}}`
      : `${'{"email":'.repeat(depth)}1${"}".repeat(depth)}`,
  );

/** Valid-looking JSON around bytes that are not UTF-8. */
const invalidUtf8 = fc
  .tuple(
    fc.constantFrom(...FIELDS),
    fc.uint8Array({ minLength: 1, maxLength: 64 }),
    fc.constantFrom(0xff, 0xfe, 0xc3, 0xe2, 0xf0, 0x80),
  )
  .map(([field, bytes, bad]) =>
    Buffer.concat([Buffer.from(`{"${field}":"`), Buffer.from(bytes), Buffer.from([bad]), Buffer.from('"}')]),
  );

type Body = { label: string; body: BodyInit; type?: string };

const jsonBody: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELDS), jsonValue, { maxKeys: 8 })
      .map((value) => ({ label: "fields", body: JSON.stringify(value) })),
  },
  { weight: 1, arbitrary: fc.constant({ label: "missing fields", body: "{}" }) },
  {
    weight: 1,
    arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ label: "any JSON", body: JSON.stringify(value) })),
  },
  { weight: 1, arbitrary: deepJson.map((body) => ({ label: "deep JSON", body })) },
  { weight: 1, arbitrary: invalidUtf8.map((body) => ({ label: "invalid UTF-8", body })) },
  {
    weight: 1,
    arbitrary: fc.string({ maxLength: 30 }).map((text) => ({ label: "truncated JSON", body: `{"email": "${text}` })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/xml", "")
      .map((type) => ({ label: `Content-Type ${type || "none"}`, body: "email=a&password=b", type })),
  },
);

/** A form body: repeated names allowed (a field sent twice is an array to some readers). */
const formPairs = fc.array(
  fc.tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...FIELDS) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    ),
    nastyString,
  ),
  { maxLength: 10 },
);

const formBody: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 6,
    arbitrary: formPairs.map((pairs) => ({
      label: "form",
      body: new URLSearchParams(pairs).toString(),
      type: "application/x-www-form-urlencoded",
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIELDS), fc.uint8Array({ minLength: 1, maxLength: 64 }))
      .map(([field, bytes]) => ({
        label: "form with invalid UTF-8",
        body: Buffer.concat([Buffer.from(`${field}=`), Buffer.from(bytes), Buffer.from([0xff, 0xc3])]),
        type: "application/x-www-form-urlencoded",
      })),
  },
  {
    weight: 1,
    arbitrary: formPairs.map((pairs) => {
      const boundary = "----hostile";
      const parts = pairs.map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${value}\r\n`,
      );
      return {
        label: "multipart",
        body: `${parts.join("")}--${boundary}--\r\n`,
        type: `multipart/form-data; boundary=${boundary}`,
      };
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ maxLength: 60 })
      .map((text) => ({ label: "broken multipart", body: `--x\r\n${text}`, type: "multipart/form-data; boundary=x" })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        'name=""',
        "name=x",
        'form-data; name="a',
        "attachment",
        'form-data; filename="x.pdf"',
        'form-data; name="licenseDocument"; filename="../../x.pdf"',
      )
      .map((disposition) => ({
        label: "odd multipart headers",
        body: `--x\r\nContent-Disposition: ${disposition.startsWith("form-data") || disposition === "attachment" ? disposition : `form-data; ${disposition}`}\r\n\r\nvalue\r\n--x--\r\n`,
        type: "multipart/form-data; boundary=x",
      })),
  },
  {
    weight: 1,
    arbitrary: jsonBody.map((body) => ({ ...body, label: `JSON to a page (${body.label})`, type: "application/json" })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("text/plain", "application/xml", "")
      .map((type) => ({ label: `Content-Type ${type || "none"}`, body: "email=a%40b.c&password=x", type })),
  },
);

// ------------------------------------------------------------------ the routes and their callers

// The JSON API: /api/* and PayPal's JSON endpoints (/paypal/setup, /paypal/order, …).
// Every route module, by its flat name (tests/support/route-files.ts).
const everyRoute = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}", { eager: true });
const apiFiles = routeModules(everyRoute, (route) => /^(api|paypal)\./.test(route.name) && route.file.endsWith(".ts"));
const pageFiles = routeModules(everyRoute, (route) => route.file.endsWith(".tsx"));

// Routes that read no body (logging out, deleting a user): an oversized one is ignored.
const BODYLESS = [
  "api.auth.logout",
  "api.admin.users.$id",
  "paypal.setup",
  "paypal.order.$id.capture",
  "api.driver.offers.$bookingId.take",
];
// Pages for a browser that has just given an admin's password (two-factor sign-in) only.
const SECOND_STEP = ["admin_.login_.code"];
// Routes whose 401/403 answers the body (wrong password, wrong admin key), not the caller.
const CREDENTIAL_CHECKS = ["api.auth.signin", "api.admin.login", "api.admin.signup"];
// Methods other than POST (api-body.test.ts keeps the same list).
const API_METHODS: Record<string, string> = { "api.admin.users.$id.status": "PUT", "api.admin.users.$id": "DELETE" };

type Caller = "visitor" | "customer" | "driver" | "admin";
/** Who gets past each page's guard. Public forms take anyone; sign-in forms a visitor. */
function callerOf(name: string): Caller {
  if (name.startsWith("admin.") || ["stripe-config", "payment-test", "test-detailed-quotes"].includes(name))
    return "admin";
  if (name === "driver") return "driver";
  if (
    [
      "signin",
      "signup",
      "admin_.login",
      "admin_.signup",
      "forgot-password",
      "reset-password.$token",
      "logout",
    ].includes(name)
  )
    return "visitor";
  return "customer";
}

const ids: Record<string, string> = {};
const cookies = {} as Record<Caller, string | undefined>;
let adminToken = "";
/** The drivers' API takes a driver's token. */
let driverToken = "";

// PayPal's routes read their bodies only while PayPal is configured: the local stand-in.
let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
afterAll(async () => {
  await paypal?.close();
});

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  const [admin, customer, driver] = await Promise.all([
    createAccount({ role: "admin" }),
    createAccount(),
    createAccount({ role: "driver" }),
  ]);
  adminToken = await bearerFor(admin);
  driverToken = await bearerFor(driver);
  cookies.visitor = undefined;
  cookies.admin = await sessionCookie(admin);
  cookies.customer = await sessionCookie(customer);
  cookies.driver = await sessionCookie(driver);
  const own = await createBooking();
  await db.booking.update({ where: { id: own.id }, data: { customerId: customer.id, customerEmail: customer.email } });
  ids.booking = own.id;
  ids.adminBooking = (await createBooking()).id;
  ids.driver = (await createApprovedDriver()).id;
  // The driver account is that approved driver's, so the drivers' API gets past its guard.
  await db.driver.update({ where: { id: ids.driver }, data: { userId: driver.id } });
  ids.user = (await createAccount()).id;
  ids.doomedUser = (await createAccount()).id;
});
useEnv(() => payPalEnv(paypal));

/** The URL and params of a route file name, with real records' ids where the route takes one. */
function target(name: string) {
  const params: Record<string, string> = {};
  const id = name.startsWith("bookings_.")
    ? ids.booking
    : name.includes("booking")
      ? ids.adminBooking
      : name.includes("drivers")
        ? ids.driver
        : name === "api.admin.users.$id"
          ? ids.doomedUser
          : name.includes("users")
            ? ids.user
            : "hostile-id";
  const segments = name
    .split(/\.(?![^[]*\])/)
    .filter((segment) => segment !== "_index" && !segment.startsWith("_"))
    .map((segment) => {
      const clean = segment.replace(/_$/, "").replace(/\[(.*?)\]/g, "$1");
      if (!clean.startsWith("$")) return clean;
      const param = clean === "$" ? "*" : clean.slice(1);
      params[param] = param === "id" ? id! : "hostile-param";
      return params[param];
    });
  return { path: `/${segments.join("/")}`, params };
}

// Each handler wrapped as server-build.ts wraps it: text the database refuses (a NUL byte) is
// a 400, and a page's action reads only a checked form body.
const asBuilt = (handler: Handler, resource: boolean) => withInvalidTextAsBadRequest(handler, { resource }) as Handler;
const apiRoutes = Object.entries(apiFiles)
  .filter(([, module]) => module.action)
  .map(([name, module]) => ({ name, action: asBuilt(module.action!, true) }));
const pageRoutes = Object.entries(pageFiles)
  .filter(([, module]) => module.action)
  .map(([name, module]) => {
    const largeBody = Boolean(routeHandle(module.handle).largeBody);
    return { name, largeBody, action: asBuilt(withFormBodyCheck(module.action!, { largeBody }) as Handler, false) };
  });
// Every loader, pages and resource routes alike, for hostile query strings and params.
const allFiles = routeModules(everyRoute);
const loaderRoutes = Object.entries(allFiles)
  .filter(([, module]) => module.loader)
  .map(([name, module]) => {
    const resource = module.default == null;
    return { name, resource, loader: asBuilt(module.loader!, resource) };
  });

// ------------------------------------------------------------------ the property

let cases = 0;
afterAll(() => {
  console.info(
    `hostile-input: ${cases} generated requests against ${apiRoutes.length} API routes, ${pageRoutes.length} page actions and ${loaderRoutes.length} loaders`,
  );
});

function request(path: string, method: string, body: Body, { cookie, token }: { cookie?: string; token?: string }) {
  const headers = new Headers({ "X-Forwarded-For": uniqueIp() });
  if (body.type) headers.set("Content-Type", body.type);
  if (cookie) headers.set("Cookie", cookie);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return new Request(`${BASE}${path}`, { method, headers, body: body.body, duplex: "half" } as RequestInit);
}

/** The outcome, or a failure naming the input when the handler throws anything but a Response. */
async function tryRoute(handler: Handler, req: Request, params: Record<string, string>, label: string) {
  cases += 1;
  try {
    return await call(handler, req, params);
  } catch (error) {
    throw new Error(`${label}: threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
}

const textOf = (body: unknown) => (typeof body === "string" ? body : JSON.stringify(body ?? null));

describe("hostile input to the JSON API", () => {
  it("finds the JSON API routes", () => {
    expect(apiRoutes.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        "api.quotes.calculate",
        "api.auth.signin",
        "api.admin.booking.$id.update",
        "api.drivers.upload-chunk",
      ]),
    );
  });

  for (const { name, action } of apiRoutes) {
    const method = API_METHODS[name] ?? "POST";
    // Logging out revokes the token it is called with: it gets no token of the admin's.
    const credentialsOf = () =>
      name === "api.auth.logout" ? {} : { token: name.startsWith("api.driver.") ? driverToken : adminToken };

    it(`${method} /${name}: a 4xx with { error, message } or a 2xx, never a 5xx`, async () => {
      const { path, params } = target(name);
      const credentials = credentialsOf();
      await fc.assert(
        // Mostly JSON; forms and multipart too (some routes read a form, one reads multipart chunks).
        fc.asyncProperty(
          fc.oneof({ weight: 3, arbitrary: jsonBody }, { weight: 1, arbitrary: formBody }),
          async (body) => {
            const type = body.type ?? "application/json";
            const outcome = await tryRoute(
              action,
              request(path, method, { ...body, type }, credentials),
              params,
              `${name} with ${body.label}`,
            );
            expect(outcome.status, `${name} with ${body.label}`).toBeLessThan(500);
            expect(outcome.status, `${name} with ${body.label}`).toBeGreaterThanOrEqual(200);
            // The caller gets past the guard, so what is tried is the body reader.
            if (!CREDENTIAL_CHECKS.includes(name))
              expect([401, 403], `${name} with ${body.label}: refused the caller`).not.toContain(outcome.status);
            if (outcome.status >= 400) {
              expect(outcome.headers.get("content-type"), name).toContain("application/json");
              expect(typeof outcome.body.error, name).toBe("string");
              expect(outcome.body.error.length, name).toBeGreaterThan(0);
              expect(outcome.body.message, name).toBe(outcome.body.error);
            }
          },
        ),
        { numRuns: 20 },
      );
    });

    it(`${method} /${name}: a body over 1 MB is a 413 with a clear message`, async () => {
      const { path, params } = target(name);
      const credentials = credentialsOf();
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 256 * 1024 }), nastyString, async (extra, filler) => {
          const padding = (filler || "x").repeat(Math.ceil((MAX_API_BODY_BYTES + extra) / Math.max(1, filler.length)));
          const body = {
            label: "over 1 MB",
            body: JSON.stringify({ email: "a@example.com", padding }),
            type: "application/json",
          };
          const outcome = await tryRoute(action, request(path, method, body, credentials), params, `${name} over 1 MB`);
          // The upload route takes multipart chunks, and a kept proof its photos, with a limit of their own.
          if (BODYLESS.includes(name)) {
            expect(outcome.status).toBeLessThan(500);
          } else if (name === "api.drivers.upload-chunk" || name.startsWith("api.driver.jobs.$id.proof")) {
            expect(outcome.status).toBeGreaterThanOrEqual(400);
            expect(outcome.status).toBeLessThan(500);
          } else {
            expect(outcome.status).toBe(413);
            // The Stripe webhook reads its raw body with its own reader and sentence.
            expect(outcome.body.message).toMatch(
              name === "api.webhooks.stripe" ? /too large/i : /too large \(the limit is 1 MB\)/,
            );
          }
        }),
        { numRuns: 2 },
      );
    });
  }
});

describe("hostile input to the pages' form actions", () => {
  it("finds the page actions", () => {
    expect(pageRoutes.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        "quote",
        "calculator",
        "checkout",
        "signin",
        "signup",
        "admin.bookings",
        "admin.users",
        "admin.drivers",
        "driver-registration",
        "booking-tracker",
        "driver",
        "bookings_.$id.cancel",
        "bookings_.$id.rate",
        "bookings_.$id.help",
        "stripe-config",
        "payment-test",
      ]),
    );
  });

  for (const { name, action, largeBody } of pageRoutes) {
    const caller = callerOf(name);

    it(`POST /${name} as ${caller}: a 4xx, a page or a redirect, never a 5xx, never the markup back raw`, async () => {
      const { path, params } = target(name);
      await fc.assert(
        fc.asyncProperty(formBody, async (body) => {
          const label = `${name} with ${body.label}`;
          const outcome = await tryRoute(
            action,
            request(path, "POST", body, { cookie: cookies[caller] }),
            params,
            label,
          );
          expect(outcome.status, label).toBeLessThan(500);
          expect(outcome.status, label).toBeGreaterThanOrEqual(200);
          // The caller gets past the page's guard, so what is tried is the form's reader (the
          // two-factor code step reads nothing before the password step, and sends back to it).
          if (!SECOND_STEP.includes(name))
            expect(outcome.location ?? "", `${label}: refused the caller`).not.toMatch(/^\/(signin|admin\/login)\b/);
          const isForm =
            body.type?.startsWith("application/x-www-form-urlencoded") || body.type?.startsWith("multipart/form-data");
          if (!isForm) {
            expect(outcome.status, label).toBe(415);
            expect(outcome.body, label).toBe(FORM_BODY_MESSAGES.unsupported);
          }
          if (body.label === "broken multipart" && !largeBody)
            expect(outcome.body, label).toBe(FORM_BODY_MESSAGES.unreadable);
          for (const markup of MARKUP) {
            expect(outcome.location ?? "", label).not.toContain(markup);
            if ((outcome.headers.get("content-type") ?? "").includes("html"))
              expect(textOf(outcome.body), label).not.toContain(markup);
          }
        }),
        { numRuns: 20 },
      );
    });

    it(`POST /${name}: a form over 1 MB is refused with a 4xx${largeBody ? " (its own upload limits)" : " 413"}`, async () => {
      const { path, params } = target(name);
      const body = {
        label: "over 1 MB",
        body: new URLSearchParams({ email: "a@example.com", padding: "x".repeat(MAX_FORM_BODY_BYTES) }).toString(),
        type: "application/x-www-form-urlencoded",
      };
      const outcome = await tryRoute(
        action,
        request(path, "POST", body, { cookie: cookies[caller] }),
        params,
        `${name} over 1 MB`,
      );
      if (largeBody) {
        expect(outcome.status).toBeGreaterThanOrEqual(400);
        expect(outcome.status).toBeLessThan(500);
      } else {
        expect(outcome.status).toBe(413);
        expect(outcome.body).toBe(FORM_BODY_MESSAGES.tooLarge);
      }
    });
  }
});

const QUERY_NAMES = [
  "booking",
  "quote",
  "search",
  "searchTerm",
  "page",
  "status",
  "sort",
  "redirectTo",
  "q",
  "session_id",
  "payment_intent",
  "token",
  "submitted",
  "from",
  "to",
  "via",
  "kind",
  "id",
];

describe("hostile query strings and route params to every loader", () => {
  it("finds the loaders", () => {
    expect(loaderRoutes.length).toBeGreaterThan(50);
    expect(loaderRoutes.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        "checkout",
        "booking-tracker",
        "bookings_.$id.cancel",
        "admin.bookings",
        "api.admin.users",
        "uploads.$",
        "sandbox-checkout.$id",
      ]),
    );
  });

  for (const { name, loader, resource } of loaderRoutes) {
    const caller = name.startsWith("api.") || name.startsWith("paypal.") ? "admin" : callerOf(name);

    it(`GET /${name} as ${caller}: never a 5xx, never the markup back raw`, async () => {
      const { path, params } = target(name);
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(...QUERY_NAMES),
            nastyString.filter((value) => value.length < 2000),
            { maxKeys: 4 },
          ),
          nastyString.filter((value) => value.length < 500),
          async (query, rawParam) => {
            // A URL cannot carry a lone surrogate: Remix's params never hold one.
            const param = rawParam.replace(/[\ud800-\udfff]/g, (char, at: number, whole: string) =>
              /[\ud800-\udbff][\udc00-\udfff]/.test(whole.slice(at - 1, at + 1) + whole.slice(at, at + 2))
                ? char
                : "\ufffd",
            );
            const hostileParams = Object.fromEntries(Object.keys(params).map((key) => [key, param]));
            const search = new URLSearchParams(query).toString();
            const headers = new Headers({ "X-Forwarded-For": uniqueIp() });
            if (resource && caller === "admin") headers.set("Authorization", `Bearer ${adminToken}`);
            else if (cookies[caller]) headers.set("Cookie", cookies[caller]!);
            const url = `${BASE}${path
              .split("/")
              .map((segment, index) =>
                Object.values(params).includes(segment) && index > 0 ? encodeURIComponent(param) : segment,
              )
              .join("/")}${search ? `?${search}` : ""}`;
            const label = `${name} with ?${search.slice(0, 80)} and param ${JSON.stringify(param.slice(0, 40))}`;
            const outcome = await tryRoute(loader, new Request(url, { headers }), hostileParams, label);
            expect(outcome.status, label).toBeLessThan(500);
            if (outcome.status >= 400 && (outcome.headers.get("content-type") ?? "").includes("json"))
              expect(outcome.body.error, label).toBeTruthy();
            for (const markup of MARKUP) {
              expect(outcome.location ?? "", label).not.toContain(markup);
              if ((outcome.headers.get("content-type") ?? "").includes("html"))
                expect(textOf(outcome.body), label).not.toContain(markup);
            }
          },
        ),
        { numRuns: 10 },
      );
    });
  }
});

describe("a NUL byte, which PostgreSQL cannot store", () => {
  // Found by the properties above: /paypal-checkout's bookingId=%00 was a 500 (Prisma P2039).
  it("is a 400 with its sentence in a query string, a form field and a JSON field", async () => {
    const loader = loaderRoutes.find((route) => route.name === "checkout")!.loader;
    const page = await tryRoute(
      loader,
      new Request(`${BASE}/checkout?booking=%00`, { headers: { Cookie: cookies.customer! } }),
      {},
      "checkout",
    );
    expect(page.status).toBe(400);
    expect(page.body).toBe(INVALID_TEXT_MESSAGE);

    const action = pageRoutes.find((route) => route.name === "paypal-checkout")!.action;
    const form = await tryRoute(
      action,
      request(
        "/paypal-checkout",
        "POST",
        { label: "NUL", body: "bookingId=%00", type: "application/x-www-form-urlencoded" },
        { cookie: cookies.customer },
      ),
      {},
      "paypal-checkout",
    );
    expect(form.status).toBe(400);
    expect(form.body).toBe(INVALID_TEXT_MESSAGE);

    const api = apiRoutes.find((route) => route.name === "api.confirm-booking")!.action;
    const json = await tryRoute(
      api,
      request(
        "/api/confirm-booking",
        "POST",
        {
          label: "NUL",
          body: JSON.stringify({ bookingId: "a\u0000b", paymentIntentId: "pi_\u0000" }),
          type: "application/json",
        },
        { token: adminToken },
      ),
      {},
      "api.confirm-booking",
    );
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect(json.body.message).toBeTruthy();
  });
});
