// The server's processes as a process manager runs them (server.ts): WEB_CONCURRENCY workers
// under one primary, all serving one port, a dead one replaced; and SIGTERM's graceful stop:
// no new connections, open event streams end, requests in flight finish, and every process
// exits with code 0.
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  TRACKED,
  get,
  openEventStream,
  serveApp,
  signInToken,
  sleep,
  startDatabase,
  type TestDatabase,
} from "./harness";
import { record, saveLog } from "./report";

const PORT = 4466;
const DB_PORT = 4486;
const METRICS_TOKEN = "server-process-metrics-token-0123456789abcdef";

let database: TestDatabase;

beforeAll(async () => {
  database = await startDatabase("server-process", DB_PORT);
});

afterAll(async () => {
  await database?.remove();
});

/** Every process below `pid` (server.ts's primary): its workers. */
function descendantsOf(pid: number): number[] {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, of] of rows)
      if (of === parent) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

describe("the server's processes", () => {
  it("WEB_CONCURRENCY=2: two workers share the port, a dead one is replaced, SIGTERM stops all of them", async () => {
    const app = await serveApp(database, PORT, { WEB_CONCURRENCY: "2", METRICS_TOKEN });
    try {
      // The primary's two workers.
      expect(await waitFor(() => descendantsOf(app.pid).length >= 2, 15_000)).toBe(true);
      const before = descendantsOf(app.pid);
      const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await get(app, "/healthz")).status));
      expect(statuses.every((status) => status === 200)).toBe(true);
      // /metrics adds up both workers' counts (the primary asks each), whichever one answers:
      // at least the 20 health checks, spread over both (one worker alone counts about half).
      // The check that found the instance started may not be counted: it can come before a
      // worker's metrics are in place (a CI run saw exactly 20).
      const healthChecksCounted = async () => {
        const metrics = await (await get(app, "/metrics", { token: METRICS_TOKEN })).text();
        return Number(
          /easymove_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} (\d+)/.exec(
            metrics,
          )?.[1],
        );
      };
      // A worker counts a request when its response has been handed to the socket, which on a
      // busy machine can come just after the client has it: asked again for up to 5 s.
      let healthChecks = await healthChecksCounted();
      for (let tries = 0; tries < 20 && healthChecks < 20; tries++) {
        await sleep(250);
        healthChecks = await healthChecksCounted();
      }
      expect(healthChecks).toBeGreaterThanOrEqual(20);

      const worker = before.at(-1)!;
      process.kill(worker, "SIGKILL");
      expect(
        await waitFor(
          () => !descendantsOf(app.pid).includes(worker) && descendantsOf(app.pid).length >= before.length,
          15_000,
        ),
      ).toBe(true);
      // The replacement is up: a third "listening" line, from a new worker.
      const listening = () => (app.output().match(/is listening on .* \(worker \d+\)/g) ?? []).length;
      expect(await waitFor(() => listening() >= 3, 20_000)).toBe(true);
      expect((await get(app, "/healthz")).status).toBe(200);
      const replaced = descendantsOf(app.pid);

      await app.stop();
      expect(app.exitCode()).toBe(0);
      expect(await waitFor(() => replaced.every((pid) => !alive(pid)), 5_000)).toBe(true);
      record([
        `WEB_CONCURRENCY=2: workers under the primary ${before.length}; /metrics counts ${healthChecks} health checks over both workers; a killed worker replaced; SIGTERM: exit code ${app.exitCode()}`,
      ]);
    } finally {
      await app.stop();
      saveLog("server-process-cluster.log", app.output());
    }
  });

  it("SIGTERM ends open event streams, then the process exits by itself with code 0", async () => {
    const app = await serveApp(database, PORT);
    try {
      const [{ id: bookingId }] = await database.query<{ id: string }>(
        `select id from "Booking" where reference = $1`,
        [TRACKED.reference],
      );
      const token = await signInToken(app, TRACKED.customer, DEMO_PASSWORD);
      const stream = await openEventStream(app, `/api/bookings/${bookingId}/events`, { token });
      expect(stream.status).toBe(200);
      await stream.next("ready");

      const signalled = Date.now();
      process.kill(app.pid, "SIGTERM");
      const endedAt = await Promise.race([stream.ended, sleep(10_000).then(() => null)]);
      expect(endedAt, "the event stream ended").not.toBeNull();
      expect(await waitFor(() => !app.running(), 15_000)).toBe(true);
      expect(app.exitCode()).toBe(0);
      expect(app.output()).not.toMatch(/Error|uncaught/i);
      record([
        `SIGTERM with an event stream open: the stream ended after ${endedAt! - signalled} ms; the process exited with code ${app.exitCode()}`,
      ]);
    } finally {
      await app.stop();
      saveLog("server-process-shutdown.log", app.output());
    }
  });
});
