// A rolling deploy under load, as docs/DEPLOY.md tells it: two instances behind nginx
// (deploy/nginx.conf) serve clients, a tracker and paying customers. The next release (the
// same build with one backward-compatible migration more) is migrated first; then each old
// instance is drained (readiness 503, its streams end, it exits) and replaced by a new one on
// its port, one after the other. No request fails, the tracker is never without its stream
// for longer than a browser's reconnect delay, and every payment made meanwhile is recorded.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http2 from "node:http2";
import https from "node:https";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { root } from "../../../scripts/lib/database.mjs";
import {
  DEMO_PASSWORD,
  TRACKED,
  quoteBody,
  serveApp,
  signInCookie,
  signInToken,
  sleep,
  startDatabase,
  trackedMoveToday,
  type App,
  type TestDatabase,
} from "../harness";
import { record, saveLog } from "../report";
import { startNginx, type Nginx } from "./programs";

// The tests' own certificate: fetch (undici) through nginx's throwaway one.
vi.hoisted(() => {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
});

const APP_PORTS = [4502, 4503] as const;
const SPARE_PORT = 4504;
const DB_PORT = 4505;
const HTTP_PORT = 4506;
const HTTPS_PORT = 4507;
const origin = `https://localhost:${HTTPS_PORT}`;
/** A browser's EventSource waits about 3 s before it reconnects. */
const RECONNECT_MS = 3_000;
const NEW_MIGRATION = "29990101000000_rolling_deploy_expand";
/** How long the deploy waits for a new instance to be ready before it gives up on it. */
const READY_WAIT_MS = 10_000;

let database: TestDatabase;
let nginx: Nginx;
let release2: string;
const instances: (App | null)[] = [null, null];
const logs: string[] = [];

const appEnv = {
  SITE_URL: origin,
  TRUSTED_PROXY_HOPS: "1",
  API_RATE_LIMIT_PER_MINUTE: "100000000",
  // Readiness says 503 for a second before the instance stops taking connections.
  DRAIN_SECONDS: "1",
};

/**
 * The next release beside this one: the same code and build (links), and its own prisma/
 * folder with one migration more, an expand-only change (a new nullable column).
 */
function makeRelease2() {
  const folder = path.join(database.folder, "release-2");
  fs.mkdirSync(folder, { recursive: true });
  for (const name of [
    "node_modules",
    "app",
    "server.ts",
    "tsconfig.json",
    "package.json",
    "scripts",
    "generated",
    "build-reliability",
  ])
    fs.symlinkSync(path.join(root, name), path.join(folder, name));
  // Copied, not linked: Prisma reads the schema and migrations beside its config file.
  fs.copyFileSync(path.join(root, "prisma.config.ts"), path.join(folder, "prisma.config.ts"));
  fs.cpSync(path.join(root, "prisma"), path.join(folder, "prisma"), { recursive: true });
  const migration = path.join(folder, "prisma", "migrations", NEW_MIGRATION);
  fs.mkdirSync(migration);
  fs.writeFileSync(
    path.join(migration, "migration.sql"),
    `ALTER TABLE "Booking" ADD COLUMN "rollingDeployNote" TEXT;\n`,
  );
  return folder;
}

function migrate(cwd: string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
      cwd,
      env: { ...process.env, DATABASE_URL: database.url, LOCAL_DATABASE: "1" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`migrate deploy failed:\n${output}`))));
  });
}

const viaNginx = (app: App): App => ({ ...app, url: origin });

beforeAll(async () => {
  database = await startDatabase("rolling", DB_PORT);
  release2 = makeRelease2();
  const started = await Promise.all(APP_PORTS.map((port) => serveApp(database, port, appEnv)));
  started.forEach((app, index) => (instances[index] = app));
  nginx = await startNginx(path.join(database.folder, "nginx"), [...APP_PORTS], HTTP_PORT, HTTPS_PORT);
  await trackedMoveToday(database);
});

afterAll(async () => {
  await nginx?.stop();
  if (nginx) saveLog("rolling-nginx.log", `${nginx.output()}\n${nginx.accessLog()}`);
  for (const app of instances) {
    await app?.stop();
    if (app) logs.push(app.output());
  }
  saveLog("rolling-apps.log", logs.join("\n\n--------\n\n"));
  await database?.remove();
});

