#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, startup (a fresh private checkout's `npm start`),
// integration (real PostgreSQL), reliability (quick: load, database fault, two instances)
// and e2e (Playwright in Chromium), then one summary. The test databases are created per run (see with-test-db).
// Four phases, to stay within 15 minutes on two cores: typecheck, lint, unit and startup side by
// side; integration beside the reliability files that mostly wait; the other reliability files;
// e2e (`npm test -- unit e2e` runs only those steps).
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { buildDir, buildIfNeeded } from "./lib/build.mjs";
import { loadDotEnv, root, startEmbeddedPostgres } from "./lib/database.mjs";
import { run } from "./lib/run.mjs";

loadDotEnv();
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const reports = path.join(root, ".cache", "test-reports");
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

// Start (or reuse) one embedded server for the whole run, unless a server is configured.
const server = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? null : await startEmbeddedPostgres();
const env = { ...process.env, ...(server ? { TEST_DATABASE_URL: server.url } : {}) };

const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ""))
    .trim()
    .split("\n")[0]
    .slice(0, 300);

function readVitest(file) {
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  // Which tests failed, and why, for the summary (a CI log may keep only its tail).
  const failures = report.testResults.flatMap((suite) => {
    const tests = suite.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${path.relative(root, suite.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    return tests.length === 0 && suite.status === "failed"
      ? [`${path.relative(root, suite.name)}: ${firstLine(suite.message)}`]
      : tests;
  });
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

function playwrightFailures(suites, titles = []) {
  return (suites ?? []).flatMap((suite) => [
    ...playwrightFailures(suite.suites, [...titles, suite.title]),
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const error = spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error;
        return `${[...titles, suite.title, spec.title].filter(Boolean).join(" › ")}: ${firstLine(error?.message)}`;
      }),
  ]);
}

function readPlaywright(file) {
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  const { stats } = report;
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    failures: playwrightFailures(report.suites),
  };
}

const vitest = (project, { name = project, files = [], exclude = [] } = {}) => ({
  name,
  command: project === "integration" ? ["node", "scripts/with-test-db.mjs", "vitest"] : ["vitest"],
  args: [
    "run",
    "--project",
    project,
    ...files,
    ...exclude.flatMap((file) => ["--exclude", file]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reports}/${name}.json`,
  ],
  report: () => readVitest(`${reports}/${name}.json`),
});

// The reliability files that mostly wait (a minute of schedules; the mail server's outage and
// the retries after it) run beside the integration tests; the others, which load the machine,
// run alone.
const WAITING_RELIABILITY = ["tests/reliability/scale-out.test.ts", "tests/reliability/message-outage.test.ts"];
const reliabilityEnv = { RELIABILITY_BUILD_DIR: buildDir };

// Steps of one phase run side by side (the machine has two cores and some steps mostly wait):
// the first one's output is shown as it comes, the others' when each ends.
const steps = [
  { phase: 1, name: "typecheck", command: ["tsc"], args: [] },
  // ESLint (layers, cycles, hooks, accessibility), Prettier's check and knip (nothing dead).
  { phase: 1, name: "lint", command: ["npm"], args: ["run", "--silent", "lint"] },
  { phase: 1, ...vitest("unit") },
  { phase: 1, ...vitest("startup") },
  { phase: 2, ...vitest("integration") },
  // The quick reliability checks (short load, database fault, two instances, the outage), on the build e2e uses.
  {
    phase: 2,
    group: "reliability",
    before: buildIfNeeded,
    env: reliabilityEnv,
    ...vitest("reliability", { name: "reliability (waiting)", files: WAITING_RELIABILITY }),
  },
  {
    phase: 3,
    group: "reliability",
    before: buildIfNeeded,
    env: reliabilityEnv,
    ...vitest("reliability", { exclude: WAITING_RELIABILITY }),
  },
  {
    phase: 4,
    name: "e2e",
    before: buildIfNeeded,
    // Two workers, each on a database of its own (playwright.config.ts shards).
    command: ["node", "scripts/with-test-db.mjs", "--databases", process.env.E2E_WORKERS ?? "2", "playwright"],
    args: ["test"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` },
    report: () => readPlaywright(`${reports}/e2e.json`),
  },
].filter((step) => only.length === 0 || only.includes(step.group ?? step.name));

