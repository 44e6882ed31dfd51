#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, startup (a fresh private checkout's `npm start`),
// integration (real PostgreSQL), reliability (quick: load, database fault, two instances)
// and e2e (Playwright in Chromium), then one summary. The test databases are created per run (see with-test-db).
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

const vitest = (project) => ({
  name: project,
  command: project === "integration" ? ["node", "scripts/with-test-db.mjs", "vitest"] : ["vitest"],
  args: [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reports}/${project}.json`,
  ],
  report: () => readVitest(`${reports}/${project}.json`),
});

const steps = [
  { name: "typecheck", command: ["tsc"], args: [] },
  // ESLint (layers, cycles, hooks, accessibility), Prettier's check and knip (nothing dead).
  { name: "lint", command: ["npm"], args: ["run", "--silent", "lint"] },
  vitest("unit"),
  vitest("startup"),
  vitest("integration"),
  // The quick reliability checks (short load, database fault, two instances), on the build e2e uses.
  { ...vitest("reliability"), before: buildIfNeeded, env: { RELIABILITY_BUILD_DIR: buildDir } },
  {
    name: "e2e",
    before: buildIfNeeded,
    // Two workers, each on a database of its own (playwright.config.ts shards).
    command: ["node", "scripts/with-test-db.mjs", "--databases", process.env.E2E_WORKERS ?? "2", "playwright"],
    args: ["test"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` },
    report: () => readPlaywright(`${reports}/e2e.json`),
  },
].filter((step) => only.length === 0 || only.includes(step.name));

const results = [];
const runStarted = Date.now();
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  let code = 1;
  try {
    await step.before?.();
    const [command, ...prefix] = step.command;
    code = await run(command, [...prefix, ...step.args], { env: { ...env, ...step.env } });
  } catch (error) {
    console.error(error.message);
  }
  let counts = null;
  try {
    counts = step.report?.() ?? null;
  } catch {
    counts = null; // the runner failed before writing its report
  }
  results.push({ name: step.name, ok: code === 0, counts, seconds: Math.round((Date.now() - started) / 1000) });
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
process.exit(allPassed ? 0 : 1);
