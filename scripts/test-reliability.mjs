#!/usr/bin/env node
// `npm run test:reliability`: the resilience proof, one table at the end.
// 1. The reliability project (tests/reliability) in its full mode (RELIABILITY_FULL=1): a 30 s
//    load at 50 connections on the quote API and the home page, PostgreSQL stopped mid-load and
//    started again, two app instances on one database. Each file runs real processes: its own
//    embedded PostgreSQL cluster in a temporary folder and the production build (build-reliability).
// 2. The concurrency cases, which live in the integration tests (20 parallel posts each).
//   npm run test:reliability              the full run
//   npm run test:reliability -- --quick   the short load that `npm test` runs
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadDotEnv, root } from "./lib/database.mjs";
import { clusterUrl, startCluster } from "./lib/embedded-postgres.mjs";
import { run } from "./lib/run.mjs";

loadDotEnv();
const quick = process.argv.includes("--quick");
const reportDir = path.join(root, ".cache", "reliability");
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });

/** The concurrency cases: file, the test that makes 20 parallel posts, and what it proves. */
const CONCURRENCY = [
  {
    file: "tests/integration/checkout.test.ts",
    test: /20 times at once/,
    check: "20 parallel 'Proceed to Checkout' posts of one quote",
    proves: "one booking",
  },
  {
    file: "tests/integration/checkout-stripe.test.ts",
    test: /20 times at once/,
    check: "20 parallel confirmations of one payment",
    proves: "one confirmation, one e-mail",
  },
  {
    file: "tests/integration/admin-drivers.test.ts",
    test: /20 parallel approvals/,
    check: "20 parallel approvals of one driver",
    proves: "one account, one e-mail, one audit row",
  },
  {
    file: "tests/integration/cancellations.test.ts",
    test: /20 parallel cancels/,
    check: "20 parallel cancellations of one booking",
    proves: "one refund; 19 told it is already cancelled",
  },
];

