// PostgreSQL stopped in the middle of a load, then started again, with the app left running:
// while it is away every page and API route family answers a clear 503 (the home page may
// render without the user menu instead), never a 500 or a stack trace; once it is back the app
// recovers by itself within 5 s; what was written before the fault is still there; and the
// live-events LISTEN connection comes back, so a tracker hears changes made afterwards.
import autocannon, { type Result } from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poolerFor } from "./deploy/programs";
import {
  ADMIN,
  DEMO_PASSWORD,
  FULL,
  TRACKED,
  expectNoInternals,
  get,
  openEventStream,
  postForm,
  postJson,
  quoteBody,
  randomIp,
  serveApp,
  sleep,
  signInCookie,
  signInToken,
  startDatabase,
  type App,
  type EventStream,
  type TestDatabase,
  trackedMoveToday,
} from "./harness";
import { record, saveLog } from "./report";

const APP_PORT = process.env.RELIABILITY_POOLER ? 4465 : 4461;
const DB_PORT = process.env.RELIABILITY_POOLER ? 4485 : 4481;
const LOAD_S = FULL ? 20 : 6;
const CONNECTIONS = FULL ? 50 : 10;
const RECOVERY_LIMIT_MS = 5_000;
const UNAVAILABLE = "EasyMove is having a short technical problem. Please try again in a minute.";

let database: TestDatabase;
let pooler: Awaited<ReturnType<typeof poolerFor>>;
let app: App;
let customer: { cookie: string; token: string };
let driverCookie: string;
let adminToken: string;
let trackedId: string;
/** What was written through the app just before the fault. */
let written: { bookingId: string; reference: string; payment: Record<string, unknown> };
let streamBeforeFault: EventStream;

beforeAll(async () => {
  database = await startDatabase("fault", DB_PORT);
  pooler = await poolerFor(database);
  // One client address sends the whole load: the API limit is raised for this server.
  app = await serveApp(database, APP_PORT, { API_RATE_LIMIT_PER_MINUTE: "100000000", ...pooler.env });
  customer = {
    cookie: await signInCookie(app, TRACKED.customer, DEMO_PASSWORD),
    token: await signInToken(app, TRACKED.customer, DEMO_PASSWORD),
  };
  driverCookie = await signInCookie(app, TRACKED.driver, DEMO_PASSWORD);
  adminToken = await signInToken(app, ADMIN.email, ADMIN.password, { admin: true });
  [{ id: trackedId }] = await database.query<{ id: string }>(`select id from "Booking" where reference = $1`, [
    TRACKED.reference,
  ]);
  await trackedMoveToday(database);
});

afterAll(async () => {
  streamBeforeFault?.close();
  await app?.stop();
  if (app) saveLog("database-fault-app.log", app.output());
  await pooler?.stop();
  await database?.remove();
});

/** Quote, booking, hosted checkout and the sandbox card page: a paid booking, as a customer makes one. */
async function bookAndPay() {
  const quoted = await postJson(app, "/api/quotes/calculate", quoteBody(1));
  expect(quoted.status).toBe(200);
  const quoteId = ((await quoted.json()) as { quote: { id: string } }).quote.id;
  const booked = await postJson(app, "/api/bookings/create", { quoteId }, { token: customer.token });
  const booking = ((await booked.json()) as { booking: { id: string; reference: string } }).booking;
  expect(booked.status).toBe(201);
  const checkout = await postJson(
    app,
    "/api/create-stripe-checkout-session",
    {
      bookingId: booking.id,
      customerEmail: TRACKED.customer,
      customerName: TRACKED.customerName,
      customerPhone: "07400 900555",
    },
    { token: customer.token },
  );
  const session = (await checkout.json()) as { url: string; provider: string };
  expect(checkout.status, JSON.stringify(session)).toBe(200);
  expect(session.provider).toBe("sandbox");
  const paid = await postForm(app, new URL(session.url).pathname, {
    cardNumber: "4242 4242 4242 4242",
    expiry: "12 / 35",
    cvc: "123",
  });
  expect(paid.status).toBe(303);
  return booking;
}

