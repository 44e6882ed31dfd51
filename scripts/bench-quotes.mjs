#!/usr/bin/env node
// `npm run bench:quotes`: only the quote API's load figures (POST /api/quotes/calculate beside
// GET /healthz), from the speed bench in scripts/bench/ (`npm run bench` has every figure).
//   npm run bench:quotes -- --duration 15 --connections 50 --items 0 --port 4400
import { hammer, quoteRequests, warm } from "./bench/load.mjs";
import { startApp, startDatabase } from "./bench/server.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) =>
  argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback;
const duration = option("duration", 15);
const connections = option("connections", 50);
const items = option("items", 0);

const database = await startDatabase({ seed: false });
const app = await startApp(database.url, option("port", 4400));
try {
  await warm(app.url, quoteRequests(items));
  const healthz = await hammer(app.url, { path: "/healthz", connections, duration });
  const quote = await hammer(app.url, { requests: quoteRequests(items), connections, duration });
  const line = (name, run) =>
    `${name.padEnd(28)} ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors}`;
  console.log(`autocannon, ${connections} connections, ${duration} s each, on 127.0.0.1`);
  console.log(line("GET /healthz", healthz));
  console.log(
    line(`POST /api/quotes/calculate`, quote) + ` (${(quote.rps / healthz.rps).toFixed(2)}x /healthz, ${items} items)`,
  );
} finally {
  await app.stop();
  await database.stop();
}
process.exit(0);
