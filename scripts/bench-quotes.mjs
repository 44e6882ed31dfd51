#!/usr/bin/env node
// Benchmark (not a test): quote API latency and throughput on this machine.
// Builds if needed, serves the production build against a database of its own (embedded
// unless DATABASE_URL/TEST_DATABASE_URL is set), sends a bounded number of requests from a
// few concurrent clients to POST /api/quotes/calculate on 127.0.0.1, and reports.
//   npm run bench:quotes -- --requests 400 --concurrency 8
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { buildDir, buildIfNeeded } from "./lib/build.mjs";
import { dropDatabase, ensureDatabaseExists, loadDotEnv, root, startEmbeddedPostgres } from "./lib/database.mjs";
import { mustRun } from "./lib/run.mjs";

loadDotEnv();
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const REQUESTS = option("requests", 400);
const CONCURRENCY = option("concurrency", 8);
const PORT = option("port", 3300);
const TIME_LIMIT_MS = 120_000;

const ROUTES = [
  ["1 Grey Street, Newcastle NE1 6EE", "40 Osborne Road, Newcastle NE2 2AL"],
  ["22 Kensington Church Street, London W8 4EP", "5 Portobello Road, London W11 3DA"],
  ["14 Duke Street, Chelmsford CM1 1HL", "3 Newland Street, Witham CM8 2AF"],
  ["2 Colmore Row, Birmingham B3 2BJ", "12 Hertford Street, Coventry CV1 1LF"],
  ["London EC2V 7JD", "Birmingham B1 1BB"],
];
const moveDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

await buildIfNeeded();
const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const server = base ? { url: base, stop: async () => {} } : await startEmbeddedPostgres();
const dbUrl = new URL(server.url);
dbUrl.pathname = `/easymove_bench_${crypto.randomBytes(3).toString("hex")}`;
await ensureDatabaseExists(dbUrl.toString());
const env = { ...process.env, DATABASE_URL: dbUrl.toString(), PORT: String(PORT), HOST: "127.0.0.1", NODE_ENV: "production", SESSION_SECRET: "bench", ENCRYPTION_KEY: "bench", API_RATE_LIMIT_PER_MINUTE: "1000000" };
await mustRun("prisma", ["migrate", "deploy"], { env, stdio: ["ignore", "ignore", "inherit"] });

const app = spawn(path.join(root, "node_modules/.bin/remix-serve"), [`${buildDir}/server/index.js`], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
const url = `http://127.0.0.1:${PORT}`;

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The app did not start");
}

async function quote(index) {
  const [from, to] = ROUTES[index % ROUTES.length];
  const started = performance.now();
  const response = await fetch(`${url}/api/quotes/calculate`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ collectionAddress: from, deliveryAddress: to, moveDate, vanSize: "medium", helpers: index % 3 }),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, ok: response.ok, status: response.status };
}

try {
  await waitForServer();
  for (let index = 0; index < ROUTES.length; index++) await quote(index); // warm the distance cache

  const results = [];
  let next = 0;
  const deadline = Date.now() + TIME_LIMIT_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS && Date.now() < deadline) results.push(await quote(next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const times = results.map((result) => result.ms).sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  const failures = results.filter((result) => !result.ok);
  console.log(`POST /api/quotes/calculate: ${results.length} requests, ${CONCURRENCY} concurrent clients, ${seconds.toFixed(1)} s`);
  console.log(`throughput: ${(results.length / seconds).toFixed(1)} requests/s`);
  console.log(`latency ms: p50 ${at(50)}  p95 ${at(95)}  p99 ${at(99)}  max ${times.at(-1).toFixed(1)}`);
  console.log(`failures: ${failures.length}${failures.length ? ` (statuses ${[...new Set(failures.map((f) => f.status))].join(", ")})` : ""}`);
} finally {
  app.kill("SIGTERM");
  await new Promise((resolve) => app.once("exit", resolve));
  await dropDatabase(dbUrl.toString()).catch(() => {});
  await server.stop();
}