async function paymentOf(bookingId: string) {
  const rows = await database.query(
    `select id, status, "amountPence", provider, "providerPaymentId" from "Payment" where "bookingId" = $1`,
    [bookingId],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

type Probe = { name: string; send: () => Promise<Response>; kind: "page" | "json" | "home" };

/** One request from each page and API route family (pages, forms, sign-in, the JSON API, admin, health). */
const probes = (): Probe[] => [
  { name: "GET / (signed in)", kind: "home", send: () => get(app, "/", { cookie: customer.cookie }) },
  {
    name: "GET /bookings/:id/cancel (form page)",
    kind: "page",
    send: () => get(app, `/bookings/${written.bookingId}/cancel`, { cookie: customer.cookie }),
  },
  {
    name: "POST /bookings/:id/cancel (form)",
    kind: "page",
    send: () =>
      postForm(app, `/bookings/${written.bookingId}/cancel`, { reason: "Plans changed" }, { cookie: customer.cookie }),
  },
  { name: "GET /bookings (signed in)", kind: "page", send: () => get(app, "/bookings", { cookie: customer.cookie }) },
  {
    name: "GET /bookings/:id/claim (claim page)",
    kind: "page",
    send: () => get(app, `/bookings/${written.bookingId}/claim`, { cookie: customer.cookie }),
  },
  {
    name: "POST /bookings/:id/claim (an offer's answer)",
    kind: "page",
    send: () =>
      postForm(
        app,
        `/bookings/${written.bookingId}/claim`,
        { intent: "accept", claimId: "c0000000000000000000000000" },
        { cookie: customer.cookie },
      ),
  },
  {
    name: "GET /booking-tracker (signed in)",
    kind: "page",
    send: () => get(app, `/booking-tracker?booking=${trackedId}`, { cookie: customer.cookie }),
  },
  {
    name: "POST /signin (form)",
    kind: "page",
    send: () =>
      postForm(
        app,
        "/signin",
        { email: TRACKED.customer, password: DEMO_PASSWORD },
        { headers: { "X-Forwarded-For": randomIp() } },
      ),
  },
  {
    name: "POST /driver (form, signed in)",
    kind: "page",
    send: () =>
      postForm(
        app,
        "/driver",
        { bookingId: trackedId, status: "en_route", etaMinutes: "20" },
        { cookie: driverCookie },
      ),
  },
  {
    name: "POST /api/auth/signin",
    kind: "json",
    send: () =>
      postJson(
        app,
        "/api/auth/signin",
        { email: TRACKED.customer, password: DEMO_PASSWORD },
        { headers: { "X-Forwarded-For": randomIp() } },
      ),
  },
  {
    name: "POST /api/quotes/calculate",
    kind: "json",
    send: () => postJson(app, "/api/quotes/calculate", quoteBody(2)),
  },
  {
    name: "GET /api/admin/stats (token)",
    kind: "json",
    send: () => get(app, "/api/admin/stats", { token: adminToken }),
  },
  {
    name: "GET /api/bookings/:id/events (token)",
    kind: "json",
    send: () => get(app, `/api/bookings/${trackedId}/events`, { token: customer.token }),
  },
  { name: "GET /healthz", kind: "json", send: () => get(app, "/healthz") },
];

/** A clear answer while the database is away: 503 with Retry-After and the plain message (or a degraded home page). */
async function expectClearUnavailable(probe: Probe) {
  const response = await probe.send();
  const body = await response.text();
  expectNoInternals(body, probe.name);
  if (probe.kind === "home" && response.status === 200) {
    // The degraded home page: rendered, without the user menu.
    // (Its name may still be in a flashed "Welcome back" toast, which lives in the cookie.)
    expect(body, "home page without the user menu").not.toContain("Log Out");
    return "200 without the user menu";
  }
  expect(response.status, `${probe.name}: ${body.slice(0, 300)}`).toBe(503);
  if (probe.name === "GET /healthz") expect(JSON.parse(body)).toEqual({ status: "error", database: "unreachable" });
  else if (probe.kind === "json") expect(JSON.parse(body)).toMatchObject({ error: UNAVAILABLE });
  // The root error page says "Back in a moment"; a route's own error boundary may word it its own way.
  else expect(body, probe.name).toMatch(/Back in a moment|try again in a moment/i);
  // The JSON API says when to try again; a page's error document may not carry the header.
  if (probe.kind === "json" && probe.name !== "GET /healthz")
    expect(response.headers.get("retry-after"), probe.name).toBe("5");
  const heading = probe.kind === "page" ? ` "${/<h1[^>]*>([^<]*)<\/h1>/.exec(body)?.[1] ?? "?"}"` : "";
  return `503${heading}${response.headers.get("retry-after") ? ` (Retry-After ${response.headers.get("retry-after")})` : ""}`;
}

function statusCounts(result: Result) {
  return Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]));
}