type Answer = { status: number; headers: http2.IncomingHttpHeaders; body: string };

/**
 * A browser's connection to the site: HTTP/2 over TLS, as deploy/nginx.conf serves it. A
 * request the server refused without processing it (a GOAWAY from an nginx worker leaving at
 * a reload, a stream above its last processed one) is sent again on a new connection, as
 * browsers do; HTTP/2 says which streams those are, so a POST is never sent twice.
 */
class Browser {
  private session: http2.ClientHttp2Session | null = null;
  /** Requests sent again after the server refused them unprocessed. */
  static resent = 0;

  private connection() {
    if (!this.session || this.session.closed || this.session.destroyed) {
      const session = http2.connect(origin, { rejectUnauthorized: false });
      session.on("error", () => {}); // reported on the streams
      session.on("goaway", () => session.close());
      this.session = session;
    }
    return this.session;
  }

  send(method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
    return this.attempt(method, pathname, headers, body, 0);
  }

  private attempt(
    method: string,
    pathname: string,
    headers: Record<string, string>,
    body: string | undefined,
    tries: number,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const again = (error: Error & { code?: string }) => {
        const refused =
          error.code === "ERR_HTTP2_GOAWAY_SESSION" ||
          error.code === "ERR_HTTP2_INVALID_SESSION" ||
          (error.code === "ERR_HTTP2_STREAM_ERROR" && /REFUSED_STREAM/.test(error.message));
        if (!refused || tries >= 3) return reject(error);
        Browser.resent++;
        this.session = null;
        resolve(this.attempt(method, pathname, headers, body, tries + 1));
      };
      let stream: http2.ClientHttp2Stream;
      try {
        stream = this.connection().request({ ":method": method, ":path": pathname, origin, ...headers });
      } catch (error) {
        return again(error as Error);
      }
      let answer: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on("response", (responseHeaders) => (answer = responseHeaders));
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () =>
        resolve({ status: Number(answer[":status"]), headers: answer, body: Buffer.concat(chunks).toString() }),
      );
      stream.on("error", again);
      stream.end(body);
    });
  }

  json(pathname: string, value: unknown, headers: Record<string, string> = {}) {
    return this.send("POST", pathname, { "content-type": "application/json", ...headers }, JSON.stringify(value));
  }

  form(pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.send(
      "POST",
      pathname,
      { "content-type": "application/x-www-form-urlencoded", ...headers },
      new URLSearchParams(fields).toString(),
    );
  }

  close() {
    this.session?.close();
  }
}

/** A tracker as a browser keeps it: the event stream, opened again RECONNECT_MS after it ends. */
function followTracker(bookingId: string, token: string) {
  const state = {
    running: true,
    changes: 0,
    readies: 0,
    gaps: [] as number[],
    endedAt: 0,
    current: null as ReturnType<typeof https.request> | null,
  };
  const open = () => {
    if (!state.running) return;
    const sent = https.request(
      `${origin}/api/bookings/${bookingId}/events`,
      { headers: { Authorization: `Bearer ${token}`, Accept: "text/event-stream" }, rejectUnauthorized: false },
      (response) => {
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let at;
          while ((at = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            if (/^event: ready$/m.test(block)) {
              state.readies++;
              if (state.endedAt) state.gaps.push(Date.now() - state.endedAt);
              state.endedAt = 0;
            }
            if (/^event: change$/m.test(block)) state.changes++;
          }
        });
        response.on("end", () => reconnect());
        response.on("error", () => reconnect());
      },
    );
    sent.on("error", () => reconnect());
    sent.end();
    state.current = sent;
  };
  const reconnect = () => {
    if (!state.running || state.endedAt) return;
    state.endedAt = Date.now();
    setTimeout(open, RECONNECT_MS);
  };
  open();
  return {
    state,
    stop: () => {
      state.running = false;
      state.current?.destroy();
    },
  };
}

