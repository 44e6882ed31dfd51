// Turns a Prisma datasource URL into a node-postgres configuration.
//
// We deliberately hand pg separate host/user/password/database fields instead of a
// connectionString: pg lets a connectionString win over every other field, so
// `{ connectionString, database: "shadow" }` would quietly connect to the main database.

import { createRequire } from "node:module";

// pg-connection-string is pg's own URL parser; resolve it through pg so this works no matter
// how npm laid out node_modules.
const requireFromPg = createRequire(import.meta.resolve("pg"));
const { parse: parseConnectionString } = requireFromPg("pg-connection-string");

// Query parameters that mean something to Prisma but not to PostgreSQL; they must not reach pg.
const PRISMA_ONLY_PARAMS = [
  "schema",
  "connect_timeout",
  "pool_timeout",
  "socket_timeout",
  "connection_limit",
  "pgbouncer",
  "statement_cache_size",
  "sslaccept",
  "sslidentity",
  "sslpassword",
];

const DEFAULT_CONNECT_TIMEOUT_SECONDS = 5; // same default as Prisma's native engine

/**
 * @param {string} url a postgres:// or postgresql:// URL
 * @returns {{ pgConfig: object, schema: string, location: string, database: string, user: string }}
 */
export function parseDatasourceUrl(url) {
  if (!/^postgres(ql)?:\/\//i.test(url ?? "")) {
    throw new Error(
      "This schema-engine stand-in only supports PostgreSQL URLs (postgresql://...); got " + describeUrlScheme(url),
    );
  }
  const parsed = { ...parseConnectionString(url) };
  const schema = parsed.schema || "public";
  const connectTimeout = Number(parsed.connect_timeout ?? DEFAULT_CONNECT_TIMEOUT_SECONDS);
  // Prisma's default is sslaccept=accept_invalid_certs: TLS without certificate checks unless
  // the URL asks for strict (or verify-*) checking. pg verifies by default.
  const verifyCerts = parsed.sslaccept === "strict" || /^verify-/.test(parsed.sslmode ?? "");
  if (parsed.ssl && !verifyCerts) {
    parsed.ssl = { ...(typeof parsed.ssl === "object" ? parsed.ssl : {}), rejectUnauthorized: false };
  }
  for (const key of PRISMA_ONLY_PARAMS) delete parsed[key];

  const pgConfig = {
    ...parsed,
    port: parsed.port ? Number(parsed.port) : 5432,
    database: parsed.database || "postgres", // Prisma's default, not pg's (the user name)
    // 0 means "no timeout" for both Prisma and pg.
    connectionTimeoutMillis: Number.isFinite(connectTimeout) ? connectTimeout * 1000 : 5000,
  };
  // Prisma puts `?schema=` into the search_path, and generated migrations use unqualified
  // table names, so the adapter connections must do the same.
  if (schema !== "public" && !pgConfig.options) {
    pgConfig.options = `-c search_path="${schema.replaceAll('"', '""')}"`;
  }

  return {
    pgConfig,
    schema,
    location: `${pgConfig.host || "localhost"}:${pgConfig.port}`,
    database: pgConfig.database,
    user: pgConfig.user ?? "",
  };
}

/** The same connection settings, pointed at another database on the same server. */
export function withDatabase(pgConfig, database) {
  return { ...pgConfig, database };
}

/** Quote an identifier for SQL (CREATE/DROP DATABASE cannot take bind parameters). */
export function quoteIdent(name) {
  return `"${String(name).replaceAll('"', '""')}"`;
}

function describeUrlScheme(url) {
  if (!url) return "no URL";
  const scheme = String(url).split(":")[0];
  return `a "${scheme}:" URL`;
}
