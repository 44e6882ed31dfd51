// Real processes for the reliability tests: an embedded PostgreSQL cluster of the test's own
// (in a temporary folder, on a port of its own, so stopping it disturbs nothing else),
// migrated and seeded with the demo data, and the production build served by server.ts.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { ensureDatabaseExists, root } from "../../scripts/lib/database.mjs";
import { clusterUrl, portIsFree, startCluster } from "../../scripts/lib/embedded-postgres.mjs";
import { mustRun } from "../../scripts/lib/run.mjs";
import { SERVER_NODE_ARGS } from "../../scripts/lib/server-command.mjs";

/** The long run (`npm run test:reliability`) or the quick one (`npm test`). */
export const FULL = process.env.RELIABILITY_FULL === "1";
/** The production build these tests serve, built once by global-setup.ts. */
export const BUILD_DIR = process.env.RELIABILITY_BUILD_DIR ?? "build-reliability";

export const ADMIN = { email: "admin@easymove.local", password: "admin-demo-2026" };
export const DEMO_PASSWORD = "demo-password-2026";
/** Seeded: booking EM-9WD3RT belongs to Chloe and is assigned to Mark (tracking "assigned"). */
export const TRACKED = {
  reference: "EM-9WD3RT",
  customer: "chloe@example.com",
  customerName: "Chloe Singh",
  driver: "mark.driver@example.com",
};

/** Moves the tracked booking to today from midnight, so its driver may set off now (domain/tracking.ts). */
export async function trackedMoveToday(database: TestDatabase) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  await database.query(`update "Booking" set "moveDate" = $1::date, "moveTime" = '00:00' where reference = $2`, [
    today,
    TRACKED.reference,
  ]);
}

const RELOCATED_HOME = "/var/lib/easymove";

export type TestDatabase = {
  url: string;
  folder: string;
  uploadDir: string;
  outboxDir: string;
  port: number;
  /** Fast shutdown of PostgreSQL (as an outage would), keeping its data. */
  stop: () => Promise<void>;
  /** Starts the same cluster again, on the same port; resolves once it accepts connections. */
  start: () => Promise<void>;
  query: <T = Record<string, unknown>>(sql: string, values?: unknown[]) => Promise<T[]>;
  remove: () => Promise<void>;
};

/** A cluster in a fresh temporary folder on `port`, with the migrated and seeded "easymove" database. */
export async function startDatabase(name: string, port: number): Promise<TestDatabase> {
  if (!(await portIsFree(port)))
    throw new Error(`Port ${port} for the ${name} test's PostgreSQL is taken; stop what holds it.`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `easymove-reliability-${name}-`));
  fs.chmodSync(folder, 0o755); // root's cluster runs as `postgres`, which must enter it
  const uploadDir = path.join(folder, "uploads");
  const outboxDir = path.join(folder, "outbox");
  let cluster = await startCluster({ root: folder, port, log: () => {} });
  const url = clusterUrl(cluster, "easymove");
  await ensureDatabaseExists(url);
  const env = { ...process.env, DATABASE_URL: url, UPLOAD_DIR: uploadDir, OUTBOX_DIR: outboxDir, LOCAL_DATABASE: "1" };
  await mustRun("prisma", ["migrate", "deploy"], { env, stdio: ["ignore", "ignore", "inherit"] });
  await mustRun("tsx", ["prisma/seed.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });

  const pg = (await import("pg")).default;
  return {
    url,
    folder,
    uploadDir,
    outboxDir,
    port,
    stop: () => cluster.stop(),
    start: async () => {
      cluster = await startCluster({ root: folder, port, log: () => {} });
    },
    query: async (sql, values = []) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql, values)).rows;
      } finally {
        await client.end();
      }
    },
    remove: async () => {
      await cluster.stop().catch(() => {});
      fs.rmSync(folder, { recursive: true, force: true });
      // Root's copy of the binaries, when `postgres` could not reach node_modules.
      const id = `${path.basename(folder)}-${crypto.createHash("sha256").update(path.resolve(folder)).digest("hex").slice(0, 12)}`;
      fs.rmSync(path.join(RELOCATED_HOME, id), { recursive: true, force: true });
    },
  };
}

