// Auth abuse (Resilience). Four parts:
//   1. the access matrix over EVERY route: each loader and action in app/routes, found by file
//      name, tried as a visitor, a deactivated account, a customer, a driver and an admin (the
//      API with the session cookie and with a bearer token), against the class the route
//      belongs to (ROUTES below; a new route fails the test until it is classified);
//   2. expired sessions and tokens: treated as signed out (pages) or 401 (API);
//   3. forged and tampered session cookies (fast-check): signed out, never a 500;
//   4. brute-force sign-in through the API hits the limit with 429 and Retry-After.
// Already covered elsewhere, and not repeated here:
//   - the admin pages and /api/admin/* in depth (access-matrix.test.ts: bearer tokens refused
//     by pages, made-up tokens, every method): this matrix includes them at its own depth;
//   - revoked tokens and a bad token beside a good cookie (auth-api.test.ts, "bearer tokens");
//   - /signin's rate limits per account and per IP with the page's message, /admin/login's
//     per account (auth-pages.test.ts, "rate limits on sign-in"); /api/auth/signin per account
//     and /api/admin/signup per IP (auth-api.test.ts);
//   - the cross-origin check itself (tests/unit/auth-csrf.test.ts) and, against the real server
//     for every page action and the JSON API with a cookie, tests/e2e/hostile-input.spec.ts.
import type { ActionFunctionArgs } from "@remix-run/node";
import { createCookieSessionStorage } from "@remix-run/node";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as apiAdminLogin } from "~/routes/api+/admin.login";
import { action as apiSignIn } from "~/routes/api+/auth.signin";
import { AUTH_MESSAGES } from "~/schemas/auth";
import { AUTH_RATE_LIMITS, getSessionUser, hashToken } from "~/server/auth/auth.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { payPalEnv, useEnv } from "../support/env";
import { startPayPalStandIn } from "../support/paypal-stand-in";
import { routeModules, sampleRoute } from "../support/route-files";
import {
  bearerFor,
  BASE,
  call,
  createAccount,
  jsonRequest,
  type Outcome,
  PASSWORD,
  sessionCookie,
  unique,
  uniqueIp,
} from "./auth-helpers";
import { readOutbox } from "./messages";

type Handler = (args: ActionFunctionArgs) => unknown;
type RouteModule = { loader?: Handler; action?: Handler };

// ------------------------------------------------------------------ the routes and their classes

/**
 * public     anyone (a signed-in visitor may be sent on, e.g. from /signin to /)
 * user       any active account; else /signin?redirectTo=…
 * driver     a driver; a visitor goes to /signin, anyone else to /
 * admin      an admin; a visitor goes to /admin/login?redirectTo=…, anyone else to /
 * apiUser    any active account (cookie or token); else 401 JSON
 * apiAdmin   an admin (cookie or token); a visitor 401 JSON, anyone else 403 JSON
 * apiDriver  a driver (cookie or token); a visitor 401 JSON, anyone else 403 "Driver access required"
 * files      uploaded documents: a visitor 401, a customer or driver 403, an admin reaches the file
 * business   a user of a business account; a visitor goes to /signin, any other account to /business
 */
// "secondStep": the two-factor code page, for a browser that just gave an admin's password; any
// other caller goes back to /admin/login.
type RouteClass =
  "public" | "user" | "driver" | "admin" | "apiUser" | "apiAdmin" | "apiDriver" | "files" | "secondStep" | "business";
type Classes = { loader?: RouteClass; action?: RouteClass };

