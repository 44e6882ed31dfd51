#!/usr/bin/env node
// `npm run bench`: the speed figures of docs/PERFORMANCE.md in one table. Not a test.
// Builds if needed, serves the production build on 127.0.0.1 against a seeded database of its
// own (dropped afterwards), then measures:
//   js          gzipped JavaScript each key page downloads in Chromium, against performance-budget.json
//   lighthouse  Lighthouse mobile: the four scores, LCP, CLS, TBT of the public pages
//   load        autocannon: GET /, a bare page, POST /api/quotes/calculate and GET /healthz
//   growth      quote latency with 0, 10, 100 items; admin pages' server time at 100, 10k, 100k bookings
//   workers     the rendered GET / and the quote API with WEB_CONCURRENCY=1 and 2 (restarted for each)
//   dispatch-scale  (only when asked) the national data set: 20,000 drivers over real postcode
//               districts, 5,000 open jobs, 2 million bookings; a driver's open jobs against the
//               anchor; 3,000 drivers' pages live while jobs are taken; a burst of jobs opening
//               at 2,000 and 20,000 drivers; the admin pages at 2 million bookings
//   burst       200 bookings paid at once (each confirmed twice): the pages' open-loop p99 meanwhile,
//               and how long until every confirmation e-mail is sent, once each; the
//               anchor under the same three streams first, as the machine's floor
// The load figures are read beside the speed anchor (a bare Remix app, scripts/bench/anchor.mjs)
// served in the same run: capacity with 50 closed-loop connections, and latency open-loop
// (requests on a clock, timed from when each was due).
// Options: --only js,load   --duration 15 (s per load run)   --connections 50   --port 4400
//          --drivers 20000 --open-jobs 5000 --burst-jobs 1000 --connected 300,1000,3000
//          --take-rate 5 --take-seconds 60 --dispatch-bookings 2000000 (dispatch-scale)
//          --volumes 100,10000,100000   --burst 200   --burst-spread 2000 (ms; 0 = all at once)
//          --json <file> (also write the figures as JSON)
// BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" passes Node options to the app served.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startAnchor } from "./anchor.mjs";
import { measureFanOut } from "./dispatch-scale.mjs";
import { keyPages, measureJs } from "./js-size.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { hammer, quoteRequests, warm } from "./load.mjs";
import { openLoop } from "./open-loop.mjs";
import { seedVolume } from "./seed-volume.mjs";
import {
  appEnv,
  prepareBurst,
  prepareDispatchScale,
  prepareVisitors,
  root,
  startApp,
  startDatabase,
} from "./server.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : fallback;
};
const PARTS = ["js", "lighthouse", "load", "workers", "burst", "growth", "dispatch-scale"];
/** Run unless --only names others; dispatch-scale (long) only when named. */
const DEFAULT_PARTS = PARTS.filter((part) => part !== "dispatch-scale");
const only = option("only", DEFAULT_PARTS.join(",")).split(",");
for (const part of only) if (!PARTS.includes(part)) throw new Error(`--only takes ${PARTS.join(", ")}, not "${part}"`);
const DURATION = Number(option("duration", 15));
const CONNECTIONS = Number(option("connections", 50));
const PORT = Number(option("port", 4400));
const VOLUMES = option("volumes", "100,10000,100000").split(",").map(Number);
const JSON_OUT = option("json", null);
const BURST = Number(option("burst", 200));
/** Over how many ms the burst's confirmations arrive (0: all in the same instant). */
const BURST_SPREAD_MS = Number(option("burst-spread", 2000));
/** Payments confirmed on the burst's instance before it is measured (it is a running one). */
const WARM_UP_PAYMENTS = 20;
const APP_NODE_ARGS = process.env.BENCH_APP_NODE_ARGS?.split(" ").filter(Boolean) ?? [];

const budget = JSON.parse(fs.readFileSync(path.join(root, "performance-budget.json"), "utf8"));
const rows = [];
const figures = { machine: machine(), started: new Date().toISOString() };
const row = (section, what, value, target = "", verdict = "") => {
  rows.push({ section, what, value, target, verdict });
  // As each figure comes (a long run that fails late still shows what it measured).
  console.error(`  [${section}] ${what}: ${value}${target ? `  (${target})` : ""}${verdict ? `  ${verdict}` : ""}`);
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify({ ...figures, rows }, null, 2));
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;
const mark = (ok) => (ok ? "ok" : "MISSED");
const fixed = (value, digits) => (typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "n/a");