export type App = {
  url: string;
  port: number;
  /** The process started (tsx, whose child runs server.ts). */
  pid: number;
  output: () => string;
  running: () => boolean;
  /** The exit code once it has exited (null while running, or when ended by a signal). */
  exitCode: () => number | null;
  stop: () => Promise<void>;
};

/** The production build on 127.0.0.1:`port` against `database`, as `npm start` would serve it. */
export async function serveApp(
  database: TestDatabase,
  port: number,
  extraEnv: Record<string, string> = {},
  { cwd = root }: { cwd?: string } = {},
): Promise<App> {
  if (!(await portIsFree(port))) throw new Error(`Port ${port} for the app is taken; stop what holds it.`);
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: database.url,
    SESSION_SECRET: "reliability-session-secret",
    ENCRYPTION_KEY: "reliability-encryption-key",
    SITE_URL: url,
    UPLOAD_DIR: database.uploadDir,
    OUTBOX_DIR: database.outboxDir,
    API_RATE_LIMIT_PER_MINUTE: "60",
    // The tests stand in for many clients behind one proxy, each with its own X-Forwarded-For.
    TRUSTED_PROXY_HOPS: "1",
    LOCAL_DATABASE: "1",
    ACCESS_LOG: "off",
    BUILD_DIR,
    // The built-in stand-ins, whatever the calling shell has set.
    STRIPE_SECRET_KEY: "",
    STRIPE_PUBLISHABLE_KEY: "",
    STRIPE_WEBHOOK_SECRET: "",
    STRIPE_API_BASE: "",
    PAYPAL_CLIENT_ID: "",
    PAYPAL_CLIENT_SECRET: "",
    GOOGLE_MAPS_API_KEY: "",
    GOOGLE_MAPS_API_BASE: "",
    SMTP_URL: "",
    // Where an uncaught error was thrown, should one end the process (kept in the saved log).
    NODE_OPTIONS: "--trace-uncaught",
    ...extraEnv,
  };
  for (const name of Object.keys(env)) if (name.startsWith("VITEST") || name === "TEST") delete env[name];
  // As `npm start` runs it: a signal reaches the server itself (the tsx command relays signals
  // to its child after a 30 ms handshake, which a busy machine can miss, and then kills it).
  const child: ChildProcess = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The app on port ${port} exited (${child.exitCode}):\n${output.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`The app on port ${port} did not start within 60 s:\n${output.slice(-3000)}`);
    await sleep(200);
  }
  return {
    url,
    port,
    pid: child.pid!,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    exitCode: () => child.exitCode,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ------------------------------------------------------------------ talking to the app

/** A form post as a browser on the app's own origin sends it (the CSRF check wants the Origin). */
export function postForm(
  app: App,
  pathname: string,
  fields: Record<string, string>,
  { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${app.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: app.url,
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

export function postJson(
  app: App,
  pathname: string,
  body: unknown,
  { token, cookie, headers = {} }: { token?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${app.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/json",
      Origin: app.url,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

export function get(
  app: App,
  pathname: string,
  { token, cookie, headers = {} }: { token?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${app.url}${pathname}`, {
    redirect: "manual",
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
  });
}

/** The session cookie ("name=value") of a sign-in through the /signin form. */
export async function signInCookie(app: App, email: string, password: string, ip = randomIp()) {
  const response = await postForm(
    app,
    "/signin",
    { email, password, redirectTo: "/" },
    { headers: { "X-Forwarded-For": ip } },
  );
  expect(response.status, `sign-in of ${email}`).toBe(302);
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith("__session=") && !/Max-Age=0/i.test(line));
  expect(cookie, `session cookie for ${email}`).toBeTruthy();
  return cookie!.split(";")[0]!;
}

/** An API bearer token from POST /api/auth/signin (or /api/admin/login for admins). */
export async function signInToken(app: App, email: string, password: string, { admin = false, ip = randomIp() } = {}) {
  const response = await postJson(
    app,
    admin ? "/api/admin/login" : "/api/auth/signin",
    { email, password },
    { headers: { "X-Forwarded-For": ip } },
  );
  const body = (await response.json()) as { token?: string };
  expect(response.status, `token for ${email}: ${JSON.stringify(body)}`).toBe(200);
  return body.token!;
}

/** A client address of its own (TRUSTED_PROXY_HOPS=1), so rate-limit buckets do not mix. */
export function randomIp() {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export const moveDate = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

export const QUOTE_ROUTES = [
  ["1 Grey Street, Newcastle NE1 6EE", "40 Osborne Road, Newcastle NE2 2AL"],
  ["22 Kensington Church Street, London W8 4EP", "5 Portobello Road, London W11 3DA"],
  ["14 Duke Street, Chelmsford CM1 1HL", "3 Newland Street, Witham CM8 2AF"],
  ["2 Colmore Row, Birmingham B3 2BJ", "12 Hertford Street, Coventry CV1 1LF"],
] as const;

export function quoteBody(index = 0) {
  const [collectionAddress, deliveryAddress] = QUOTE_ROUTES[index % QUOTE_ROUTES.length]!;
  return { collectionAddress, deliveryAddress, moveDate: moveDate(), vanSize: "medium", helpers: index % 3 };
}

/** What a page or API answer must never show: a stack trace or an internal error's words. */
export function expectNoInternals(body: string, what: string) {
  expect(body, `${what} shows a stack trace`).not.toMatch(/\n\s+at [\w.<>$]+ \(|at file:\/\/|node_modules\//);
  expect(body, `${what} shows an internal error`).not.toMatch(
    /PrismaClient|prisma\.|ECONNREFUSED|DriverAdapterError|Invalid `/,
  );
}

// ------------------------------------------------------------------ server-sent events

export type EventStream = {
  status: number;
  /** Resolves with the first event of this name (after `since` events were already seen). */
  next: (event: string, timeoutMs?: number) => Promise<{ event: string; data: string }>;
  /** Resolves (with the time, Date.now()) when the stream ends. */
  ended: Promise<number>;
  close: () => void;
};

/** GET an event stream and parse its events as they come. */
export async function openEventStream(
  app: App,
  pathname: string,
  auth: { token?: string; cookie?: string },
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${app.url}${pathname}`, {
    headers: {
      Accept: "text/event-stream",
      ...(auth.token ? { Authorization: `Bearer ${auth.token}` } : {}),
      ...(auth.cookie ? { Cookie: auth.cookie } : {}),
    },
    signal: controller.signal,
  });
  const events: { event: string; data: string }[] = [];
  const waiters: Array<() => void> = [];
  let endedResolve!: (at: number) => void;
  const ended = new Promise<number>((resolve) => (endedResolve = resolve));
  if (response.ok && response.body) {
    (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let at;
          while ((at = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? "message";
            const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((match) => match[1]).join("\n");
            events.push({ event, data });
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // aborted, or the connection dropped
      }
      endedResolve(Date.now());
      waiters.splice(0).forEach((wake) => wake());
    })();
  } else {
    endedResolve(Date.now());
  }
  let seen = 0;
  return {
    status: response.status,
    ended,
    close: () => controller.abort(),
    next: async (name, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      let finished = false;
      void ended.then(() => (finished = true));
      for (;;) {
        while (seen < events.length) {
          const event = events[seen++]!;
          if (event.event === name) return event;
        }
        if (finished) throw new Error(`The event stream ended before a "${name}" event`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No "${name}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}
