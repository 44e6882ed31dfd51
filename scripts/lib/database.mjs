// Picks the PostgreSQL server for the app, the scripts and the tests:
// DATABASE_URL when it is set; otherwise this checkout's embedded PostgreSQL
// (embedded-postgres.mjs: its own cluster and port), started here and reused when it is
// already running (a second `npm start`, or `npm test` while the app runs).
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { clusterUrl, DatabaseStartError, startCluster } from "./embedded-postgres.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const EMBEDDED_DATABASE = "easymove";

/** EMBEDDED_PG_PORT, when set, fixes the port; otherwise the cluster picks and remembers one. */
function explicitPort() {
  if (!process.env.EMBEDDED_PG_PORT) return undefined;
  const port = Number(process.env.EMBEDDED_PG_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new DatabaseStartError(
      `EMBEDDED_PG_PORT must be a port number (1-65535), not "${process.env.EMBEDDED_PG_PORT}"; fix it in your environment or .env.`,
    );
  }
  return port;
}

/** The database's name in a connection URL, and the same name quoted for SQL. */
const nameOf = (url) => decodeURIComponent(new URL(url).pathname.slice(1));
const quotedNameOf = (url) => `"${nameOf(url).replaceAll('"', '""')}"`;

/** Runs `work` on a connection to the server's own "postgres" database (to create or drop another). */
async function onServer(url, work) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function ensureDatabaseExists(url) {
  await onServer(url, async (client) => {
    const found = await client.query("select 1 from pg_database where datname = $1", [nameOf(url)]);
    if (found.rowCount === 0) await client.query(`create database ${quotedNameOf(url)}`);
  });
}

/** A new database `copyUrl` names, made from the one `url` names (nobody may be connected to it). */
export async function copyDatabase(url, copyUrl) {
  await onServer(url, (client) =>
    client.query(`create database ${quotedNameOf(copyUrl)} template ${quotedNameOf(url)}`),
  );
}

export async function dropDatabase(url) {
  await onServer(url, (client) => client.query(`drop database if exists ${quotedNameOf(url)} with (force)`));
}

/**
 * Starts (or reuses) this checkout's embedded server (see embedded-postgres.mjs). Returns
 * the app database's URL and a stop() that only stops a server this process started.
 */
export async function startEmbeddedPostgres({ log = console.log } = {}) {
  try {
    const cluster = await startCluster({ root, port: explicitPort(), log });
    const url = clusterUrl(cluster, EMBEDDED_DATABASE);
    try {
      await ensureDatabaseExists(url);
    } catch (error) {
      await cluster.stop();
      throw new DatabaseStartError(
        `The embedded PostgreSQL started but the "${EMBEDDED_DATABASE}" database could not be created (${error.message}); delete ${cluster.dataDir} to start afresh, or set DATABASE_URL.`,
      );
    }
    return { url, stop: cluster.stop, startedHere: cluster.startedHere };
  } catch (error) {
    // One sentence, cause and fix, instead of a stack trace.
    const message =
      error instanceof DatabaseStartError
        ? error.message
        : `The embedded PostgreSQL could not start (${error?.message ?? error}); set DATABASE_URL to a PostgreSQL server of your own if this persists.`;
    console.error(`\n${message}\n`);
    process.exit(1);
  }
}

/** DATABASE_URL if set, else the embedded server. */
export async function resolveDatabase(options) {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, stop: async () => {}, startedHere: false };
  }
  return startEmbeddedPostgres(options);
}

export function loadDotEnv() {
  const file = path.join(root, ".env");
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

export { root };