const vitestArgs = (name) => [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reportDir, `${name}.json`)}`,
];

console.log(`━━ reliability (${quick ? "quick" : "full"}) ━━`);
const reliabilityCode = await run("vitest", [...vitestArgs("reliability"), "--project", "reliability"], {
  env: { ...process.env, RELIABILITY_FULL: quick ? "0" : "1", RELIABILITY_REPORT_DIR: reportDir },
});

console.log("\n━━ concurrency (integration tests) ━━");
// On a PostgreSQL of this run's own (unless one is configured), so that no other test run
// sharing the checkout's embedded server can stop it under these tests.
let privateCluster = null;
let privateFolder = null;
if (!process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL) {
  privateFolder = fs.mkdtempSync(path.join(os.tmpdir(), "easymove-reliability-concurrency-"));
  fs.chmodSync(privateFolder, 0o755); // root's cluster runs as `postgres`, which must enter it
  privateCluster = await startCluster({ root: privateFolder, log: () => {} });
}
let concurrencyCode = 1;
try {
  concurrencyCode = await run(
    "node",
    [
      "scripts/with-test-db.mjs",
      "vitest",
      ...vitestArgs("concurrency"),
      "--project",
      "integration",
      ...CONCURRENCY.map((entry) => entry.file),
    ],
    {
      env: { ...process.env, ...(privateCluster ? { TEST_DATABASE_URL: clusterUrl(privateCluster, "postgres") } : {}) },
    },
  );
} finally {
  await privateCluster?.stop();
  if (privateFolder) {
    fs.rmSync(privateFolder, { recursive: true, force: true });
    // Root's copy of the binaries, when `postgres` could not reach node_modules (as in tests/reliability/harness.ts).
    const id = `${path.basename(privateFolder)}-${crypto.createHash("sha256").update(path.resolve(privateFolder)).digest("hex").slice(0, 12)}`;
    fs.rmSync(path.join("/var/lib/easymove", id), { recursive: true, force: true });
  }
}

function readReport(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(reportDir, `${name}.json`), "utf8"));
  } catch {
    return null; // the runner failed before writing it
  }
}

/** Figures recorded by each reliability test (tests/reliability/report.ts), by file and test name. */
function recordedFigures() {
  const figures = new Map();
  for (const entry of fs.readdirSync(reportDir)) {
    if (!entry.endsWith(".json") || entry === "reliability.json" || entry === "concurrency.json") continue;
    const found = JSON.parse(fs.readFileSync(path.join(reportDir, entry), "utf8"));
    figures.set(`${found.file}::${found.test}`, found.figures);
  }
  return figures;
}

const rows = [];
const figures = recordedFigures();
const reliability = readReport("reliability");
for (const suite of reliability?.testResults ?? []) {
  const file = path.relative(root, suite.name);
  if (suite.assertionResults.length === 0)
    rows.push({ check: file, result: "FAIL", figures: [String(suite.message ?? "did not run").split("\n")[0]] });
  for (const test of suite.assertionResults) {
    const name = [...test.ancestorTitles, test.title].join(" > ");
    rows.push({
      check: `${path.basename(file, ".test.ts")}: ${test.title}`,
      result: test.status === "passed" ? "pass" : "FAIL",
      figures: figures.get(`${file}::${name}`) ?? [],
    });
  }
}
if (!reliability)
  rows.push({
    check: "tests/reliability",
    result: "FAIL",
    figures: [`vitest exited with ${reliabilityCode} before writing its report`],
  });

const concurrency = readReport("concurrency");
for (const entry of CONCURRENCY) {
  const suite = concurrency?.testResults.find((candidate) => path.relative(root, candidate.name) === entry.file);
  const test = suite?.assertionResults.find((candidate) => entry.test.test(candidate.title));
  const others = suite ? suite.assertionResults.filter((candidate) => candidate !== test) : [];
  const othersPassed = others.filter((candidate) => candidate.status === "passed").length;
  rows.push({
    check: entry.check,
    result: test?.status === "passed" ? "pass" : "FAIL",
    figures: [
      `exactly ${entry.proves} (${entry.file} › "${test?.title ?? "not found"}")`,
      `the file's other tests: ${othersPassed}/${others.length} passed`,
    ],
  });
}

// ------------------------------------------------------------------ the table
const free = spawnSync("free", ["-g"], { encoding: "utf8" }).stdout?.split("\n")[1]?.trim().split(/\s+/)[1];
console.log(`\n━━ reliability summary (${quick ? "quick" : "full"} run) ━━`);
console.log(
  `machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ${free ?? Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}, ${new Date().toISOString()}`,
);
const width = 46;
/** Words wrapped to `size` characters a line. */
function wrap(text, size) {
  const lines = [""];
  for (const word of text.split(" ")) {
    if (lines.at(-1).length > 0 && lines.at(-1).length + 1 + word.length > size) lines.push("");
    lines[lines.length - 1] += `${lines.at(-1).length > 0 ? " " : ""}${word}`;
  }
  return lines;
}
console.log(`${"check".padEnd(width)}  result  figures`);
console.log(`${"─".repeat(width)}  ──────  ${"─".repeat(70)}`);
for (const row of rows) {
  const checkLines = wrap(row.check, width);
  const figureLines = row.figures.length ? row.figures : [""];
  for (let index = 0; index < Math.max(checkLines.length, figureLines.length); index++) {
    const result = index === 0 ? row.result : "";
    console.log(
      `${(checkLines[index] ?? "").padEnd(width)}  ${result.padEnd(6)}  ${figureLines[index] ?? ""}`.trimEnd(),
    );
  }
}
const ok = reliabilityCode === 0 && concurrencyCode === 0 && rows.every((row) => row.result === "pass");
console.log(ok ? "\nEvery reliability check passed." : "\nSome reliability checks FAILED.");
process.exit(ok ? 0 : 1);
