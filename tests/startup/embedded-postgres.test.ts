// The embedded PostgreSQL's start-up rules, on real clusters in throw-away folders: a port
// of its own per checkout, remembered; and each failure told in one sentence with its fix.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  canTraverse,
  clusterUrl,
  DatabaseStartError,
  planCluster,
  portHolder,
  startCluster,
} from "../../scripts/lib/embedded-postgres.mjs";

const isRoot = process.getuid?.() === 0;

const stops: Array<() => Promise<void>> = [];
const folders: string[] = [];
const RELOCATED_HOME = "/var/lib/easymove";
const relocatedHomeExisted = fs.existsSync(RELOCATED_HOME);

/** A checkout-like folder that PostgreSQL's user may enter (so the cluster stays inside it). */
function checkout() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "easymove-pg-"));
  fs.chmodSync(folder, 0o755);
  folders.push(folder);
  return folder;
}

async function start(root: string, options: { port?: number } = {}) {
  const cluster = await startCluster({ root, log: () => {}, ...options });
  stops.push(cluster.stop);
  return cluster as { port: number; dataDir: string; startedHere: boolean; stop: () => Promise<void> };
}

function occupyPort(): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/** Where root keeps a checkout's relocated cluster, or its copy of the binaries. */
function relocatedHome(root: string) {
  const id = `${path.basename(root)}-${crypto.createHash("sha256").update(root).digest("hex").slice(0, 12)}`;
  return path.join(RELOCATED_HOME, id);
}

afterAll(async () => {
  for (const stop of stops) await stop().catch(() => {});
  // With the repository itself in a private folder, root's checkouts get a copy of the binaries.
  for (const folder of folders)
    for (const target of [folder, relocatedHome(folder)]) fs.rmSync(target, { recursive: true, force: true });
  // Made for this test and empty now (nothing else keeps a cluster there): it goes too.
  if (!relocatedHomeExisted) {
    try {
      fs.rmdirSync(RELOCATED_HOME);
    } catch {
      // not empty, or already gone
    }
  }
});

