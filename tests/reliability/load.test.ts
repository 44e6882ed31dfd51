// A bounded load on the quote API and the home page, served by the production build against a
// PostgreSQL of its own: every request is answered, none with a 5xx, no errors or timeouts.
// Quick (npm test): 5 s at 20 connections each; full (RELIABILITY_FULL=1): 30 s at 50.
// The API rate limit (per client IP, 60 a minute by default) is raised to 100,000,000 a minute
// for this server, since every request here comes from one address.
import autocannon, { type Result } from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poolerFor } from "./deploy/programs";
import {
  FULL,
  expectNoInternals,
  get,
  postJson,
  quoteBody,
  serveApp,
  startDatabase,
  type App,
  type TestDatabase,
} from "./harness";
import { record } from "./report";

const APP_PORT = process.env.RELIABILITY_POOLER ? 4464 : 4460;
const DB_PORT = process.env.RELIABILITY_POOLER ? 4484 : 4480;
const DURATION_S = FULL ? 30 : 5;
const CONNECTIONS = FULL ? 50 : 20;

let database: TestDatabase;
let pooler: Awaited<ReturnType<typeof poolerFor>>;
let app: App;

beforeAll(async () => {
  database = await startDatabase("load", DB_PORT);
  pooler = await poolerFor(database);
  app = await serveApp(database, APP_PORT, { API_RATE_LIMIT_PER_MINUTE: "100000000", ...pooler.env });
  // Warm up: the distance cache for each route, and the first render.
  for (let index = 0; index < 4; index++)
    expect((await postJson(app, "/api/quotes/calculate", quoteBody(index))).status).toBe(200);
  expect((await get(app, "/")).status).toBe(200);
});

afterAll(async () => {
  await app?.stop();
  await pooler?.stop();
  await database?.remove();
});

function figures(result: Result) {
  const inFlight = result.requests.sent - result.requests.total;
  return [
    `${DURATION_S} s at ${CONNECTIONS} connections, database ${pooler.describe}`,
    `${result.requests.total} answered of ${result.requests.sent} sent (${inFlight} in flight when the time ran out)`,
    `${result.requests.average.toFixed(0)} req/s`,
    `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `statuses ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count])))}`,
    `errors ${result.errors}, timeouts ${result.timeouts}, resets ${result.resets}`,
  ];
}

function expectAllAnswered(result: Result) {
  expect(result["5xx"]).toBe(0);
  expect(result.non2xx).toBe(0);
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result.resets).toBe(0);
  expect(result["2xx"]).toBe(result.requests.total);
  // A timed run stops with some requests on the wire; no more than one per connection.
  expect(result.requests.sent - result.requests.total).toBeLessThanOrEqual(CONNECTIONS);
  // Every connection got answers (the throughput itself is a figure, not a pass mark: docs/PERFORMANCE.md).
  expect(result.requests.total).toBeGreaterThanOrEqual(CONNECTIONS);
}

describe("bounded load", () => {
  it("POST /api/quotes/calculate: every request answered 200, no 5xx, no errors or timeouts", async () => {
    let next = 0;
    const result = await autocannon({
      url: app.url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 10,
      requests: [
        {
          method: "POST",
          path: "/api/quotes/calculate",
          headers: { "Content-Type": "application/json" },
          setupRequest: (request) => ({ ...request, body: JSON.stringify(quoteBody(next++)) }),
        },
      ],
    });
    record(figures(result));
    expectAllAnswered(result);
    expectNoInternals(app.output(), "the server log");
  });

  it("GET / (server render): every request answered 200, no 5xx, no errors or timeouts", async () => {
    const result = await autocannon({
      url: `${app.url}/`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 10,
    });
    record(figures(result));
    expectAllAnswered(result);
  });
});
