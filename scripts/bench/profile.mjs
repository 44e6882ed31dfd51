#!/usr/bin/env node
// Where a route's time goes: serves the production build under `node --cpu-prof`, loads the
// route for a while, stops the server (which writes the profile) and prints the self time per
// package/file, the hottest functions, and the total time under a few named callers.
//   node scripts/bench/profile.mjs [--route quotes|home|home-signed-in|bookings|admin-dashboard|admin-bookings
//                                          |driver-offers|driver]
//                                  [--duration 10] [--items 0] [--port 4420] [--drivers 20000]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hammer, quoteRequests, warm } from "./load.mjs";
import { prepareDispatchScale, prepareVisitors, startApp, startDatabase } from "./server.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const duration = Number(option("duration", 10));
const items = Number(option("items", 0));
const port = Number(option("port", 4420));
const route = option("route", "quotes");
/** With --drivers N: the national dispatch data set of N drivers first (seed-dispatch.ts). */
const drivers = Number(option("drivers", 0));
const PAGES = {
  home: "/",
  "home-signed-in": "/",
  bookings: "/bookings",
  "admin-dashboard": "/admin/dashboard",
  "admin-bookings": "/admin/bookings",
  // A driver with about 40 offers, among 3,000 drivers and 800 open jobs (seed-dispatch.ts).
  "driver-offers": "/api/driver/offers",
  driver: "/driver",
};
if (route !== "quotes" && !PAGES[route]) throw new Error(`--route takes quotes, ${Object.keys(PAGES).join(", ")}`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "easymove-profile-"));

const database = await startDatabase({ seed: route !== "quotes" });
const app = await startApp(database.url, port, { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
let run;
let what;
try {
  if (route === "quotes") {
    what = `POST /api/quotes/calculate, ${items} items`;
    await warm(app.url, quoteRequests(items));
    run = await hammer(app.url, { requests: quoteRequests(items), connections: 50, duration });
  } else {
    // A signed-in customer's home page is rendered for them; an anonymous one may be shared.
    const signedIn = route !== "home";
    const visitors = signedIn ? await prepareVisitors(database.url, app.url) : null;
    const dispatch =
      route.startsWith("driver") || drivers
        ? await prepareDispatchScale(database.url, app.url, [drivers || 3000, drivers / 4 || 800, 10, 1, 1])
        : null;
    const cookie = route.startsWith("driver")
      ? dispatch.reader.cookie
      : route.startsWith("admin-")
        ? visitors?.adminCookie
        : visitors?.customerCookie;
    const headers = { "accept-encoding": "gzip, deflate, br", ...(cookie ? { cookie } : {}) };
    const page = PAGES[route];
    what = `GET ${page} ${signedIn ? "(signed in)" : "(anonymous)"}, gzip`;
    await warm(app.url, [{ method: "GET", path: page, headers }]);
    run = await hammer(app.url, { path: page, headers, connections: 50, duration });
  }
} finally {
  await app.stop();
  await database.stop();
}
// The server's own profile: the largest (tsx's loader thread writes a small one too).
const file = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith(".cpuprofile"))
  .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)[0];
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
const group = (url) => {
  if (!url) return "(native / idle / gc)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "node core";
  return path.relative(process.cwd(), url.replace("file://", ""));
};
const byGroup = new Map();
const byFunction = new Map();
for (const [id, micros] of selfMicros) {
  const { callFrame } = byId.get(id);
  const g = group(callFrame.url);
  byGroup.set(g, (byGroup.get(g) ?? 0) + micros);
  const f = `${callFrame.functionName || "(anonymous)"} ${g}:${callFrame.lineNumber + 1}`;
  byFunction.set(f, (byFunction.get(f) ?? 0) + micros);
}
const pct = (micros) => `${((micros / total) * 100).toFixed(1).padStart(5)} %`;
console.log(
  `${what}, 50 connections, ${duration} s: ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors} (statuses ${JSON.stringify(run.statuses)})`,
);
console.log(`\nself time by package or file (profile ${path.join(dir, file)})`);
for (const [g, micros] of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(micros)}  ${g}`);
console.log("\nhottest functions (self time)");
for (const [f, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(micros)}  ${f}`);

// Total (inclusive) time under a few callers that name a part of the work.
const children = new Map(profile.nodes.map((node) => [node.id, node.children ?? []]));
function inclusive(id) {
  let sum = selfMicros.get(id) ?? 0;
  for (const child of children.get(id)) sum += inclusive(child);
  return sum;
}
const PARTS = {
  "React render (renderToPipeableStream's work)":
    /^(renderRootSync|performWork|renderNodeDestructive|retryNode|performUnitOfWork)$/,
  "Remix request handling (handleDocumentRequest)": /^handleDocumentRequest/,
  loaders: /^(callRouteLoader|loadRouteData|callLoaderOrAction)$/,
  "session (getSession)": /^(getSession|getSessionUser)$/,
  "honeypot (getInputProps)": /^getInputProps$/,
  "compression (zlib)": /^(processCallback|_processChunk|zlibBufferSync|_write|Zlib)$/,
  "access log (accessLogLine)": /^accessLogLine$/,
  "Prisma queries": /^(\$transaction|_request|executeQuery|_executeRequest)$/,
};
console.log("\ninclusive time under (outermost call of each name; nested calls not counted twice)");
for (const [label, pattern] of Object.entries(PARTS)) {
  let sum = 0;
  const walk = (id, inside) => {
    const node = byId.get(id);
    const matches = pattern.test(node.callFrame.functionName);
    if (matches && !inside) sum += inclusive(id);
    for (const child of children.get(id)) walk(child, inside || matches);
  };
  walk(profile.nodes[0].id, false);
  console.log(`${pct(sum)}  ${label}`);
}
process.exit(0);