const ROUTES: Record<string, Classes> = {
  $: { loader: "public" },
  _index: { loader: "public", action: "public" },
  "admin.bookings.$id": { loader: "admin", action: "admin" },
  business: { loader: "public" },
  "business.signup": { loader: "public", action: "user" },
  "business.users": { loader: "business", action: "business" },
  "business.join.$token": { loader: "public", action: "user" },
  "admin.bookings": { loader: "admin", action: "admin" },
  "admin.dashboard": { loader: "admin" },
  "admin.drivers": { loader: "admin", action: "admin" },
  "admin.payments": { loader: "admin" },
  "admin.payments[.]csv": { loader: "admin" },
  "admin.payouts": { loader: "admin", action: "admin" },
  "admin.payouts.batches.$id.csv": { loader: "admin" },
  admin: { loader: "admin" },
  "admin.users": { loader: "admin", action: "admin" },
  "admin.support": { loader: "admin", action: "admin" },
  "admin.claims._index": { loader: "admin" },
  "admin.claims.$id": { loader: "admin", action: "admin" },
  "admin.messages": { loader: "admin", action: "admin" },
  "admin_.login": { loader: "public", action: "public" },
  "admin_.login_.code": { loader: "secondStep", action: "secondStep" },
  "admin.two-factor": { loader: "admin", action: "admin" },
  "admin_.signup": { loader: "public", action: "public" },
  "api.admin.booking.$id.update": { action: "apiAdmin" },
  "api.admin.bookings": { loader: "apiAdmin" },
  "api.admin.drivers.$id.status": { action: "apiAdmin" },
  "api.admin.login": { action: "public" },
  "api.admin.payments": { loader: "apiAdmin" },
  "api.admin.pending-drivers": { loader: "apiAdmin" },
  "api.admin.recent-bookings": { loader: "apiAdmin" },
  "api.admin.signup": { action: "public" },
  "api.admin.stats": { loader: "apiAdmin" },
  "api.admin.users.$id.status": { action: "apiAdmin" },
  "api.admin.users.$id": { action: "apiAdmin" },
  "api.admin.users": { loader: "apiAdmin" },
  "api.auth.logout": { action: "public" },
  "api.auth.signin": { action: "public" },
  "api.auth.signup": { action: "public" },
  "api.bookings.$id.events": { loader: "apiUser" },
  "api.bookings.create": { loader: "public", action: "apiUser" },
  "api.calculate-distance": { loader: "public", action: "public" },
  "api.config.stripe": { action: "apiAdmin" },
  "api.confirm-booking": { loader: "public", action: "apiUser" },
  "api.driver.offers": { loader: "apiDriver" },
  "api.driver.offers.events": { loader: "apiDriver" },
  "api.driver.offers.$bookingId.take": { loader: "public", action: "apiDriver" },
  "api.driver.actions": { loader: "public", action: "apiDriver" },
  "api.driver.jobs.$id.proof": { loader: "public", action: "apiDriver" },
  "api.driver.jobs.$id.proof-to-support": { loader: "public", action: "apiDriver" },
  "api.create-payment-intent": { loader: "public", action: "apiUser" },
  "api.create-stripe-checkout-session": { loader: "public", action: "apiUser" },
  "api.drivers.apply": { action: "public" },
  "api.drivers.assemble-chunks": { action: "public" },
  "api.drivers.upload-chunk": { action: "public" },
  "api.images.van.$size": { loader: "public" },
  "api.quotes.calculate": { loader: "public", action: "public" },
  "api.quotes.distance": { loader: "public", action: "public" },
  "api.quotes.simple": { loader: "public", action: "public" },
  "api.webhooks.stripe": { loader: "public", action: "public" },
  "api.twilio.inbound": { loader: "public", action: "public" },
  "api.twilio.status": { loader: "public", action: "public" },
  "birmingham-services": {},
  "booking-confirmation": { loader: "user" },
  "booking-receipt": { loader: "user" },
  "booking-tracker": { loader: "user", action: "user" },
  bookings: { loader: "user" },
  account: { loader: "user", action: "user" },
  "bookings_.$id.cancel": { loader: "user", action: "user" },
  "bookings_.$id.invoice": { loader: "user", action: "user" },
  "bookings_.$id.help": { loader: "user", action: "user" },
  "bookings_.$id.claim": { loader: "user", action: "user" },
  "bookings_.$id.rate": { loader: "user", action: "user" },
  calculator: { loader: "public", action: "public" },
  // The checkout page shows a visitor the sign-in step; "Proceed to Checkout" without a quote goes home.
  checkout: { loader: "public", action: "public" },
  "distance-calculator": { loader: "public", action: "public" },
  "driver-registration": { loader: "public", action: "public" },
  driver: { loader: "driver", action: "driver" },
  // The job's driver or an admin; anyone else signed in gets a 404 (delivery-proofs.server.ts).
  "driver.jobs.$id.complete": { loader: "user", action: "user" },
  "driver.jobs.$id.position": { loader: "driver", action: "driver" },
  "driver.earnings": { loader: "driver", action: "driver" },
  "driver.availability": { loader: "driver", action: "driver" },
  "driver.payouts.stripe.return": { loader: "driver" },
  "driver.payouts.stripe.refresh": { loader: "driver" },
  // The booking's customer, its driver or an admin; anyone else signed in gets a 404.
  "delivery-proof.$proofId.$file": { loader: "user" },
  "claim-file.$claimId.$file": { loader: "user" },
  // The booking's customer or an admin; anyone else signed in gets a 404 (invoices.server.ts).
  "invoices.$id": { loader: "user" },
  // A visitor sees the booking with a sign-in step; paying needs an account.
  "embedded-checkout": { loader: "public", action: "user" },
  "forgot-password": { action: "public" },
  healthz: { loader: "public" },
  logout: { loader: "public", action: "public" },
  "london-services": {},
  "payment-test": { loader: "admin", action: "admin" },
  "paypal-checkout-new": { loader: "user", action: "user" },
  "paypal-checkout": { loader: "user", action: "user" },
  "paypal.order.$id.capture": { loader: "public", action: "apiUser" },
  "paypal.order": { loader: "public", action: "apiUser" },
  "paypal.setup": { loader: "apiUser", action: "public" },
  quote: { loader: "public", action: "public" },
  "reset-password.$token": { loader: "public", action: "public" },
  "robots[.]txt": { loader: "public" },
  "sandbox-checkout.$id": { loader: "public", action: "public" },
  signin: { loader: "public", action: "public" },
  signup: { loader: "public", action: "public" },
  "sitemap[.]xml": { loader: "public" },
  "stripe-checkout": { loader: "user", action: "user" },
  "stripe-config": { loader: "admin", action: "admin" },
  "terms-and-conditions": {},
  cover: {},
  accessibility: { action: "public" },
  // A customer with a booking is sent on to support on it; anyone else gets the contact form.
  support: { loader: "public", action: "public" },
  "test-detailed-quotes": { loader: "admin" },
  "uploads.$": { loader: "files" },
};

