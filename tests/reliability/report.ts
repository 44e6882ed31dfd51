// Each reliability test records its figures (printed at once, and kept for the table that
// scripts/test-reliability.mjs prints) under the test's own name.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { root } from "../../scripts/lib/database.mjs";

export const REPORT_DIR = process.env.RELIABILITY_REPORT_DIR ?? path.join(root, ".cache", "reliability");

/** Keeps `figures` (short "name: value" phrases) for the current test; call before asserting on them. */
export function record(figures: string[]) {
  const state = expect.getState();
  const test = state.currentTestName ?? "unknown";
  const file = path.relative(root, state.testPath ?? "unknown");
  console.log(`[reliability] ${test}\n  ${figures.join("\n  ")}`);
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const name = `${file}::${test}`.replace(/[^A-Za-z0-9_.-]+/g, "_").slice(0, 200);
  fs.writeFileSync(
    path.join(REPORT_DIR, `${name}.json`),
    `${JSON.stringify({ file, test, figures, at: new Date().toISOString() }, null, 2)}\n`,
  );
}

/** Keeps a server's output next to the figures, for a look after a failure. */
export function saveLog(name: string, text: string) {
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORT_DIR, name), text);
}
