#!/usr/bin/env node
// Size check (not a test): the gzipped JavaScript each page downloads before it runs, read
// from the production build's Remix manifest, against a budget for cheap phones.
//   npm run check:size            (builds if needed; exits 1 when a page is over budget)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { buildDir, buildIfNeeded } from "./lib/build.mjs";
import { root } from "./lib/database.mjs";

// React + the Remix runtime are ~84 KB; zod + conform (validation as you type) ~24 KB on
// pages with forms; the rest is the page's own code.
const BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 140);
// Route ids as the build names them (route-config.ts: area folders end in "+").
const PAGES = {
  "/": "routes/_quote+/_index/route",
  "/calculator": "routes/_quote+/calculator",
  "/quote": "routes/_quote+/quote",
  "/distance-calculator": "routes/_quote+/distance-calculator/route",
  "/driver-registration": "routes/driver-registration",
  "/signin": "routes/_auth+/signin",
  "/terms-and-conditions": "routes/terms-and-conditions",
  "/checkout": "routes/_checkout+/checkout",
  "/stripe-checkout": "routes/_checkout+/stripe-checkout",
  "/embedded-checkout": "routes/_checkout+/embedded-checkout",
  "/paypal-checkout": "routes/_checkout+/paypal-checkout",
  "/booking-confirmation": "routes/_checkout+/booking-confirmation",
};

await buildIfNeeded();
const clientDir = path.join(root, buildDir, "client");
const manifestFile = fs.readdirSync(path.join(clientDir, "assets")).find((file) => /^manifest-.*\.js$/.test(file));
const source = fs.readFileSync(path.join(clientDir, "assets", manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const gzipped = new Map();
function gzipSize(url) {
  if (!gzipped.has(url)) gzipped.set(url, zlib.gzipSync(fs.readFileSync(path.join(clientDir, url))).length);
  return gzipped.get(url);
}
const scriptsOf = (entry) => [entry.module, ...(entry.imports ?? [])];

let over = 0;
console.log(`gzipped JavaScript per page (budget ${BUDGET_KB} KB)`);
for (const [page, routeId] of Object.entries(PAGES)) {
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`No route ${routeId} in the build (renamed? update PAGES)`);
  const urls = new Set([...scriptsOf(manifest.entry), ...scriptsOf(manifest.routes.root), ...scriptsOf(route)]);
  const kb = [...urls].reduce((sum, url) => sum + gzipSize(url), 0) / 1024;
  if (kb > BUDGET_KB) over++;
  console.log(`${kb > BUDGET_KB ? "OVER" : "ok  "}  ${page.padEnd(24)} ${kb.toFixed(1).padStart(6)} KB`);
}
process.exit(over ? 1 : 0);