// Query strings that take a loader past its "nothing asked for" answer to its guard.
const QUERY: Record<string, string> = { "booking-confirmation": "?booking=matrix-id" };
// Methods other than POST.
const METHODS: Record<string, string> = { "api.admin.users.$id.status": "PUT", "api.admin.users.$id": "DELETE" };

// Every route module, by its flat name (tests/support/route-files.ts).
const modulesByName = routeModules(import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}", { eager: true }));

/** The URL and params of a route by its flat name, a sample value for each parameter. */
function routeOf(name: string) {
  const { path, params } = sampleRoute(name, (param) => (param === "size" ? "small" : "matrix-id"));
  return { path: `${path}${QUERY[name] ?? ""}`, params };
}

const routes = Object.entries(modulesByName).map(([name, module]) => ({ name, module, ...routeOf(name) }));

// ------------------------------------------------------------------ who asks

type Actor = "visitor" | "deactivated" | "customer" | "driver" | "admin";
const ACTORS: Actor[] = ["visitor", "deactivated", "customer", "driver", "admin"];
type Via = "session" | "token";
const accounts = {} as Record<Exclude<Actor, "visitor">, { id: string; role: "customer" | "driver" | "admin" }>;

// PayPal's JSON routes answer 503 "not configured" before anything else: the local stand-in.
let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  accounts.customer = await createAccount();
  accounts.driver = await createAccount({ role: "driver" });
  accounts.admin = await createAccount({ role: "admin" });
  // An admin deactivated after signing in: the strongest role, and still nobody.
  accounts.deactivated = await createAccount({ role: "admin" });
});

// Admin sign-up answers 403 "closed" to everyone unless it is open: open it, so the matrix
// sees that it is open to all.
useEnv(() => ({ ADMIN_REGISTRATION_KEY: "auth-abuse-test-key", ...payPalEnv(paypal) }));