/** Drains the instance in `slot` (SIGTERM) and starts the next release on its port. */
async function replace(slot: 0 | 1) {
  const old = instances[slot]!;
  const readyBefore = await fetch(`${old.url}/readyz`);
  // 1. Out of nginx's rotation (a graceful reload): no new request reaches it. Open-source
  // nginx has no active health checks, so the deploy tells it (docs/DEPLOY.md).
  await nginx.setInstances(APP_PORTS.map((port, index) => ({ port, down: index === slot })));
  // 2. Drained: readiness 503 at once, its streams end, the requests in flight finish, it exits.
  const stopping = old.stop();
  await sleep(50);
  // From the signal on, readiness says no (while the instance finishes what it has).
  const draining = await fetch(`${old.url}/readyz`).then(
    (answer) => answer.status,
    () => "closed",
  );
  await stopping;
  logs.push(old.output());
  // 3. The next release on its port; back into rotation once ready.
  const fresh = await serveApp(database, APP_PORTS[slot], appEnv, { cwd: release2 });
  instances[slot] = fresh;
  // Live (/healthz) comes a moment before ready: the job workers start after the server listens.
  const started = Date.now();
  let ready = await fetch(`${fresh.url}/readyz`);
  while (ready.status !== 200 && Date.now() - started < READY_WAIT_MS) {
    await sleep(100);
    ready = await fetch(`${fresh.url}/readyz`);
  }
  if (ready.status === 200) await nginx.setInstances(APP_PORTS.map((port) => ({ port })));
  return {
    readyBefore: readyBefore.status,
    draining,
    readyAfter: ready.status,
    readyAfterMs: Date.now() - started,
    body: (await ready.json()) as Record<string, unknown>,
  };
}