function machine() {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    load: os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" "),
  };
}

const loadNow = () => os.loadavg()[0].toFixed(2);
const capacityLine = (run) =>
  `${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors}; client CPU ${Math.round(run.clientCpuPercent)} %, load ${run.load}`;
const openLine = (run) =>
  `p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, max ${ms(run.max)}, errors ${run.errors}, sent ${run.achievedRate.toFixed(0)}/s; client CPU ${Math.round(run.clientCpuPercent)} %, load ${run.load}`;
const withLoad = async (promise) => ({ ...(await promise), load: loadNow() });

/** The speed anchor served beside the app; null (said why) when it cannot be. */
const serveAnchor = () =>
  startAnchor(PORT + 100).catch((error) => {
    console.error(`The speed anchor could not be served: ${error.message}`);
    return null;
  });

/** Capacity (closed loop) and open-loop latency of GET / and the quote API, beside the anchor's. */
async function measureLoad(app, visitor) {
  const anchor = await serveAnchor();
  try {
    // Pages are asked for as a browser asks (compressed); the same client for both apps.
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const signedIn = { ...browser, cookie: visitor.customerCookie };
    await warm(app.url, quoteRequests());
    await warm(app.url, [{ method: "GET", path: "/", headers: browser }]);
    await warm(app.url, [{ method: "GET", path: "/", headers: signedIn }]);
    await warm(app.url, [{ method: "GET", path: "/bookings", headers: signedIn }]);
    if (anchor) await warm(anchor.url, [{ method: "GET", path: "/", headers: browser }]);
    console.error(`Capacity: ${CONNECTIONS} connections, ${DURATION} s per route, in turn ...`);
    const capacity = (url, options) =>
      withLoad(hammer(url, { connections: CONNECTIONS, duration: DURATION, ...options }));
    const runs = {
      anchor: anchor ? await capacity(anchor.url, { path: "/", headers: browser }) : null,
      home: await capacity(app.url, { path: "/", headers: browser }),
      anchorIdentity: anchor ? await capacity(anchor.url, { path: "/" }) : null,
      homeIdentity: await capacity(app.url, { path: "/" }),
      homeSignedIn: await capacity(app.url, { path: "/", headers: signedIn }),
      bookingsSignedIn: await capacity(app.url, { path: "/bookings", headers: signedIn }),
      healthz: await capacity(app.url, { path: "/healthz" }),
      quote: await capacity(app.url, { requests: quoteRequests() }),
    };
    console.error(`Open loop: ${DURATION} s per rate ...`);
    const open = (url, rate, requests) => withLoad(openLoop(url, { rate, duration: DURATION, requests }));
    const openRuns = {
      anchor50: anchor ? await open(anchor.url, 50, [{ path: "/", headers: browser }]) : null,
      home50: await open(app.url, 50, [{ path: "/", headers: browser }]),
      home100: await open(app.url, 100, [{ path: "/", headers: browser }]),
      homeSignedIn50: await open(app.url, 50, [{ path: "/", headers: signedIn }]),
      bookingsSignedIn50: await open(app.url, 50, [{ path: "/bookings", headers: signedIn }]),
      quote50: await open(app.url, 50, quoteRequests()),
      quote100: await open(app.url, 100, quoteRequests()),
    };
    figures.load = { ...runs, open: openRuns };

    const section = "Capacity (autocannon, closed loop)";
    const homeRatio = runs.anchor ? runs.home.rps / runs.anchor.rps : NaN;
    const quoteRatio = runs.quote.rps / runs.healthz.rps;
    if (runs.anchor) row(section, "GET / of the anchor (bare Remix), gzip", capacityLine(runs.anchor));
    else row(section, "GET / of the anchor (bare Remix)", `not measured: no ${ANCHOR_NOTE}`);
    row(
      section,
      "GET / (anonymous), gzip",
      `${capacityLine(runs.home)} (${fixed(homeRatio, 2)}x the anchor)`,
      ">= 0.5x the anchor",
      runs.anchor ? mark(homeRatio >= 0.5 && runs.home.errors === 0) : "no anchor",
    );
    if (runs.anchorIdentity) row(section, "GET / of the anchor, uncompressed", capacityLine(runs.anchorIdentity));
    const identityRatio = runs.anchorIdentity ? runs.homeIdentity.rps / runs.anchorIdentity.rps : NaN;
    row(
      section,
      "GET / (anonymous), uncompressed",
      `${capacityLine(runs.homeIdentity)} (${fixed(identityRatio, 2)}x the anchor)`,
      ">= 0.5x the anchor",
      runs.anchorIdentity ? mark(identityRatio >= 0.5 && runs.homeIdentity.errors === 0) : "no anchor",
    );
    // Pages rendered for one person: half the anchor's rate at least.
    for (const [label, run] of [
      ["GET / (signed in, rendered), gzip", runs.homeSignedIn],
      ["GET /bookings (signed in), gzip", runs.bookingsSignedIn],
    ]) {
      const ratio = runs.anchor ? run.rps / runs.anchor.rps : NaN;
      row(
        section,
        label,
        `${capacityLine(run)} (${fixed(ratio, 2)}x the anchor)`,
        ">= 0.5x the anchor",
        runs.anchor ? mark(ratio >= 0.5 && run.errors === 0) : "no anchor",
      );
    }
    row(section, "GET /healthz", capacityLine(runs.healthz));
    row(
      section,
      "POST /api/quotes/calculate",
      `${capacityLine(runs.quote)} (${quoteRatio.toFixed(2)}x /healthz)`,
      ">= 0.6x /healthz",
      mark(quoteRatio >= 0.6 && runs.quote.errors === 0),
    );

    const openSection = "Latency (open loop: requests on a clock, timed from when due)";
    if (openRuns.anchor50) row(openSection, "GET / of the anchor @ 50/s", openLine(openRuns.anchor50));
    row(
      openSection,
      "GET / (anonymous) @ 50/s",
      openLine(openRuns.home50),
      "p99 <= 150 ms",
      mark(openRuns.home50.p99 <= 150 && openRuns.home50.errors === 0),
    );
    row(openSection, "GET / (anonymous) @ 100/s", openLine(openRuns.home100));
    for (const [label, run] of [
      ["GET / (signed in) @ 50/s", openRuns.homeSignedIn50],
      ["GET /bookings (signed in) @ 50/s", openRuns.bookingsSignedIn50],
    ])
      row(openSection, label, openLine(run), "p99 <= 150 ms", mark(run.p99 <= 150 && run.errors === 0));
    row(openSection, "POST /api/quotes/calculate @ 50/s", openLine(openRuns.quote50));
    row(
      openSection,
      "POST /api/quotes/calculate @ 100/s",
      openLine(openRuns.quote100),
      "p99 <= 100 ms",
      mark(openRuns.quote100.p99 <= 100 && openRuns.quote100.errors === 0),
    );
  } finally {
    await anchor?.stop();
  }
}

