// The speed anchor: ../shared/bench/baseline-remix, a bare Remix 2.17 app on our stack (one
// conform + zod form), built and served as its README says, so EasyMove's figures are read as
// ratios against "a Remix page" measured in the same run. Its copy, dependencies and build
// live in .cache/bench/baseline-remix and are made once; the anchor itself is never changed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root } from "../lib/database.mjs";
import { mustRun } from "../lib/run.mjs";

export const ANCHOR_SOURCE = path.resolve(
  process.env.BASELINE_REMIX_DIR ?? path.join(root, "../shared/bench/baseline-remix"),
);
const copy = path.join(root, ".cache/bench/baseline-remix");

/** Copies, installs and builds the anchor where needed; null when its source is not on this machine. */
async function prepareAnchor() {
  if (!fs.existsSync(path.join(ANCHOR_SOURCE, "package.json"))) return null;
  const sourcePackage = fs.readFileSync(path.join(ANCHOR_SOURCE, "package.json"), "utf8");
  const copiedPackage = path.join(copy, "package.json");
  if (!fs.existsSync(copiedPackage) || fs.readFileSync(copiedPackage, "utf8") !== sourcePackage) {
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(ANCHOR_SOURCE, copy, { recursive: true, filter: (file) => !file.includes("node_modules") });
    fs.chmodSync(copy, 0o755);
    for (const entry of fs.readdirSync(copy, { recursive: true })) {
      const file = path.join(copy, entry);
      fs.chmodSync(file, fs.statSync(file).isDirectory() ? 0o755 : 0o644);
    }
  }
  const options = { cwd: copy, stdio: ["ignore", "ignore", "inherit"] };
  // Its README's own commands (`npm install`: its lock file lacks other platforms' binaries).
  if (!fs.existsSync(path.join(copy, "node_modules/@remix-run/serve")))
    await mustRun("npm", ["install", "--no-audit", "--no-fund"], options);
  if (!fs.existsSync(path.join(copy, "build/server/index.js"))) await mustRun("npm", ["run", "build"], options);
  return copy;
}

/** Serves the anchor (remix-serve, production) on `port`; null when it is not available here. */
export async function startAnchor(port) {
  const dir = await prepareAnchor();
  if (!dir) return null;
  const child = spawn(
    process.execPath,
    [path.join(dir, "node_modules/@remix-run/serve/dist/cli.js"), "build/server/index.js"],
    { cwd: dir, env: { ...process.env, PORT: String(port), NODE_ENV: "production" }, stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || attempt > 100) {
      child.kill("SIGKILL");
      throw new Error("The speed anchor (baseline-remix) did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const done = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await done;
    },
  };
}
