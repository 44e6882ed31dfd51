#!/usr/bin/env node
// Where a page's CPU goes between the app and PostgreSQL: serves the production build with the
// demo's data (and, for /driver pages, a dispatch data set of 3,000 drivers and 800 open jobs),
// loads each route for a while (autocannon, 50 connections) and reads from /proc the CPU time
// the app's process (all its threads: compression and the collector too) and every PostgreSQL
// process used, per request.
//   node scripts/bench/cpu-split.mjs "/driver|br;/driver|gzip;/admin/bookings|identity" [--duration 10]
// Each route is a path and the Accept-Encoding asked with ("br" by default); the admin pages
// as the demo's admin, the others as a driver with about 40 offers.
import fs from "node:fs";
import { cpuMsOf } from "./dispatch-scale.mjs";
import { hammer, warm } from "./load.mjs";
import { prepareDispatchScale, prepareVisitors, startApp, startDatabase } from "./server.mjs";

const argv = process.argv.slice(2);
const duration = Number(argv.includes("--duration") ? argv[argv.indexOf("--duration") + 1] : 10);
const routes = (argv[0] ?? "/driver;/admin/dashboard;/admin/bookings").split(";").map((spec) => {
  const [path, encoding = "br"] = spec.split("|");
  return { path, encoding };
});

/** Every PostgreSQL process's CPU time so far, in ms. */
function postgresCpuMs() {
  let total = 0;
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/stat`, "utf8").includes("(postgres)")) total += cpuMsOf(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const database = await startDatabase({ seed: true });
const app = await startApp(database.url, 4430);
try {
  const visitors = await prepareVisitors(database.url, app.url);
  const dispatch = routes.some((route) => !route.path.startsWith("/admin"))
    ? await prepareDispatchScale(database.url, app.url, [3000, 800, 10, 1, 1])
    : null;
  for (const { path, encoding } of routes) {
    const cookie = path.startsWith("/admin") ? visitors.adminCookie : dispatch.reader.cookie;
    const headers = { "accept-encoding": encoding, cookie };
    await warm(app.url, [{ method: "GET", path, headers }]);
    const [appBefore, postgresBefore] = [cpuMsOf(app.pid), postgresCpuMs()];
    const run = await hammer(app.url, { path, headers, connections: 50, duration });
    const [appMs, postgresMs] = [cpuMsOf(app.pid) - appBefore, postgresCpuMs() - postgresBefore];
    const bytes = (await (await fetch(`${app.url}${path}`, { headers: { cookie } })).text()).length;
    console.log(
      `${path} (${encoding}): ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, errors ${run.errors}; ` +
        `CPU a request: app ${(appMs / run.total).toFixed(1)} ms, PostgreSQL ${(postgresMs / run.total).toFixed(1)} ms; ` +
        `${Math.round(bytes / 1024)} KB of HTML`,
    );
  }
} finally {
  await app.stop();
  await database.stop();
}
process.exit(0); // autocannon and the pools keep handles open
