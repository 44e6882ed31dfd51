// The embedded PostgreSQL's start-up rules, on real clusters in throw-away folders: a port
// of its own per checkout, remembered; and each failure told in one sentence with its fix.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { canTraverse, DatabaseStartError, startCluster } from "../../scripts/lib/embedded-postgres.mjs";

const stops: Array<() => Promise<void>> = [];
const folders: string[] = [];

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

afterAll(async () => {
  for (const stop of stops) await stop().catch(() => {});
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("gives two checkouts two ports, remembers each, and finds a running cluster again", async () => {
    const first = await start(checkout());
    const second = await start(checkout());
    expect(second.port).not.toBe(first.port);
    const remembered = JSON.parse(fs.readFileSync(path.join(path.dirname(second.dataDir), "embedded-postgres.json"), "utf8"));
    expect(remembered.port).toBe(second.port);

    const again = await startCluster({ root: path.dirname(path.dirname(first.dataDir)), log: () => {} });
    expect(again).toMatchObject({ port: first.port, startedHere: false });
  }, 60_000);

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
      await expect(failure).rejects.toThrow(new RegExp(`^Port ${taken} \\(EMBEDDED_PG_PORT\\) is taken by .+; stop it, or set EMBEDDED_PG_PORT to a free port`));
    } finally {
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
    await expect(failure).rejects.toThrow(/would not start \(.*not compatible.*\); if that folder is damaged, move it away or delete it/);
  }, 60_000);

  it("refuses a data folder that holds something other than a cluster", async () => {
    const root = checkout();
    fs.mkdirSync(path.join(root, ".data", "postgres"), { recursive: true });
    fs.writeFileSync(path.join(root, ".data", "postgres", "notes.txt"), "mine");
    await expect(startCluster({ root, log: () => {} })).rejects.toThrow(/is not empty but holds no cluster \(no PG_VERSION\); move it away or delete it/);
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