describe("embedded PostgreSQL", () => {
  it("gives two checkouts two ports, remembers each, and finds a running cluster again", async () => {
    const first = await start(checkout());
    const second = await start(checkout());
    expect(second.port).not.toBe(first.port);
    const remembered = JSON.parse(
      fs.readFileSync(path.join(path.dirname(second.dataDir), "embedded-postgres.json"), "utf8"),
    );
    expect(remembered.port).toBe(second.port);

    const again = await startCluster({ root: path.dirname(path.dirname(first.dataDir)), log: () => {} });
    expect(again).toMatchObject({ port: first.port, startedHere: false });
  }, 60_000);

  it("waits for a server that is shutting down (npm start stopped a moment ago), then starts its own", async () => {
    const root = checkout();
    const first = await start(root);
    const pid = Number(fs.readFileSync(path.join(first.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    // A session still open makes a smart shutdown (SIGTERM, as a process manager sends) wait for it.
    const pg = (await import("pg")).default;
    const session = new pg.Client({ connectionString: clusterUrl(first, "postgres") });
    session.on("error", () => {});
    await session.connect();
    process.kill(pid, "SIGTERM");
    const restarted = start(root);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await session.end().catch(() => {});
    const second = await restarted;
    expect(second.startedHere).toBe(true);
    expect(fs.readFileSync(path.join(second.dataDir, "postmaster.pid"), "utf8").split("\n")[0]).not.toBe(String(pid));
  }, 90_000);

  it("moves on from a remembered port that another program took", async () => {
    const root = checkout();
    const squatter = await occupyPort();
    const taken = (squatter.address() as net.AddressInfo).port;
    fs.mkdirSync(path.join(root, ".data"), { recursive: true });
    fs.writeFileSync(path.join(root, ".data", "embedded-postgres.json"), JSON.stringify({ port: taken }));
    try {
      const cluster = await start(root);
      expect(cluster.port).not.toBe(taken);
    } finally {
      squatter.close();
    }
  }, 60_000);

  it("names the port and its holder when EMBEDDED_PG_PORT is taken", async () => {
    const squatter = await occupyPort();
    const taken = (squatter.address() as net.AddressInfo).port;
    try {
      const failure = startCluster({ root: checkout(), port: taken, log: () => {} });
      await expect(failure).rejects.toBeInstanceOf(DatabaseStartError);
      await expect(failure).rejects.toThrow(
        new RegExp(
          `^Port ${taken} \\(EMBEDDED_PG_PORT\\) is taken by .+; stop it, or set EMBEDDED_PG_PORT to a free port`,
        ),
      );
      await expect(failure).rejects.toThrow(`(pid ${process.pid})`);
    } finally {
      squatter.close();
    }
  });

  it("names a port's holder from /proc when `ss` is missing", async () => {
    const squatter = await occupyPort();
    const taken = (squatter.address() as net.AddressInfo).port;
    const pathBefore = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      expect(portHolder(taken)).toBe(`${fs.readFileSync("/proc/self/comm", "utf8").trim()} (pid ${process.pid})`);
    } finally {
      process.env.PATH = pathBefore;
      squatter.close();
    }
  });

  it("says a damaged data folder is damaged, and how to start afresh", async () => {
    const root = checkout();
    const cluster = await start(root);
    await cluster.stop();
    fs.writeFileSync(path.join(cluster.dataDir, "PG_VERSION"), "9\n");
    const failure = startCluster({ root, log: () => {} });
    await expect(failure).rejects.toBeInstanceOf(DatabaseStartError);
    await expect(failure).rejects.toThrow(
      /would not start \(.*not compatible.*\); if that folder is damaged, move it away or delete it/,
    );
  }, 60_000);

  it("says whose a data folder is when its server may not use it, and how to hand it over", async () => {
    const root = checkout();
    const cluster = await start(root);
    await cluster.stop();
    const nobody = 65534;
    if (isRoot)
      fs.chownSync(cluster.dataDir, nobody, nobody); // not the `postgres` user's any more
    else fs.chmodSync(cluster.dataDir, 0o000); // not ours to use any more
    try {
      const failure = startCluster({ root, log: () => {} });
      await expect(failure).rejects.toBeInstanceOf(DatabaseStartError);
      await expect(failure).rejects.toThrow(
        new RegExp(
          `^The embedded PostgreSQL cannot use ${cluster.dataDir} \\(.+\\); give it to .+ \\(\`.*chown -R .+\`\\) or delete it to start afresh with demo data, or set DATABASE_URL\\.$`,
        ),
      );
    } finally {
      fs.chmodSync(cluster.dataDir, 0o700);
    }
  }, 60_000);

  it("starts over a postmaster.pid left behind whose pid another program now has", async () => {
    const root = checkout();
    const first = await start(root);
    await first.stop();
    // Run by the server's own user, as a reused pid would be (another user's pid is no threat to PostgreSQL).
    const { uid, gid } = fs.statSync(first.dataDir);
    const other = spawn("sleep", ["60"], isRoot ? { uid, gid } : {});
    try {
      fs.writeFileSync(
        path.join(first.dataDir, "postmaster.pid"),
        `${other.pid}\n${first.dataDir}\n0\n${first.port}\n\n127.0.0.1\n0 0\nready\n`,
      );
      const again = await start(root);
      expect(again).toMatchObject({ dataDir: first.dataDir, startedHere: true });
    } finally {
      other.kill();
    }
  }, 60_000);

  it("refuses a data folder that holds something other than a cluster", async () => {
    const root = checkout();
    fs.mkdirSync(path.join(root, ".data", "postgres"), { recursive: true });
    fs.writeFileSync(path.join(root, ".data", "postgres", "notes.txt"), "mine");
    await expect(startCluster({ root, log: () => {} })).rejects.toThrow(
      /is not empty but holds no cluster \(no PG_VERSION\); move it away or delete it/,
    );
  });

  it("knows when a user cannot enter a private folder", () => {
    const root = checkout();
    const privateFolder = path.join(root, "home");
    fs.mkdirSync(path.join(privateFolder, "easymove"), { recursive: true });
    fs.chmodSync(privateFolder, 0o700);
    const owner = { uid: fs.statSync(privateFolder).uid, groups: [] };
    const stranger = { uid: owner.uid + 4242, groups: [] };
    expect(canTraverse(path.join(privateFolder, "easymove"), owner)).toBe(true);
    expect(canTraverse(path.join(privateFolder, "easymove"), stranger)).toBe(false);
    fs.chmodSync(privateFolder, 0o711);
    expect(canTraverse(path.join(privateFolder, "easymove"), stranger)).toBe(true);
  });
});

// Root runs the server as `postgres`: where the cluster goes depends on what that user may enter.
describe.runIf(isRoot)("embedded PostgreSQL run by root", () => {
  /** A checkout inside a private (mode 0700) folder, as in root's home. */
  function privateCheckout() {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "easymove-home-"));
    folders.push(home);
    const root = path.join(home, "easymove");
    fs.mkdirSync(root);
    folders.push(root); // for its place in /var/lib/easymove, if any
    return { home, root };
  }

  it("keeps the cluster in the checkout when `postgres` may enter it, else in /var/lib/easymove", async () => {
    const open = await planCluster(checkout(), { isRoot: true });
    expect(open).toMatchObject({ relocated: false, runAs: { name: "postgres" } });

    const { root } = privateCheckout();
    const closed = await planCluster(root, { isRoot: true });
    expect(closed).toMatchObject({ relocated: true, dataDir: path.join(relocatedHome(root), "data") });
  });

  it("finds a cluster kept outside again after the folder opens up", async () => {
    const { home, root } = privateCheckout();
    const dataDir = path.join(relocatedHome(root), "data");
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, "PG_VERSION"), "18\n");
    fs.chmodSync(home, 0o755);
    expect(await planCluster(root, { isRoot: true })).toMatchObject({ relocated: true, dataDir });
  });

  it("says which folder to open when a cluster inside the checkout can no longer be reached", async () => {
    const { home, root } = privateCheckout();
    fs.mkdirSync(path.join(root, ".data", "postgres"), { recursive: true });
    fs.writeFileSync(path.join(root, ".data", "postgres", "PG_VERSION"), "18\n");
    const failure = planCluster(root, { isRoot: true });
    await expect(failure).rejects.toBeInstanceOf(DatabaseStartError);
    await expect(failure).rejects.toThrow(
      `can no longer enter ${home}, above its data in ${path.join(root, ".data", "postgres")}; run \`chmod o+x ${home}\``,
    );
  });
});
