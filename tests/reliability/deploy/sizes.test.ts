// The sizes docs/DEPLOY.md gives, measured on one instance (one worker process) of the
// production build: the memory each open live event stream costs (the instance's own
// /metrics, before and after), and the database connections it holds under load (the
// requests' pool, the job queue's pool and the one LISTEN connection, from pg_stat_activity).
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  TRACKED,
  quoteBody,
  serveApp,
  signInToken,
  sleep,
  startDatabase,
  type App,
  type TestDatabase,
} from "../harness";
import { record, saveLog } from "../report";

const APP_PORT = 4512;
const DB_PORT = 4513;
const METRICS_TOKEN = "sizes-test-metrics-token-0123456789abcdef";
/** Streams per account are capped at 10 (LIVE_STREAM_LIMITS): 30 accounts, 10 each. */
const ACCOUNTS = 30;
/** node-postgres' default pool of 10 for requests, the job queue's own 6 (job-queue.server.ts), 1 LISTEN. */
const CONNECTION_CAP = 10 + 6 + 1;
const STREAMS_EACH = 10;

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await startDatabase("sizes", DB_PORT);
  app = await serveApp(database, APP_PORT, { METRICS_TOKEN, API_RATE_LIMIT_PER_MINUTE: "100000000" });
  // Admins of the test's own, copies of the seeded one (same password), each a stream account.
  await database.query(`CREATE TABLE size_test_users AS SELECT * FROM "User" WHERE email = $1`, [ADMIN.email]);
  for (let index = 0; index < ACCOUNTS; index++) {
    await database.query(`UPDATE size_test_users SET id = $1, email = $2`, [
      `sizetest${index}`,
      `size-test-${index}@example.com`,
    ]);
    await database.query(`INSERT INTO "User" SELECT * FROM size_test_users`);
  }
});

afterAll(async () => {
  await app?.stop();
  if (app) saveLog("sizes-app.log", app.output());
  await database?.remove();
});

async function metric(name: string) {
  const text = await (
    await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  return Number(line?.split(" ")[1]);
}

async function settledMemory() {
  (global as { gc?: () => void }).gc?.();
  await sleep(1_500);
  return metric("process_resident_memory_bytes");
}

describe("sizes of one instance", () => {
  it("memory per open event stream, measured with the instance's own /metrics", async () => {
    const [{ id: bookingId }] = await database.query<{ id: string }>(`select id from "Booking" where reference = $1`, [
      TRACKED.reference,
    ]);
    const tokens: string[] = [];
    for (let index = 0; index < ACCOUNTS; index++)
      tokens.push(await signInToken(app, `size-test-${index}@example.com`, ADMIN.password, { admin: true }));
    // Warm up: one stream, so what every stream shares (modules, the LISTEN connection) is there.
    const warm = new AbortController();
    const first = await fetch(`${app.url}/api/bookings/${bookingId}/events`, {
      headers: { Authorization: `Bearer ${tokens[0]}` },
      signal: warm.signal,
    });
    expect(first.status).toBe(200);
    warm.abort();
    await sleep(500);

    const before = await settledMemory();
    const controllers: AbortController[] = [];
    for (const token of tokens)
      for (let stream = 0; stream < STREAMS_EACH; stream++) {
        const controller = new AbortController();
        const response = await fetch(`${app.url}/api/bookings/${bookingId}/events`, {
          headers: { Authorization: `Bearer ${token}` },
          signal: controller.signal,
        });
        expect(response.status).toBe(200);
        void response.body?.pipeTo(new WritableStream()).catch(() => {});
        controllers.push(controller);
      }
    const open = await metric("easymove_event_streams_open");
    const after = await settledMemory();
    for (const controller of controllers) controller.abort();
    const perStream = (after - before) / controllers.length;
    record([
      `${controllers.length} streams open (easymove_event_streams_open ${open}); resident memory ${(before / 2 ** 20).toFixed(1)} MB before, ${(after / 2 ** 20).toFixed(1)} MB with them: about ${(perStream / 1024).toFixed(0)} KB a stream`,
    ]);
    expect(open).toBe(controllers.length);
    // A generous bound, to catch a stream that keeps something large (a booking, a buffer) alive.
    expect(perStream).toBeLessThan(256 * 1024);
  });

  it("database connections held under load: the requests' pool, the job queue's pool and the LISTEN connection, no more", async () => {
    const peak = { count: 0 };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [{ count }] = await database.query<{ count: string }>(
          `select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
        peak.count = Math.max(peak.count, Number(count));
        await sleep(100);
      }
    })();
    let next = 0;
    const result = await autocannon({
      url: app.url,
      connections: 50,
      duration: 8,
      requests: [
        {
          method: "POST",
          path: "/api/quotes/calculate",
          headers: { "Content-Type": "application/json" },
          setupRequest: (request) => ({ ...request, body: JSON.stringify(quoteBody(next++)) }),
        },
      ],
    });
    sampling = false;
    await sampler;
    const pool = await metric("easymove_db_pool_connections");
    record([
      `8 s of quote calculations at 50 connections: ${result.requests.total} answered, ${result["2xx"]} with 200`,
      `at most ${peak.count} database connections held by the instance (requests' pool of 10, job queue's pool of 6, 1 LISTEN); /metrics pool gauge after: ${Number.isNaN(pool) ? "labelled" : pool}`,
    ]);
    expect(result["2xx"]).toBe(result.requests.total);
    expect(peak.count).toBeLessThanOrEqual(CONNECTION_CAP);
  });
});