/**
 * The rendered home page (a signed-in customer's: the anonymous one is shared) and the quote API
 * with 1 and 2 worker processes (WEB_CONCURRENCY), each on a fresh start, as a browser asks.
 */
async function measureWorkers(databaseUrl, visitor) {
  figures.workers = {};
  const signedIn = { "accept-encoding": "gzip, deflate, br", cookie: visitor.customerCookie };
  for (const workers of [1, 2]) {
    console.error(`Workers: WEB_CONCURRENCY=${workers} ...`);
    const instance = await startApp(databaseUrl, PORT + 50 + workers, {
      extraEnv: { WEB_CONCURRENCY: String(workers) },
    });
    try {
      await warm(instance.url, quoteRequests());
      await warm(instance.url, [{ method: "GET", path: "/", headers: signedIn }]);
      const capacity = (options) =>
        withLoad(hammer(instance.url, { connections: CONNECTIONS, duration: DURATION, ...options }));
      const runs = {
        home: await capacity({ path: "/", headers: signedIn }),
        quote: await capacity({ requests: quoteRequests() }),
      };
      figures.workers[workers] = runs;
      const name = `${workers} worker${workers > 1 ? "s" : ""}`;
      row("Workers (WEB_CONCURRENCY, capacity)", `${name}: GET / (signed in, rendered), gzip`, capacityLine(runs.home));
      row("Workers (WEB_CONCURRENCY, capacity)", `${name}: POST /api/quotes/calculate`, capacityLine(runs.quote));
    } finally {
      await instance.stop();
    }
  }
}