afterAll(async () => {
  await paypal?.close();
});

/**
 * Fresh credentials for each call, since some routes end the session or token they are called
 * with (logging out). The deactivated account signs in first, then loses its access.
 */
async function credentialsOf(actor: Actor, via: Via): Promise<{ cookie?: string; token?: string }> {
  if (actor === "visitor") return {};
  const account = accounts[actor];
  if (actor === "deactivated") await db.user.update({ where: { id: account.id }, data: { isActive: true } });
  const credentials =
    via === "session" ? { cookie: await sessionCookie(account) } : { token: await bearerFor(account) };
  if (actor === "deactivated") await db.user.update({ where: { id: account.id }, data: { isActive: false } });
  return credentials;
}

function request(path: string, method: string, { cookie, token }: { cookie?: string; token?: string }) {
  const headers = new Headers({ "X-Forwarded-For": uniqueIp() });
  if (cookie) headers.set("Cookie", cookie);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let body: string | undefined;
  if (method !== "GET") {
    // An empty body of the kind the route reads: JSON for the API, a form for pages.
    const json = path.startsWith("/api/") || path.startsWith("/paypal/");
    headers.set("Content-Type", json ? "application/json" : "application/x-www-form-urlencoded");
    body = json ? "{}" : "";
  }
  // An event stream served to its caller stays open until the browser leaves: this one leaves soon.
  const signal = path.endsWith("/events") ? AbortSignal.timeout(300) : undefined;
  return new Request(`${BASE}${path}`, { method, headers, body, signal });
}

// ------------------------------------------------------------------ what each class answers

const signedOut = (actor: Actor) => actor === "visitor" || actor === "deactivated";
const toSignIn = (path: string) => `/signin?redirectTo=${encodeURIComponent(path)}`;
const toAdminLogin = (path: string) => `/admin/login?redirectTo=${encodeURIComponent(path)}`;
const TURNED_AWAY = /^\/(signin|admin\/login)\b/;

function expectServed(outcome: Outcome, label: string) {
  expect(outcome.status, label).toBeLessThan(500);
  expect(outcome.location ?? "", `${label}: turned away`).not.toMatch(TURNED_AWAY);
  expect([401, 403], `${label}: refused`).not.toContain(outcome.status);
}

function expectJsonError(outcome: Outcome, status: number, label: string) {
  expect(outcome.status, label).toBe(status);
  expect(outcome.headers.get("content-type"), label).toContain("application/json");
  expect(outcome.body.error, label).toBeTruthy();
}

function expectClass(routeClass: RouteClass, outcome: Outcome, actor: Actor, path: string, label: string) {
  switch (routeClass) {
    case "public":
      return expectServed(outcome, label);
    case "secondStep":
      expect(outcome.location, label).toBe("/admin/login");
      return;
    case "user":
      if (signedOut(actor)) {
        expect(outcome.status, label).toBe(302);
        expect(outcome.location, label).toBe(toSignIn(path));
      } else expectServed(outcome, label);
      return;
    case "driver":
      if (signedOut(actor)) expect(outcome.location, label).toBe(toSignIn(path));
      else if (actor !== "driver") expect(outcome.location, label).toBe("/");
      else {
        expectServed(outcome, label);
        expect(outcome.location, label).not.toBe("/");
      }
      return;
    case "admin":
      if (signedOut(actor)) expect(outcome.location, label).toBe(toAdminLogin(path));
      else if (actor !== "admin") expect(outcome.location, label).toBe("/");
      else {
        expectServed(outcome, label);
        expect(outcome.location, label).not.toBe("/");
      }
      return;
    case "apiUser":
      if (signedOut(actor)) {
        expectJsonError(outcome, 401, label);
        expect(outcome.headers.get("www-authenticate"), label).toContain("Bearer");
      } else expectServed(outcome, label);
      return;
    case "apiAdmin":
      if (signedOut(actor)) expectJsonError(outcome, 401, label);
      else if (actor !== "admin") expectJsonError(outcome, 403, label);
      else expectServed(outcome, label);
      return;
    case "apiDriver":
      if (signedOut(actor)) expectJsonError(outcome, 401, label);
      else if (actor !== "driver") {
        expectJsonError(outcome, 403, label);
        expect(outcome.body.error, label).toBe("Driver access required");
      } else {
        // Past the guard: a job's own answers (404 no such job, 403 naming a rule) may follow.
        expect(outcome.status, label).toBeLessThan(500);
        expect([401], label).not.toContain(outcome.status);
        expect(outcome.body?.error, label).not.toBe("Driver access required");
      }
      return;
    case "files":
      expect(outcome.status, label).toBe(signedOut(actor) ? 401 : actor === "admin" ? 404 : 403);
      return;
    case "business":
      // None of the matrix's accounts is on a business account.
      expect(outcome.location, label).toBe(signedOut(actor) ? toSignIn(path) : "/business");
  }
}

