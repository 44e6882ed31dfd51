// The bench's app: the production build (built if needed) served by server.ts on 127.0.0.1
// against a database of its own (created, migrated and seeded here, dropped by stop()). The
// PostgreSQL server is TEST_DATABASE_URL's, else DATABASE_URL's, else the embedded one.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { buildDir, buildIfNeeded } from "../lib/build.mjs";
import { dropDatabase, ensureDatabaseExists, loadDotEnv, root, startEmbeddedPostgres } from "../lib/database.mjs";
import { mustRun } from "../lib/run.mjs";
import { SERVER_NODE_ARGS } from "../lib/server-command.mjs";

loadDotEnv();

/** The environment of the bench's app server: production, limits raised for load. */
export function appEnv(databaseUrl, port) {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    SITE_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: "bench-session-secret",
    ENCRYPTION_KEY: "bench-encryption-key",
    LOCAL_DATABASE: "1",
    ACCESS_LOG: "off",
    BUILD_DIR: buildDir,
    // One client (127.0.0.1) sends every request, so the per-IP API limit is raised.
    API_RATE_LIMIT_PER_MINUTE: "100000000",
    OUTBOX_DIR: path.join(root, ".data/bench/outbox"),
    UPLOAD_DIR: path.join(root, ".data/bench/uploads"),
  };
}

/** Starts PostgreSQL (or uses the configured server) and makes a fresh, migrated, seeded database. */
export async function startDatabase({ seed = true } = {}) {
  const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const server = base ? { url: base, stop: async () => {} } : await startEmbeddedPostgres({ log: () => {} });
  const dbUrl = new URL(server.url);
  dbUrl.pathname = `/easymove_bench_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const url = dbUrl.toString();
  await ensureDatabaseExists(url);
  const env = appEnv(url, 0);
  await mustRun("prisma", ["migrate", "deploy"], { env, stdio: ["ignore", "ignore", "inherit"] });
  if (seed) await mustRun("tsx", ["prisma/seed.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
  return {
    url,
    async stop() {
      await dropDatabase(url).catch(() => {});
      await server.stop();
    },
  };
}

/** Serves the production build on `port`; resolves once /healthz answers. */
export async function startApp(databaseUrl, port, { nodeArgs = [], extraEnv = {} } = {}) {
  await buildIfNeeded();
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_NODE_ARGS], {
    cwd: root,
    env: { ...appEnv(databaseUrl, port), ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once("exit", () => (exited = true));
  for (let attempt = 0; ; attempt++) {
    if (exited) throw new Error("The app server exited while starting");
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 150) throw new Error("The app server did not start within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (exited) return;
      // remix-serve closes on SIGTERM but waits for open keep-alive connections (the bench's
      // own fetch and autocannon pools), so it gets a moment and is then killed.
      const done = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** Session cookies and booking ids for the signed-in pages (prepare.ts, the app's own sign-in code). */
export async function prepareVisitors(databaseUrl, baseUrl) {
  let out = "";
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/bench/prepare.ts", baseUrl], {
    cwd: root,
    env: appEnv(databaseUrl, new URL(baseUrl).port),
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout.on("data", (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error("scripts/bench/prepare.ts failed");
  return JSON.parse(out.trim().split("\n").at(-1));
}

/** The national dispatch data set, made by the app's own dispatch code (seed-dispatch.ts). */
export async function prepareDispatchScale(databaseUrl, baseUrl, counts) {
  let out = "";
  const child = spawn(
    path.join(root, "node_modules/.bin/tsx"),
    ["scripts/bench/seed-dispatch.ts", baseUrl, ...counts.map(String)],
    { cwd: root, env: appEnv(databaseUrl, new URL(baseUrl).port), stdio: ["ignore", "pipe", "inherit"] },
  );
  child.stdout.on("data", (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error("scripts/bench/seed-dispatch.ts failed");
  return JSON.parse(out.trim().split("\n").at(-1));
}

/** `count` bookings paid in the sandbox and not yet confirmed, with their customers' cookies (prepare-burst.ts). */
export async function prepareBurst(databaseUrl, baseUrl, count) {
  let out = "";
  const child = spawn(
    path.join(root, "node_modules/.bin/tsx"),
    ["scripts/bench/prepare-burst.ts", baseUrl, String(count)],
    {
      cwd: root,
      env: appEnv(databaseUrl, new URL(baseUrl).port),
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  child.stdout.on("data", (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error("scripts/bench/prepare-burst.ts failed");
  return JSON.parse(out.trim().split("\n").at(-1));
}

export { buildDir, root };