/**
 * Counts the e-mails arriving in the app's local outbox to these addresses, by address. Reads
 * each file once, without blocking: this process also times the pages' requests.
 */
function outboxWatcher(outboxDir, addresses) {
  const wanted = new Set(addresses);
  const counts = new Map();
  const seen = new Set();
  return async function read() {
    const files = await fs.promises.readdir(outboxDir).catch(() => []);
    for (const file of files) {
      if (!file.endsWith(".json") || seen.has(file)) continue;
      seen.add(file);
      const { to } = JSON.parse(await fs.promises.readFile(path.join(outboxDir, file), "utf8"));
      if (wanted.has(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    return counts;
  };
}

/**
 * A burst of payments: BURST bookings paid in the sandbox are confirmed at once, each
 * twice (the browser's return and a retry), while the pages take their open-loop load. The
 * pages' p99 meanwhile, and how long until every confirmation is in the outbox, once each.
 */
async function measureBurst(databaseUrl, visitor) {
  // Served as production serves it: a worker per core (WEB_CONCURRENCY's default there), each
  // running the queue's workers too.
  const workers = os.availableParallelism();
  const app = await startApp(databaseUrl, PORT + 60, {
    nodeArgs: APP_NODE_ARGS,
    extraEnv: { WEB_CONCURRENCY: String(workers) },
  });
  try {
    await burstOn(app, databaseUrl, visitor, workers);
  } finally {
    await app.stop();
  }
}

/**
 * Confirms one sandbox payment as the browser does on its return from paying; the HTTP status
 * (0: no answer). Sent with node:http, not fetch: the bench shares the machine with the app,
 * and fetch's own CPU for 400 requests in two seconds (half a core) was felt by the pages.
 */
function postConfirmation(baseUrl, { cookie, paymentIntentId }) {
  const body = JSON.stringify({ paymentIntentId });
  return new Promise((resolve) => {
    const request = http.request(
      `${baseUrl}/api/confirm-booking`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          cookie,
          origin: baseUrl,
        },
        timeout: 60_000,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", () => resolve(0));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => resolve(0));
    request.end(body);
  });
}

/** Confirms these payments a few at a time and waits (up to a minute) for their e-mails. */
async function warmUpConfirmations(baseUrl, bookings, outboxDir) {
  for (let start = 0; start < bookings.length; start += 4)
    await Promise.all(bookings.slice(start, start + 4).map((booking) => postConfirmation(baseUrl, booking)));
  const readOutbox = outboxWatcher(
    outboxDir,
    bookings.map((booking) => booking.email),
  );
  const started = performance.now();
  while ((await readOutbox()).size < bookings.length && performance.now() - started < 60_000)
    await new Promise((resolve) => setTimeout(resolve, 250));
}

/**
 * The machine's floor for the burst's figures: the bare Remix anchor under the same three
 * open-loop streams of 50/s (on its one page), with no burst, in the same run. The worst of
 * the three streams (by p99) is returned; null when the anchor is not on this machine.
 */
async function anchorUnderThreeStreams(headers, duration) {
  const anchor = await serveAnchor();
  if (!anchor) return null;
  try {
    await warm(anchor.url, [{ method: "GET", path: "/", headers }]);
    console.error("Burst: the anchor under the same three streams, for the machine's floor ...");
    const streams = await Promise.all(
      [0, 1, 2].map(() => withLoad(openLoop(anchor.url, { rate: 50, duration, requests: [{ path: "/", headers }] }))),
    );
    return streams.reduce((worst, run) => (run.p99 > worst.p99 ? run : worst));
  } finally {
    await anchor.stop();
  }
}

async function burstOn(app, databaseUrl, visitor, workers) {
  console.error(`Burst: preparing ${BURST} bookings paid in the sandbox ...`);
  // The bench's own outbox, emptied: only this burst's e-mails are read.
  const outboxDir = appEnv(databaseUrl, 0).OUTBOX_DIR;
  fs.rmSync(outboxDir, { recursive: true, force: true });
  const prepared = await prepareBurst(databaseUrl, app.url, BURST + WARM_UP_PAYMENTS);
  const paid = prepared.slice(WARM_UP_PAYMENTS);
  const browser = { "accept-encoding": "gzip, deflate, br" };
  const signedIn = { ...browser, cookie: visitor.customerCookie };
  // The burst comes to a running instance, not a cold one: every request measured has been served
  // before (each worker compiles its code paths and Prisma its query plans the first time), and a
  // few payments confirmed and e-mailed. Their e-mails are in before the measuring starts.
  await warmUpConfirmations(app.url, prepared.slice(0, WARM_UP_PAYMENTS), outboxDir);
  await warm(app.url, [{ method: "GET", path: "/", headers: browser }]);
  await warm(app.url, [{ method: "GET", path: "/bookings", headers: signedIn }]);
  await warm(app.url, quoteRequests());
  const duration = Math.max(10, DURATION);
  const anchorFloor = await anchorUnderThreeStreams(browser, duration);
  const pages = [
    ["GET / (anonymous) @ 50/s", [{ path: "/", headers: browser }], 150],
    ["GET /bookings (signed in) @ 50/s", [{ path: "/bookings", headers: signedIn }], 150],
    ["POST /api/quotes/calculate @ 50/s", quoteRequests(), 100],
  ];
  const clientDelay = monitorEventLoopDelay({ resolution: 10 });
  clientDelay.enable();
  const loads = pages.map(([, requests]) => withLoad(openLoop(app.url, { rate: 50, duration, requests })));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  console.error(`Burst: ${paid.length * 2} confirmations within ${BURST_SPREAD_MS} ms ... (at ${Date.now()})`);
  const started = performance.now();
  // Evenly over the spread, each booking's two calls (the return from paying, and a retry) together.
  const confirm = async (booking, index) => {
    await new Promise((resolve) => setTimeout(resolve, (index * BURST_SPREAD_MS) / paid.length));
    return postConfirmation(app.url, booking);
  };
  const statuses = await Promise.all(
    paid.flatMap((booking, index) => [confirm(booking, index), confirm(booking, index)]),
  );
  const answeredMs = performance.now() - started;
  const readOutbox = outboxWatcher(
    outboxDir,
    paid.map((booking) => booking.email),
  );
  let counts = await readOutbox();
  while (counts.size < paid.length && performance.now() - started < 180_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    counts = await readOutbox();
  }
  const sentMs = performance.now() - started;
  const results = await Promise.all(loads);
  clientDelay.disable();
  console.error(`Burst: the bench's own event loop was held up to ${Math.round(clientDelay.max / 1e6)} ms`);
  const twice = [...counts.values()].filter((count) => count > 1).length;
  const ok = statuses.filter((status) => status === 200).length;
  figures.burst = {
    spreadMs: BURST_SPREAD_MS,
    workers,
    bookings: paid.length,
    confirmations: statuses.length,
    ok,
    answeredMs,
    sentMs,
    twice,
    pages: results,
    anchor: anchorFloor,
  };

  const section = `Burst: ${paid.length} bookings paid ${BURST_SPREAD_MS ? `within ${BURST_SPREAD_MS / 1000} s` : "at once"}, ${workers} workers`;
  row(
    section,
    `${statuses.length} confirmations (each booking twice)`,
    `${ok} answered 200 in ${(answeredMs / 1000).toFixed(1)} s`,
    "all 200",
    mark(ok === statuses.length),
  );
  row(
    section,
    "confirmation e-mails in the outbox",
    `${counts.size} of ${paid.length} after ${(sentMs / 1000).toFixed(1)} s; ${twice} sent twice`,
    "all, once each",
    mark(counts.size === paid.length && twice === 0),
  );
  if (anchorFloor) row(section, "GET / of the anchor (bare Remix), 3 × 50/s, no burst", openLine(anchorFloor));
  else row(section, "GET / of the anchor (bare Remix)", `not measured: no ${ANCHOR_NOTE}`);
  pages.forEach(([label, , target], index) => {
    const run = results[index];
    const ratio = anchorFloor ? ` (p99 ${fixed(run.p99 / anchorFloor.p99, 1)}x the anchor's)` : "";
    row(
      section,
      `${label} meanwhile`,
      `${openLine(run)}${ratio}`,
      `p99 <= ${target} ms`,
      mark(run.p99 <= target && run.errors === 0),
    );
  });
}

const ANCHOR_NOTE = "../shared/bench/baseline-remix (set BASELINE_REMIX_DIR)";

const database = await startDatabase();
// The queue's work (e-mails) is left to the burst's own instance, which runs as production does.
const app = await startApp(database.url, PORT, { nodeArgs: APP_NODE_ARGS, extraEnv: { JOB_WORKERS: "off" } });
try {
  const visitor = await prepareVisitors(database.url, app.url);
  const pages = keyPages(visitor);

  if (only.includes("js")) {
    console.error("Measuring JavaScript per page in Chromium ...");
    const js = await measureJs(app.url, pages);
    figures.js = js;
    for (const [page, { bytes }] of Object.entries(js)) {
      const limit = budget.javascriptKb[page];
      const target = budget.targetKb?.[page];
      const verdict = limit
        ? bytes > limit * 1024
          ? "OVER BUDGET"
          : target && bytes > target * 1024
            ? `within budget; target MISSED by ${kb(bytes - target * 1024)}`
            : "ok"
        : "";
      row(
        "JS gzipped",
        page,
        kb(bytes),
        limit ? `budget ${limit} KB${target ? `, target ${target} KB` : ""}` : "",
        verdict,
      );
    }
  }

  if (only.includes("lighthouse")) {
    console.error("Running Lighthouse (mobile) ...");
    const byName = Object.fromEntries(pages.map((page) => [page.name, page]));
    const lighthousePages = [
      byName["/"],
      byName["/quote"],
      byName["/driver-registration"],
      byName["/checkout"],
      { name: "/london-services", path: "/london-services" },
    ];
    const lh = await runLighthouse(app.url, lighthousePages, { debuggingPort: PORT + 9 });
    figures.lighthouse = lh;
    for (const [page, result] of Object.entries(lh)) {
      const { performance, accessibility, "best-practices": bestPractices, seo } = result.scores;
      const ok = performance >= 95 && accessibility === 100 && bestPractices >= 95 && seo === 100;
      row(
        "Lighthouse mobile",
        page,
        result.error
          ? `not measured: ${result.error.slice(0, 60)}`
          : `${performance} / ${accessibility} / ${bestPractices} / ${seo}  LCP ${fixed(result.lcpMs / 1000, 1)} s, CLS ${fixed(result.cls, 3)}, TBT ${fixed(result.tbtMs, 0)} ms`,
        "95+ / 100 / 95+ / 100",
        ok ? "ok" : `MISSED (${result.failing.join(", ")})`,
      );
    }
  }

  if (only.includes("load")) await measureLoad(app, visitor);
  if (only.includes("workers")) await measureWorkers(database.url, visitor);
  if (only.includes("burst")) await measureBurst(database.url, visitor);

  if (only.includes("growth")) {
    console.error("Cost growth: quote items ...");
    figures.growth = { quoteItems: {}, admin: {} };
    for (const items of [0, 10, 100]) {
      await warm(app.url, quoteRequests(items));
      const run = await hammer(app.url, {
        requests: quoteRequests(items),
        connections: 10,
        duration: Math.max(5, Math.round(DURATION / 2)),
      });
      figures.growth.quoteItems[items] = run;
      row(
        "Growth: quote items",
        `POST /api/quotes/calculate, ${items} items`,
        `p50 ${run.p50} ms, p99 ${run.p99} ms, ${Math.round(run.rps)} req/s (10 connections), errors ${run.errors}`,
      );
    }
    for (const volume of VOLUMES) {
      console.error(`Cost growth: admin pages at ${volume} bookings ...`);
      await seedVolume(database.url, volume);
      for (const page of ["/admin/dashboard", "/admin/bookings", "/admin/users", "/admin/payments"]) {
        const times = await serverTimes(`${app.url}${page}`, visitor.adminCookie, 30);
        figures.growth.admin[`${page} @ ${volume}`] = times;
        row(
          "Growth: admin pages",
          `${page} @ ${volume.toLocaleString("en-GB")} bookings`,
          `median ${ms(times.median)}, p95 ${ms(times.p95)}`,
          "< 100 ms",
          mark(times.median < 100),
        );
      }
    }
    await measureAdminCapacity(app, visitor, VOLUMES.at(-1));
  }
  if (only.includes("dispatch-scale")) await measureDispatchScale(app, database, visitor);
} finally {
  await app.stop();
  await database.stop();
}

/**
 * At the largest volume: the dashboard's and the bookings list's capacity (closed loop), each
 * against the anchor's GET / in the same run. Their totals are running totals (decision 016), so
 * this must not fall as the bookings grow.
 */
async function measureAdminCapacity(app, visitor, volume) {
  figures.growth ??= {};
  const anchor = await serveAnchor();
  try {
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const admin = { ...browser, cookie: visitor.adminCookie };
    const capacity = (url, options) =>
      withLoad(hammer(url, { connections: CONNECTIONS, duration: DURATION, ...options }));
    if (anchor) await warm(anchor.url, [{ method: "GET", path: "/", headers: browser }]);
    const anchorRun = anchor ? await capacity(anchor.url, { path: "/", headers: browser }) : null;
    figures.growth.capacity = { anchor: anchorRun };
    const section = "Growth: admin pages";
    if (anchorRun) row(section, "GET / of the anchor (bare Remix), gzip", capacityLine(anchorRun));
    for (const page of ["/admin/dashboard", "/admin/bookings"]) {
      await warm(app.url, [{ method: "GET", path: page, headers: admin }]);
      const run = await capacity(app.url, { path: page, headers: admin });
      figures.growth.capacity[page] = run;
      const ratio = anchorRun ? run.rps / anchorRun.rps : NaN;
      row(
        section,
        `${page} capacity @ ${volume.toLocaleString("en-GB")} bookings`,
        `${capacityLine(run)} (${fixed(ratio, 2)}x the anchor)`,
        ">= 0.5x the anchor",
        anchorRun ? mark(ratio >= 0.5 && run.errors === 0) : "no anchor",
      );
    }
  } finally {
    await anchor?.stop();
  }
}

/**
 * The national dispatch figures (docs/PERFORMANCE.md, docs/SCALE.md): the data set, a driver's
 * open jobs against the anchor, the live fan-out of takes at each number of pages connected, the
 * bursts of jobs opening, and the admin pages at the bookings' volume.
 */
async function measureDispatchScale(app, database, visitor) {
  const drivers = Number(option("drivers", 20000));
  const openJobs = Number(option("open-jobs", 5000));
  const burstJobs = Number(option("burst-jobs", 1000));
  const levels = option("connected", "300,1000,3000").split(",").map(Number);
  const rate = Number(option("take-rate", 5));
  const seconds = Number(option("take-seconds", 60));
  const volume = Number(option("dispatch-bookings", 2_000_000));
  const section = "Dispatch at national scale";
  console.error(`Dispatch scale: ${volume.toLocaleString("en-GB")} bookings ...`);
  await seedVolume(database.url, volume);
  console.error(`Dispatch scale: ${drivers} drivers, ${openJobs} open jobs, bursts of ${burstJobs} ...`);
  const takesNeeded = levels.length * rate * seconds;
  const data = await prepareDispatchScale(database.url, app.url, [
    drivers,
    openJobs,
    burstJobs,
    Math.max(...levels),
    takesNeeded,
  ]);
  figures.dispatchScale = { bursts: data.bursts, openOffers: data.openOffers, offerRows: data.offerRows };
  for (const burst of data.bursts)
    row(
      section,
      `${burst.jobs} jobs opening at once, ${burst.drivers.toLocaleString("en-GB")} drivers`,
      `offers worked out in ${ms(burst.ms)}: ${burst.offers.toLocaleString("en-GB")} offers, ${fixed(burst.ms / Math.max(1, burst.offers), 2)} ms per offer, ${fixed(burst.ms / burst.jobs, 1)} ms per job`,
      "not linear in the driver table",
    );
  row(
    section,
    `${openJobs} open jobs offered`,
    `${data.openOffers.toLocaleString("en-GB")} offers in ${ms(data.openOffersMs)}; ${data.offerRows.toLocaleString("en-GB")} offer rows stored`,
  );

  const anchor = await serveAnchor();
  try {
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const reader = { ...browser, cookie: data.reader.cookie };
    const capacity = (url, options) =>
      withLoad(hammer(url, { connections: CONNECTIONS, duration: DURATION, ...options }));
    if (anchor) await warm(anchor.url, [{ method: "GET", path: "/", headers: browser }]);
    const anchorRun = anchor ? await capacity(anchor.url, { path: "/", headers: browser }) : null;
    if (anchorRun) row(section, "GET / of the anchor (bare Remix), gzip", capacityLine(anchorRun));
    figures.dispatchScale.anchor = anchorRun;
    for (const page of ["/api/driver/offers", "/driver"]) {
      await warm(app.url, [{ method: "GET", path: page, headers: reader }]);
      const run = await capacity(app.url, { path: page, headers: reader });
      const open = await withLoad(
        openLoop(app.url, { rate: 50, duration: DURATION, requests: [{ path: page, headers: reader }] }),
      );
      figures.dispatchScale[page] = { capacity: run, open };
      const ratio = anchorRun ? run.rps / anchorRun.rps : NaN;
      row(
        section,
        `${page}, a driver with ${data.reader.offers} offers`,
        `${capacityLine(run)} (${fixed(ratio, 2)}x the anchor); open loop @ 50/s: p99 ${ms(open.p99)}, errors ${open.errors}`,
        ">= 0.5x the anchor",
        anchorRun ? mark(ratio >= 0.5 && run.errors === 0) : "no anchor",
      );
    }
  } finally {
    await anchor?.stop();
  }

  console.error(`Dispatch scale: the fan-out at ${levels.join(", ")} pages connected ...`);
  const fanOut = await measureFanOut({
    baseUrl: app.url,
    databaseUrl: database.url,
    serverPid: app.pid,
    connected: data.connected,
    takes: data.takes,
    levels,
    rate,
    seconds,
  });
  figures.dispatchScale.fanOut = fanOut;
  for (const run of fanOut)
    row(
      section,
      `${run.connected.toLocaleString("en-GB")} pages live, ${rate} takes/s for ${seconds} s`,
      `${run.takesWon} taken (${run.takesRefused} refused); ${run.deliveries} deliveries, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, max ${ms(run.max)}; missed ${run.missed}, to others ${run.stray}; server CPU ${fixed(run.serverCpuMsPerTake, 1)} ms per take (${Math.round(run.serverCpuPercent)} % of a core)`,
      "p99 <= 2 s, none missed, none to others",
      mark(run.p99 <= 2000 && run.missed === 0 && run.stray === 0),
    );
  if (!only.includes("growth")) await measureAdminCapacity(app, visitor, volume);
}

/** Time to the whole document (one request at a time, after 3 to warm up), in ms. */
async function serverTimes(url, cookie, count) {
  const times = [];
  for (let n = 0; n < count + 3; n++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (n >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

// The test suite's time, from the last whole `npm test` on this checkout (not run here: it takes minutes).
const testSummary = path.join(root, ".cache/test-reports/summary.json");
if (fs.existsSync(testSummary)) {
  const summary = JSON.parse(fs.readFileSync(testSummary, "utf8"));
  if (summary.whole)
    row(
      "npm test (its last whole run on this checkout)",
      `${summary.finishedAt.slice(0, 16).replace("T", " ")} UTC`,
      `${summary.seconds} s, ${summary.passed} passed, ${summary.failed} failed (${summary.steps.map((step) => `${step.name} ${step.seconds} s`).join(", ")})`,
      "<= 900 s",
      mark(summary.seconds <= 900 && summary.failed === 0),
    );
}

// ---------- the table
figures.finished = new Date().toISOString();
const m = figures.machine;
console.log(
  `\nEasyMove bench, ${figures.started.slice(0, 16).replace("T", " ")} UTC: ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB, Node ${m.node}, load average at start ${m.load}, after ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")}`,
);
const widths = ["what", "value", "target", "verdict"].map((key) =>
  Math.max(key.length, ...rows.map((r) => String(r[key]).length)),
);
let section = null;
for (const r of rows) {
  if (r.section !== section) {
    section = r.section;
    console.log(`\n${section}`);
  }
  console.log(
    `  ${r.what.padEnd(widths[0])}  ${r.value.padEnd(widths[1])}  ${r.target.padEnd(widths[2])}  ${r.verdict}`,
  );
}
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify({ ...figures, rows }, null, 2));
process.exit(0); // autocannon and the pools keep handles open