// ------------------------------------------------------------------ 1. the matrix

let matrixCases = 0;
afterAll(() => {
  console.info(`auth-abuse: ${matrixCases} route × caller checks over ${routes.length} route files`);
});

describe("the access matrix over every route", () => {
  it("knows every route and classifies every loader and action", () => {
    expect(routes.length).toBeGreaterThan(70);
    for (const { name, module } of routes) {
      expect(ROUTES[name], `${name} is not in ROUTES: classify it`).toBeDefined();
      for (const kind of ["loader", "action"] as const) {
        expect(
          Boolean(ROUTES[name]?.[kind]),
          `${name}'s ${kind}: ${module[kind] ? "not classified" : "classified but absent"}`,
        ).toBe(Boolean(module[kind]));
      }
    }
    expect(Object.keys(ROUTES).sort()).toEqual(routes.map((route) => route.name).sort());
  });

  for (const { name, module, path, params } of routes) {
    const classes = ROUTES[name] ?? {};
    const api = path.startsWith("/api/") || path.startsWith("/paypal/") || name === "uploads.$";
    for (const kind of ["loader", "action"] as const) {
      const handler = module[kind];
      const routeClass = classes[kind];
      if (!handler || !routeClass) continue;
      const method = kind === "loader" ? "GET" : (METHODS[name] ?? "POST");
      it(`${method} ${path} (${name}, ${routeClass})`, async () => {
        for (const actor of ACTORS) {
          // Pages take the session cookie; the API takes it or a bearer token.
          for (const via of api && actor !== "visitor" ? (["session", "token"] as const) : (["session"] as const)) {
            const label = `${method} ${path} as ${actor}${actor === "visitor" ? "" : ` (${via})`}`;
            const outcome = await call(handler, request(path, method, await credentialsOf(actor, via)), params);
            matrixCases += 1;
            expectClass(routeClass, outcome, actor, path, label);
          }
        }
      });
    }
  }
});

// ------------------------------------------------------------------ 2. expiry

const HOUR = 60 * 60 * 1000;

const route = (name: string) => routes.find((entry) => entry.name === name)!;

async function expiredSession(account: { id: string; role: "customer" | "driver" | "admin" }) {
  const cookie = await sessionCookie(account);
  const row = await db.session.findFirstOrThrow({ where: { userId: account.id }, orderBy: { createdAt: "desc" } });
  await db.session.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  return cookie;
}

