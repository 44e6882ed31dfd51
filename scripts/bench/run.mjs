#!/usr/bin/env node
// `npm run bench`: the speed figures of docs/PERFORMANCE.md in one table. Not a test.
// Builds if needed, serves the production build on 127.0.0.1 against a seeded database of its
// own (dropped afterwards), then measures:
//   js          gzipped JavaScript each key page downloads in Chromium, against performance-budget.json
//   lighthouse  Lighthouse mobile: the four scores, LCP, CLS, TBT of the public pages
//   load        autocannon: GET /, a bare page, POST /api/quotes/calculate and GET /healthz
//   growth      quote latency with 0, 10, 100 items; admin pages' server time at 100, 10k, 100k bookings
// Options: --only js,load   --duration 15 (s per load run)   --connections 50   --port 4400
//          --volumes 100,10000,100000   --json <file> (also write the figures as JSON)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { keyPages, measureJs } from "./js-size.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { hammer, quoteRequests, warm } from "./load.mjs";
import { seedVolume } from "./seed-volume.mjs";
import { prepareVisitors, root, startApp, startDatabase } from "./server.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : fallback;
};
const PARTS = ["js", "lighthouse", "load", "growth"];
const only = option("only", PARTS.join(",")).split(",");
for (const part of only) if (!PARTS.includes(part)) throw new Error(`--only takes ${PARTS.join(", ")}, not "${part}"`);
const DURATION = Number(option("duration", 15));
const CONNECTIONS = Number(option("connections", 50));
const PORT = Number(option("port", 4400));
const VOLUMES = option("volumes", "100,10000,100000").split(",").map(Number);
const JSON_OUT = option("json", null);

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

const database = await startDatabase();
const app = await startApp(database.url, PORT);
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

  if (only.includes("load")) {
    console.error(`Load: ${CONNECTIONS} connections, ${DURATION} s per route ...`);
    await warm(app.url, quoteRequests());
    await warm(app.url, [{ method: "GET", path: "/" }]);
    const runs = {
      healthz: await hammer(app.url, { path: "/healthz", connections: CONNECTIONS, duration: DURATION }),
      quote: await hammer(app.url, { requests: quoteRequests(), connections: CONNECTIONS, duration: DURATION }),
      home: await hammer(app.url, { path: "/", connections: CONNECTIONS, duration: DURATION }),
      bare: await hammer(app.url, { path: "/terms-and-conditions", connections: CONNECTIONS, duration: DURATION }),
    };
    figures.load = runs;
    const line = (run) => `${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors}`;
    const quoteRatio = runs.quote.rps / runs.healthz.rps;
    const homeRatio = runs.home.rps / runs.bare.rps;
    row("Load (autocannon)", "GET /healthz", line(runs.healthz));
    row(
      "Load (autocannon)",
      "POST /api/quotes/calculate",
      `${line(runs.quote)} (${quoteRatio.toFixed(2)}x /healthz)`,
      ">= 0.5x, p99 <= 100 ms",
      mark(quoteRatio >= 0.5 && runs.quote.p99 <= 100 && runs.quote.errors === 0),
    );
    row(
      "Load (autocannon)",
      "GET / (home)",
      `${line(runs.home)} (${homeRatio.toFixed(2)}x bare page)`,
      ">= 0.4x, p99 <= 300 ms",
      mark(homeRatio >= 0.4 && runs.home.p99 <= 300 && runs.home.errors === 0),
    );
    row("Load (autocannon)", "GET /terms-and-conditions (bare page)", line(runs.bare));
  }

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
      for (const page of ["/admin/bookings", "/admin/users", "/admin/payments"]) {
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
  }
} finally {
  await app.stop();
  await database.stop();
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
