// A newcomer's first run: a fresh copy of the checkout in a private (mode 0700) folder, then
// the README's `npm start`, on the embedded PostgreSQL, must serve the home page; a second
// start must find the same cluster and data. Run as root (as CI does), this is the case
// where PostgreSQL's own user cannot enter the checkout; run as anyone else, the server runs
// as that user. node_modules is copied (hard-linked) rather than downloaded, then `npm install`'s own
// postinstall step runs, so the test needs no network.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");
const isRoot = process.getuid?.() === 0;
// Where root's server keeps a cluster that its `postgres` user cannot reach in the checkout.
const RELOCATED_HOME = "/var/lib/easymove";
const relocatedHomeExisted = fs.existsSync(RELOCATED_HOME);
const parent = fs.mkdtempSync(path.join(os.tmpdir(), "easymove-fresh-"));
const checkout = path.join(parent, "easymove");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** What a clone of the working tree holds: tracked files and new ones git does not ignore. */
function copyCheckout() {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repo,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file && fs.existsSync(path.join(repo, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(checkout, file));
  }
  // Hard links where the file system allows (no second copy of ~1 GB on a small disk), else a copy.
  try {
    execFileSync("cp", ["-al", path.join(repo, "node_modules"), checkout], { stdio: "ignore" });
  } catch {
    fs.rmSync(path.join(checkout, "node_modules"), { recursive: true, force: true });
    execFileSync("cp", ["-a", path.join(repo, "node_modules"), checkout]);
  }
  execFileSync("npm", ["run", "--silent", "postinstall"], { cwd: checkout, stdio: "ignore" });
}

function cleanEnv(port: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", CI: "true" };
  for (const name of [
    "DATABASE_URL",
    "TEST_DATABASE_URL",
    "EMBEDDED_PG_PORT",
    "NODE_ENV",
    "BUILD_DIR",
    "VITEST",
    "VITEST_POOL_ID",
    "VITEST_WORKER_ID",
  ])
    delete env[name];
  return env;
}

type Started = { child: ChildProcess; output: () => string };

function npmStart(port: number): Started {
  let output = "";
  const child = spawn("npm", ["start"], {
    cwd: checkout,
    env: cleanEnv(port),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitForHome(port: number, started: Started, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`npm start exited early:\n${started.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no answer from / within ${timeoutMs / 1000} s:\n${started.output()}`);
}

/** Ctrl-C, as in a terminal: the whole process group gets SIGINT. */
async function stop(started: Started) {
  if (started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.once("exit", resolve));
  process.kill(-started.child.pid!, "SIGINT");
  await exited;
}

function clusterState() {
  return JSON.parse(fs.readFileSync(path.join(checkout, ".data", "embedded-postgres.json"), "utf8")) as {
    port: number;
    dataDir: string;
  };
}

function postmasterRunning(dataDir: string) {
  return fs.existsSync(path.join(dataDir, "postmaster.pid"));
}

let current: Started | null = null;

afterAll(async () => {
  if (current) await stop(current).catch(() => {});
  const state = fs.existsSync(path.join(checkout, ".data", "embedded-postgres.json")) ? clusterState() : null;
  fs.rmSync(parent, { recursive: true, force: true });
  // A cluster kept outside the checkout (root in a private folder) goes with it.
  if (state && !state.dataDir.startsWith(parent))
    fs.rmSync(path.dirname(state.dataDir), { recursive: true, force: true });
  // Made for this test and empty now (nothing else keeps a cluster there): it goes too.
  if (!relocatedHomeExisted) {
    try {
      fs.rmdirSync(RELOCATED_HOME);
    } catch {
      // not empty, or already gone
    }
  }
});

test("npm start in a fresh private checkout serves / on the embedded PostgreSQL, and again after a restart", async () => {
  expect(fs.statSync(parent).mode & 0o777).toBe(0o700);
  copyCheckout();

  const port = await freePort();
  current = npmStart(port);
  const home = await waitForHome(port, current, 300_000);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("<html");
  expect(current.output()).toContain("Creating the embedded PostgreSQL cluster");
  const { dataDir } = clusterState();
  // Root's server runs as `postgres`, which cannot enter the private folder: the cluster is
  // kept outside. Anyone else's runs as them, inside the checkout.
  expect(dataDir.startsWith(`${RELOCATED_HOME}/`)).toBe(isRoot);
  await stop(current);
  expect(postmasterRunning(dataDir)).toBe(false);

  // The second start finds the same cluster (no new one) with its data.
  current = npmStart(port);
  const again = await waitForHome(port, current, 120_000);
  expect(again.status).toBe(200);
  expect(current.output()).not.toContain("Creating the embedded PostgreSQL cluster");
  expect(current.output()).toContain("Database already has data; the demo seed was skipped.");
  expect(clusterState().dataDir).toBe(dataDir);
  await stop(current);
  current = null;
}, 480_000);