async function expiredToken(account: { id: string; role: "customer" | "driver" | "admin" }) {
  const token = await bearerFor(account);
  await db.apiToken.update({
    where: { tokenHash: hashToken(token) },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  return token;
}

describe("an expired session or token", () => {
  it("is signed out on the pages: /bookings sends to /signin, the admin pages to /admin/login, /driver to /signin", async () => {
    for (const [name, account, expected] of [
      ["bookings", accounts.customer, toSignIn],
      ["admin.dashboard", accounts.admin, toAdminLogin],
      ["driver", accounts.driver, toSignIn],
    ] as const) {
      const { module, path, params } = route(name);
      const cookie = await expiredSession(account);
      expect(await getSessionUser(request(path, "GET", { cookie }))).toBeNull();
      const outcome = await call(module.loader!, request(path, "GET", { cookie }), params);
      expect(outcome.location, name).toBe(expected(path));
    }
  });

  it("is a 401 on the API, by cookie or by token", async () => {
    for (const [name, account] of [
      ["api.admin.stats", accounts.admin],
      ["paypal.setup", accounts.customer],
      ["api.bookings.$id.events", accounts.customer],
    ] as const) {
      const { module, path, params } = route(name);
      for (const credentials of [{ cookie: await expiredSession(account) }, { token: await expiredToken(account) }]) {
        const outcome = await call(module.loader!, request(path, "GET", credentials), params);
        expectJsonError(outcome, 401, `${name} with ${Object.keys(credentials)[0]}`);
      }
    }
  });
});

// ------------------------------------------------------------------ 3. forged cookies

describe("a forged or tampered session cookie", () => {
  // What a guarded page, the admin API, a page open to all and the token reader make of it.
  const probes = [
    { name: "bookings", expect: (outcome: Outcome, path: string) => expect(outcome.location).toBe(toSignIn(path)) },
    {
      name: "admin.dashboard",
      expect: (outcome: Outcome, path: string) => expect(outcome.location).toBe(toAdminLogin(path)),
    },
    { name: "api.admin.stats", expect: (outcome: Outcome) => expectJsonError(outcome, 401, "api.admin.stats") },
    { name: "signin", expect: (outcome: Outcome) => expect(outcome.status).toBe(200) },
  ];

  async function expectSignedOut(cookieHeader: string, label: string) {
    expect(await getSessionUser(request("/", "GET", { cookie: cookieHeader })), label).toBeNull();
    for (const probe of probes) {
      const { module, path, params } = route(probe.name);
      let outcome: Outcome;
      try {
        outcome = await call(module.loader!, request(path, "GET", { cookie: cookieHeader }), params);
      } catch (error) {
        throw new Error(`${label} on ${path}: threw ${(error as Error).message}`);
      }
      expect(outcome.status, `${label} on ${path}`).toBeLessThan(500);
      probe.expect(outcome, path);
    }
  }

  /** A real admin session's cookie, split into its value and its signature. */
  async function realAdminCookie() {
    const cookie = await sessionCookie(accounts.admin);
    const value = decodeURIComponent(cookie.slice("__session=".length));
    const dot = value.lastIndexOf(".");
    return { cookie, payload: value.slice(0, dot), signature: value.slice(dot + 1) };
  }

  it("with its signature changed is signed out", async () => {
    const { payload, signature } = await realAdminCookie();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: signature.length - 1 }),
        fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"),
        async (at, char) => {
          fc.pre(signature[at] !== char);
          const forged = `${signature.slice(0, at)}${char}${signature.slice(at + 1)}`;
          await expectSignedOut(`__session=${encodeURIComponent(`${payload}.${forged}`)}`, "changed signature");
        },
      ),
      { numRuns: 15 },
    );
  });

  it("with another session's id under the old signature, or signed with another secret, is signed out", async () => {
    const { signature } = await realAdminCookie();
    const other = await db.session.create({
      data: { userId: accounts.admin.id, expiresAt: new Date(Date.now() + HOUR) },
    });
    const payload = Buffer.from(JSON.stringify({ sessionId: other.id })).toString("base64");
    await expectSignedOut(`__session=${encodeURIComponent(`${payload}.${signature}`)}`, "payload swapped");
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 64 }), async (secret) => {
        fc.pre(secret !== env.SESSION_SECRET);
        const storage = createCookieSessionStorage({ cookie: { name: "__session", secrets: [secret] } });
        const session = await storage.getSession();
        session.set("sessionId", other.id);
        const setCookie = await storage.commitSession(session);
        await expectSignedOut(setCookie.split(";")[0]!, `signed with ${JSON.stringify(secret)}`);
      }),
      { numRuns: 10 },
    );
  });

  it("that is garbage is signed out", async () => {
    const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
    const garbage = fc.oneof(
      fc.string({ unit: printable, maxLength: 200 }),
      fc.base64String({ maxLength: 200 }),
      fc.string({ unit: printable, maxLength: 60 }).map((text) => `${Buffer.from(text).toString("base64")}.${text}`),
      fc.constantFrom("", ".", "..", "%", "%ZZ", "eyJzZXNzaW9uSWQiOm51bGx9.x", "null", "x".repeat(8000)),
    );
    await fc.assert(
      fc.asyncProperty(garbage, fc.boolean(), async (value, twice) => {
        const header = twice ? `__session=${value}; __session=${value}x` : `__session=${value}`;
        await expectSignedOut(header, `__session=${value.slice(0, 40)}`);
      }),
      { numRuns: 40 },
    );
  });
});