describe("PostgreSQL stopped mid-load and started again", () => {
  it("before the fault: a paid booking is written through the app (quote, booking, sandbox card payment)", async () => {
    const booking = await bookAndPay();
    const payment = await paymentOf(booking.id);
    expect(payment).toMatchObject({ status: "succeeded", provider: "sandbox" });
    const [row] = await database.query(`select "paymentState" from "Booking" where id = $1`, [booking.id]);
    expect(row).toMatchObject({ paymentState: "paid" });
    written = { bookingId: booking.id, reference: booking.reference, payment };
    record([
      `booking ${booking.reference} paid, payment ${String(payment.providerPaymentId)} (${String(payment.amountPence)} p)`,
    ]);
  });

  it("while it is down, every page and API route family answers a clear 503 (the home page may degrade), never a 500 or a stack trace", async () => {
    // A tracker's event stream is open when the database goes.
    streamBeforeFault = await openEventStream(app, `/api/bookings/${trackedId}/events`, { token: customer.token });
    expect(streamBeforeFault.status).toBe(200);
    await streamBeforeFault.next("ready");

    let quoteIndex = 0;
    const load = autocannon({
      url: app.url,
      connections: CONNECTIONS,
      duration: LOAD_S,
      timeout: 10,
      requests: [
        {
          method: "POST",
          path: "/api/quotes/calculate",
          headers: { "Content-Type": "application/json" },
          setupRequest: (request) => ({ ...request, body: JSON.stringify(quoteBody(quoteIndex++)) }),
        },
        { method: "GET", path: "/" },
      ],
    });
    const loadStarted = Date.now();
    await sleep(FULL ? 5_000 : 1_500);
    const stopAt = Date.now();
    await database.stop();
    const stopped = Date.now();

    await sleep(200);
    expect(app.running(), `the app exited when PostgreSQL stopped:\n${app.output().slice(-4000)}`).toBe(true);
    const answers: string[] = [];
    for (const probe of probes()) answers.push(`${probe.name}: ${await expectClearUnavailable(probe)}`);
    const streamEndedWithin = await Promise.race([
      streamBeforeFault.ended.then((endedAt) => endedAt - stopAt),
      sleep(5_000).then(() => null),
    ]);

    const result = await load;
    const statuses = statusCounts(result);
    record([
      `load: ${LOAD_S} s at ${CONNECTIONS} connections (quote API and GET / alternately), database ${pooler.describe}; PostgreSQL stopped ${((stopAt - loadStarted) / 1000).toFixed(1)} s in (fast shutdown took ${stopped - stopAt} ms)`,
      `load statuses ${JSON.stringify(statuses)}; errors ${result.errors}, timeouts ${result.timeouts}, resets ${result.resets}; ${result.requests.total} answered of ${result.requests.sent} sent`,
      ...answers,
      `the event stream open at the fault ended ${streamEndedWithin === null ? "NOT within 5 s" : `${streamEndedWithin} ms after the stop`} (the browser's EventSource reconnects)`,
    ]);
    // Every load request was answered: before the stop 200, during it 200 (degraded home page) or 503.
    expect(Object.keys(statuses).sort()).toEqual(expect.arrayContaining(["200", "503"]));
    expect(
      Object.keys(statuses).filter((code) => code !== "200" && code !== "503"),
      `the server's log:\n${app.output().slice(-6000)}`,
    ).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.requests.sent - result.requests.total).toBeLessThanOrEqual(CONNECTIONS);
    expect(streamEndedWithin).not.toBeNull();
    expectNoInternals(await (await get(app, "/api/quotes/calculate")).text(), "GET on a POST route");
  });

  it("once it is started again the app recovers by itself within 5 s, without a restart", async () => {
    const startedAt = Date.now();
    await database.start();
    const readyAt = Date.now();
    // Recovered: health, the quote API, a signed-in home page with its menu, a sign-in and the admin API answer normally.
    const healthy = async () => {
      const checks = await Promise.all([
        get(app, "/healthz").then((response) => response.status === 200),
        postJson(app, "/api/quotes/calculate", quoteBody(3)).then((response) => response.status === 200),
        get(app, "/", { cookie: customer.cookie }).then(
          async (response) => response.status === 200 && (await response.text()).includes("Log Out"),
        ),
        postJson(
          app,
          "/api/auth/signin",
          { email: TRACKED.customer, password: DEMO_PASSWORD },
          { headers: { "X-Forwarded-For": randomIp() } },
        ).then((response) => response.status === 200),
        get(app, "/api/admin/stats", { token: adminToken }).then((response) => response.status === 200),
      ]).catch(() => [false]);
      return checks.every(Boolean);
    };
    let recoveredAt: number | null = null;
    while (Date.now() - readyAt < 30_000) {
      if (await healthy()) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(100);
    }
    record([
      `PostgreSQL start command to accepting connections: ${readyAt - startedAt} ms`,
      `accepting connections to every check answering normally: ${recoveredAt === null ? "not within 30 s" : `${recoveredAt - readyAt} ms`} (limit ${RECOVERY_LIMIT_MS} ms)`,
      `start command to recovered: ${recoveredAt === null ? "-" : `${recoveredAt - startedAt} ms`}`,
    ]);
    expect(recoveredAt).not.toBeNull();
    expect(recoveredAt! - readyAt).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    // No 500 and no stack trace in the server's log throughout.
    expect(app.output()).not.toMatch(/\b500\b.*Internal Server Error/);
  });

  it("no booking or payment written before the fault is lost", async () => {
    const [booking] = await database.query(`select reference, "paymentState" from "Booking" where id = $1`, [
      written.bookingId,
    ]);
    expect(booking).toEqual({ reference: written.reference, paymentState: "paid" });
    expect(await paymentOf(written.bookingId)).toEqual(written.payment);
    const listed = await get(app, "/bookings", { cookie: customer.cookie });
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain(written.reference);
    const [counts] = await database.query<{ bookings: string; payments: string }>(
      `select (select count(*) from "Booking") as bookings, (select count(*) from "Payment") as payments`,
    );
    record([
      `booking ${written.reference} still paid, its payment unchanged; the customer's /bookings lists it`,
      `${counts!.bookings} bookings, ${counts!.payments} payments in the database after the restart`,
    ]);
  });

  it("the live-events LISTEN connection recovers: a tracker's stream opened after the restart hears a driver's change", async () => {
    const stream = await openEventStream(app, `/api/bookings/${trackedId}/events`, { token: customer.token });
    try {
      expect(stream.status).toBe(200);
      await stream.next("ready");
      const changedAt = Date.now();
      const moved = await postForm(
        app,
        "/driver",
        { bookingId: trackedId, status: "en_route", etaMinutes: "20" },
        { cookie: driverCookie },
      );
      expect(moved.status).toBe(303);
      const event = await stream.next("change", 5_000);
      const heardAfter = Date.now() - changedAt;
      expect(JSON.parse(event.data)).toMatchObject({ kind: "tracking" });
      record([`POST /driver (en route) heard on the customer's stream ${heardAfter} ms after it was sent`]);
    } finally {
      stream.close();
    }
  });
});