/** Runs one step: its output shown as it comes (`live`), or kept in a file and shown when it ends. */
async function runStep(step, live) {
  const started = Date.now();
  const logFile = path.join(reports, `${step.name.replace(/\W+/g, "-")}.log`);
  let code = 1;
  try {
    const [command, ...prefix] = step.command;
    const output = live ? null : fs.openSync(logFile, "w");
    try {
      code = await run(command, [...prefix, ...step.args], {
        env: { ...env, ...step.env, ...(live ? {} : { FORCE_COLOR: "0" }) },
        ...(output === null ? {} : { stdio: ["ignore", output, output] }),
      });
    } finally {
      if (output !== null) fs.closeSync(output);
    }
  } catch (error) {
    console.error(error.message);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  return { step, code, seconds, logFile: live ? null : logFile };
}

const results = [];
const runStarted = Date.now();
for (const phase of [...new Set(steps.map((step) => step.phase))]) {
  const inPhase = steps.filter((step) => step.phase === phase);
  // What a phase's steps need first (the build), once, before any of them starts.
  for (const before of new Set(inPhase.map((step) => step.before).filter(Boolean))) {
    try {
      await before();
    } catch (error) {
      console.error(error.message);
    }
  }
  const names = inPhase.map((step) => step.name);
  console.log(`\n━━ ${names[0]} ━━${names.length > 1 ? ` (beside it: ${names.slice(1).join(", ")})` : ""}`);
  const ran = await Promise.all(inPhase.map((step, index) => runStep(step, index === 0)));
  for (const { step, code, seconds, logFile } of ran) {
    if (logFile) {
      console.log(`\n━━ ${step.name} ━━ (ran beside ${names[0]})`);
      process.stdout.write(fs.readFileSync(logFile, "utf8"));
    }
    let counts = null;
    try {
      counts = step.report?.() ?? null;
    } catch {
      counts = null; // the runner failed before writing its report
    }
    results.push({ name: step.name, ok: code === 0, counts, seconds });
  }
}

await server?.stop();

console.log("\n━━ summary ━━");
let passed = 0;
let failed = 0;
let skipped = 0;
for (const result of results) {
  const counts = result.counts
    ? ` (${result.counts.passed} passed, ${result.counts.failed} failed${result.counts.skipped ? `, ${result.counts.skipped} skipped` : ""})`
    : "";
  console.log(`${result.ok ? "PASS" : "FAIL"}  ${result.name}${counts}  ${result.seconds}s`);
  for (const failure of result.counts?.failures ?? []) console.log(`      ✗ ${failure}`);
  if (result.counts) {
    passed += result.counts.passed;
    failed += result.counts.failed;
    skipped += result.counts.skipped;
  }
  // A step that failed without a report (typecheck, a crash) counts as one failure.
  if (!result.ok && (!result.counts || result.counts.failed === 0)) failed += 1;
  if (result.ok && !result.counts) passed += 1;
}
const allPassed = results.every((result) => result.ok);
// For the bench's "npm test" figure (scripts/bench/run.mjs): how long this run took, and whether it was whole.
fs.writeFileSync(
  path.join(reports, "summary.json"),
  JSON.stringify({
    finishedAt: new Date().toISOString(),
    seconds: Math.round((Date.now() - runStarted) / 1000),
    whole: only.length === 0,
    passed,
    failed,
    steps: results.map(({ name, ok, seconds }) => ({ name, ok, seconds })),
  }),
);
console.log(allPassed ? "\nAll test steps passed." : "\nSome test steps FAILED.");
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
console.log(`Took ${Math.round((Date.now() - runStarted) / 1000)} s.`);
process.exit(allPassed ? 0 : 1);