// ------------------------------------------------------------------ 4. brute force through the API

describe("brute-force sign-in through the API", () => {
  it("POST /api/auth/signin from one address: 429 with Retry-After after the per-IP limit, even for a right password", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signIn.ip.limit; attempt++) {
      const outcome = await call(
        apiSignIn,
        jsonRequest("/api/auth/signin", { email: `spray-${unique()}@example.com`, password: "guess" }, { ip }),
      );
      expect(outcome.status).toBe(401);
    }
    const user = await createAccount();
    const blocked = await call(
      apiSignIn,
      jsonRequest("/api/auth/signin", { email: user.email, password: PASSWORD }, { ip }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(AUTH_RATE_LIMITS.signIn.ip.windowSeconds);
    const elsewhere = await call(
      apiSignIn,
      jsonRequest("/api/auth/signin", { email: user.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    expect(elsewhere.status).toBe(200);
  });

  it("POST /api/admin/login against one admin: 429 with Retry-After after 5 failures from one address", async () => {
    const admin = await createAccount({ role: "admin" });
    const ip = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.adminLogin.account.limit; attempt++) {
      expect(
        (
          await call(
            apiAdminLogin,
            jsonRequest("/api/admin/login", { email: admin.email, password: `guess-${attempt}` }, { ip }),
          )
        ).status,
      ).toBe(401);
    }
    const blocked = await call(
      apiAdminLogin,
      jsonRequest("/api/admin/login", { email: admin.email, password: PASSWORD }, { ip }),
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.apiToken.count({ where: { userId: admin.id } })).toBe(0);
  });

  it("an attacker on a handful of addresses cannot lock the owner out", async () => {
    const user = await createAccount();
    for (let address = 0; address < 5; address++) {
      const ip = uniqueIp();
      for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signIn.account.limit + 2; attempt++) {
        await call(
          apiSignIn,
          jsonRequest("/api/auth/signin", { email: user.email, password: `guess-${attempt}` }, { ip }),
        );
      }
    }
    expect(
      (
        await call(
          apiSignIn,
          jsonRequest("/api/auth/signin", { email: user.email, password: PASSWORD }, { ip: uniqueIp() }),
        )
      ).status,
    ).toBe(200);
  }, 60_000);

  it("many addresses reach the account's ceiling: 'Too many attempts' with Retry-After, and one e-mail to the owner", async () => {
    const user = await createAccount();
    const ceiling = AUTH_RATE_LIMITS.signIn.ceiling.limit;
    const perAddress = AUTH_RATE_LIMITS.signIn.account.limit;
    for (let sent = 0; sent < ceiling;) {
      const ip = uniqueIp();
      for (let attempt = 0; attempt < perAddress && sent < ceiling; attempt++, sent++) {
        expect(
          (
            await call(
              apiSignIn,
              jsonRequest("/api/auth/signin", { email: user.email, password: `guess-${sent}` }, { ip }),
            )
          ).status,
        ).toBe(401);
      }
    }
    const blocked = await call(
      apiSignIn,
      jsonRequest("/api/auth/signin", { email: user.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    await call(
      apiSignIn,
      jsonRequest("/api/auth/signin", { email: user.email, password: PASSWORD }, { ip: uniqueIp() }),
    );
    await expect
      .poll(
        async () => (await readOutbox(user.email)).filter((mail) => mail.subject.startsWith("Sign-in attempts")).length,
      )
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await readOutbox(user.email)).filter((mail) => mail.subject.startsWith("Sign-in attempts"))).toHaveLength(
      1,
    );
  }, 120_000);
});