describe("a rolling deploy behind nginx", () => {
  it("migrates first, then replaces each instance in turn: no request fails, no payment is lost, the tracker reconnects in time", async () => {
    const app = instances[0]!;
    const front = viaNginx(app);
    const customerToken = await signInToken(front, TRACKED.customer, DEMO_PASSWORD);
    const driverCookie = await signInCookie(front, TRACKED.driver, DEMO_PASSWORD);
    const [{ id: bookingId }] = await database.query<{ id: string }>(`select id from "Booking" where reference = $1`, [
      TRACKED.reference,
    ]);

    // The next release's instance, before its migration: not ready, and says why.
    const early = await serveApp(database, SPARE_PORT, appEnv, { cwd: release2 });
    const earlyReady = await fetch(`${early.url}/readyz`);
    const earlyBody = (await earlyReady.json()) as { status: string };
    await early.stop();
    // The public hears "not ready"; the operator's log names the migration.
    const earlyLog = early.output();
    expect(earlyReady.status).toBe(503);
    expect(earlyBody).toEqual({ status: "not ready", ready: false });
    expect(earlyLog).toContain(`Not ready: migrations not applied yet: ${NEW_MIGRATION}.`);

    // Load: 16 browsers on pages and the quote API, a tracker, a driver's updates, a customer paying.
    const statuses = new Map<string, number>();
    const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
    let running = true;
    const browsers: Browser[] = [];
    const client = async (index: number) => {
      const browser = new Browser();
      browsers.push(browser);
      for (let sent = 0; running; sent++) {
        const answer = await (
          (index + sent) % 3 === 0
            ? browser.json("/api/quotes/calculate", quoteBody(sent))
            : browser.send("GET", ["/", "/calculator", "/london-services"][sent % 3]!)
        ).catch((error: Error & { code?: string }) => ({ status: `error ${error.code ?? error.message}` }));
        count(String(answer.status));
      }
    };
    const tracker = followTracker(bookingId, customerToken);
    // The driver sets off, then shares a new position every 3.5 s (each a live "change";
    // the app takes 20 a minute).
    const driverBrowser = new Browser();
    const setOff = await driverBrowser.form(
      "/driver",
      { bookingId, status: "en_route", etaMinutes: "20" },
      { cookie: driverCookie },
    );
    expect(setOff.status).toBe(303);
    let driverUpdates = 0;
    const driver = (async () => {
      while (running) {
        const shared = await driverBrowser.form(
          `/driver/jobs/${bookingId}/position`,
          { latitude: String(54.97 + driverUpdates * 0.01), longitude: "-1.61", accuracy: "10" },
          { cookie: driverCookie },
        );
        if (shared.status < 400) driverUpdates++;
        else count(`position ${shared.status}`);
        await sleep(3_500);
      }
    })();
    const paid: string[] = [];
    const customer = new Browser();
    const bearer = { authorization: `Bearer ${customerToken}` };
    const payments = (async () => {
      while (running) {
        const quoted = await customer.json("/api/quotes/calculate", quoteBody(paid.length));
        if (quoted.status !== 200) {
          count(`payment quote ${quoted.status}`);
          continue;
        }
        const quoteId = (JSON.parse(quoted.body) as { quote: { id: string } }).quote.id;
        const booked = await customer.json("/api/bookings/create", { quoteId }, bearer);
        const booking = (JSON.parse(booked.body) as { booking: { id: string } }).booking;
        const checkout = await customer.json(
          "/api/create-stripe-checkout-session",
          {
            bookingId: booking.id,
            customerEmail: TRACKED.customer,
            customerName: TRACKED.customerName,
            customerPhone: "07400 900555",
          },
          bearer,
        );
        const session = JSON.parse(checkout.body) as { url: string };
        const answer = await customer.form(new URL(session.url).pathname, {
          cardNumber: "4242 4242 4242 4242",
          expiry: "12 / 35",
          cvc: "123",
        });
        if (answer.status === 303) paid.push(booking.id);
        else count(`payment ${answer.status}`);
      }
    })();
    const clients = Array.from({ length: 16 }, (_, index) => client(index));
    const started = Date.now();
    await sleep(3_000);

    // 1. Migrate (the old instances stay ready: a newer migration is fine for them).
    await migrate(release2);
    const oldStillReady = (await fetch(`${instances[1]!.url}/readyz`)).status;
    // 2. Roll, one instance at a time.
    const first = await replace(0);
    await sleep(3_000);
    const second = await replace(1);
    await sleep(4_000);
    running = false;
    await Promise.all([...clients, driver, payments]);
    tracker.stop();
    for (const browser of [...browsers, driverBrowser, customer]) browser.close();
    const seconds = ((Date.now() - started) / 1000).toFixed(0);

    const rows = await database.query<{ id: string; paymentState: string }>(
      `select id, "paymentState" from "Booking" where id = any($1)`,
      [paid],
    );
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    record([
      `${total} requests by 16 clients over ${seconds} s through nginx over HTTP/2 (${Browser.resent} refused unprocessed by an nginx worker leaving at a reload, and sent again, as browsers do): ${[...statuses.entries()].map(([key, count]) => `${key}: ${count}`).join(", ")}`,
      `release 2 before its migration: /readyz ${earlyReady.status} (${earlyBody.status}; the log names ${NEW_MIGRATION}); after it, release 1 still ${oldStillReady}`,
      `instance :${APP_PORTS[0]}: ready ${first.readyBefore}, draining ${first.draining}, release 2 ready ${first.readyAfter} ${first.readyAfterMs} ms after live ${JSON.stringify(first.body)}; :${APP_PORTS[1]}: ready ${second.readyBefore}, draining ${second.draining}, release 2 ready ${second.readyAfter} ${second.readyAfterMs} ms after live`,
      `tracker: ${tracker.state.readies} streams opened, ${tracker.state.gaps.length} reconnects, longest time without a stream ${Math.max(0, ...tracker.state.gaps)} ms (browser retry ${RECONNECT_MS} ms); ${tracker.state.changes} changes heard of ${driverUpdates} driver updates`,
      `${paid.length} bookings paid during the roll; ${rows.filter((row) => row.paymentState === "paid").length} recorded as paid`,
    ]);
    expect([...statuses.keys()].sort()).toEqual(["200"]);
    expect(oldStillReady).toBe(200);
    for (const step of [first, second]) {
      expect(step.readyBefore).toBe(200);
      expect([503, "closed"]).toContain(step.draining);
      expect(step.readyAfter).toBe(200);
      expect(step.body).toEqual({ status: "ready", ready: true });
    }
    expect(paid.length).toBeGreaterThan(3);
    expect(rows.filter((row) => row.paymentState === "paid")).toHaveLength(paid.length);
    expect(tracker.state.gaps.length).toBeGreaterThanOrEqual(1); // its stream's instance was replaced
    for (const gap of tracker.state.gaps) expect(gap).toBeLessThan(RECONNECT_MS + 1_500);
    expect(tracker.state.changes).toBeGreaterThan(0);
  });
});
