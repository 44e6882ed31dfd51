// The database side of the WASM schema engine: a migration-aware driver adapter factory built
// on @prisma/adapter-pg, with the changes adapter-pg needs when it serves the schema engine
// rather than Prisma Client:
//
//  1. Catalog column types. The engine's introspection queries return pg_catalog columns of
//     type "char" (OID 18) and name (OID 19), which adapter-pg rejects as unsupported. pg hands
//     both over as plain strings, so we relabel them as text for adapter-pg, and then report
//     "char" columns to the engine as Character, the type it reads them as (e.g. contype).
//  2. Shadow database. adapter-pg builds the shadow pool as `{ ...config, database }`, which pg
//     ignores when the config holds a connectionString, so the "shadow" database silently
//     becomes the main one. We always pass separate fields (see pg-config.mjs).
//  3. Dropping the shadow database. It can only be dropped once nobody is connected, so the
//     shadow pool is closed first.
//  4. Migration scripts. adapter-pg's executeScript splits on ";", which breaks function bodies
//     (`$$ ... ; ... $$`). PostgreSQL runs a multi-statement script fine as one simple query,
//     which is also what the native engine does.
//
// Pools keep idle connections open (idleTimeoutMillis 0): the engine takes a session-level
// advisory lock on one connection and expects it to stay held until the engine is done.

import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { parseDatasourceUrl, quoteIdent, withDatabase } from "./pg-config.mjs";

const ADAPTER_NAME = "@prisma/adapter-pg";
const TEXT_OID = 25;
const CHAR_OID = 18; // "char", the one-byte catalog type (pg_constraint.contype, ...)
const NAME_OID = 19;
// Set on a result's rows array: indexes of the columns that were "char" before relabelling.
// adapter-pg passes that same array on to the engine, so the mark survives until queryRaw.
const CHAR_COLUMNS = Symbol("charColumns");

/** A pg Client that relabels catalog string types as text before adapter-pg sees them. */
class CatalogTextClient extends pg.Client {
  query(config, values, callback) {
    if (typeof values === "function") {
      callback = values;
      values = undefined;
    }
    if (typeof callback === "function") {
      return super.query(config, values, (err, result) => callback(err, err ? result : relabel(result)));
    }
    const pending = super.query(config, values);
    return typeof pending?.then === "function" ? pending.then(relabel) : pending;
  }
}

function relabel(result) {
  // A multi-statement query yields an array of results.
  for (const single of Array.isArray(result) ? result : [result]) {
    const charColumns = [];
    (single?.fields ?? []).forEach((field, index) => {
      if (field.dataTypeID === CHAR_OID) charColumns.push(index);
      if (field.dataTypeID === CHAR_OID || field.dataTypeID === NAME_OID) field.dataTypeID = TEXT_OID;
    });
    if (charColumns.length > 0 && Array.isArray(single.rows)) single.rows[CHAR_COLUMNS] = charColumns;
  }
  return result;
}

/** Make `queryable.queryRaw` report the marked "char" columns as Character. */
function reportCharColumns(queryable) {
  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (query) => {
    const resultSet = await queryRaw(query);
    for (const index of resultSet.rows?.[CHAR_COLUMNS] ?? []) {
      resultSet.columnTypes[index] = ColumnTypeEnum.Character;
    }
    return resultSet;
  };
  return queryable;
}

function createPool(pgConfig) {
  return new pg.Pool({ ...pgConfig, Client: CatalogTextClient, idleTimeoutMillis: 0 });
}

/** Run `fn` with a short-lived connection (for CREATE/DROP DATABASE, which need no pool). */
export async function withClient(pgConfig, fn) {
  const client = new pg.Client(pgConfig);
  client.on("error", () => {}); // a dropped idle connection must not crash the process
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Open an adapter-pg adapter on its own pool, with the executeScript fix applied.
 * `onScriptError` sees each failed script's mapped error (for its SQLSTATE).
 */
async function openAdapter(pgConfig, schema, onScriptError = () => {}) {
  const factory = new PrismaPg(createPool(pgConfig), { schema, disposeExternalPool: true });
  const adapter = reportCharColumns(await factory.connect());
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => reportCharColumns(await startTransaction(...args));
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      try {
        adapter.onError(error); // adapter-pg's own error mapping; always throws
      } catch (mapped) {
        onScriptError(mapped.cause ?? mapped);
        throw mapped;
      }
    }
  };
  return adapter;
}

/**
 * Migration-aware factory (SqlMigrationAwareDriverAdapterFactory) for the schema engine.
 * Wrap it with bindMigrationAwareSqlAdapterFactory before handing it to the engine.
 */
export class PgMigrationAdapterFactory {
  provider = "postgres";
  adapterName = ADAPTER_NAME;

  /** @param {{ url: string, shadowDatabaseUrl?: string }} datasource */
  constructor({ url, shadowDatabaseUrl }) {
    this.main = parseDatasourceUrl(url);
    this.shadow = shadowDatabaseUrl ? parseDatasourceUrl(shadowDatabaseUrl) : undefined;
    this.openAdapters = new Set();
    /** Mapped error of the last failed migration script ({ kind, code, message, ... }). */
    this.lastScriptError = undefined;
    this.onScriptError = (error) => {
      this.lastScriptError = error;
    };
  }

  connect() {
    return this.track(openAdapter(this.main.pgConfig, this.main.schema, this.onScriptError));
  }

  connectToShadowDb() {
    return this.track(this.shadow ? this.connectToConfiguredShadowDb() : this.createTemporaryShadowDb());
  }

  /**
   * Dispose whatever the engine left open when we are about to exit: closes the pools (which
   * also releases the engine's advisory lock) and drops a leftover temporary shadow database.
   */
  async disposeAll() {
    const adapters = [...this.openAdapters];
    this.openAdapters.clear();
    await Promise.allSettled(adapters.map((adapter) => adapter.dispose()));
  }

  async track(adapterPromise) {
    const adapter = await adapterPromise;
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      if (!this.openAdapters.delete(adapter)) return; // already disposed
      await dispose();
    };
    this.openAdapters.add(adapter);
    return adapter;
  }

  /** Like the native engine: a throwaway database next to the main one, dropped afterwards. */
  async createTemporaryShadowDb() {
    const name = `prisma_migrate_shadow_db_${randomUUID()}`;
    const adminConfig = this.main.pgConfig;
    try {
      await withClient(adminConfig, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
    } catch (error) {
      // Same advice as the native engine's P3014.
      throw new Error(
        "Prisma Migrate could not create the shadow database. Please make sure the database user has " +
          "permission to create databases. Read more about the shadow database (and workarounds) at " +
          `https://pris.ly/d/migrate-shadow\n\nOriginal error: ${error.message}`,
      );
    }

    let adapter;
    try {
      adapter = await openAdapter(withDatabase(adminConfig, name), this.main.schema, this.onScriptError);
    } catch (error) {
      await dropDatabase(adminConfig, name);
      throw error;
    }
    const closePool = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await closePool(); // nobody may be connected when the database is dropped
      await dropDatabase(adminConfig, name);
    };
    return adapter;
  }

  /**
   * A shadowDatabaseUrl from prisma.config.ts: the native engine empties that database before
   * replaying migrations into it, so do the same.
   */
  async connectToConfiguredShadowDb() {
    const { pgConfig, schema } = this.shadow;
    await withClient(pgConfig, (client) => client.query(emptyDatabaseSql()));
    return openAdapter(pgConfig, schema, this.onScriptError);
  }
}

async function dropDatabase(adminConfig, name) {
  await withClient(adminConfig, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`));
}

/** Drop every user schema and recreate an empty "public". */
function emptyDatabaseSql() {
  return `DO $$
DECLARE s text;
BEGIN
  FOR s IN SELECT nspname FROM pg_namespace
           WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
  LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', s);
  END LOOP;
  CREATE SCHEMA public;
END $$;`;
}

// The engine's first query when it starts: schema existence and server version.
const STARTUP_PROBE = /^SELECT EXISTS\(SELECT 1 FROM pg_namespace WHERE nspname = \$1\), version\(\)/;

/**
 * Wraps a factory so the engine can start even when the database cannot be reached (or no URL is
 * configured). The WASM engine queries the server while it is being constructed, whereas the
 * native engine connects lazily, so `migrate diff --from-empty --to-schema ...` works offline
 * there. Only that first startup query is answered with a stand-in; every later query goes to
 * the real database and fails with the real error.
 */
export class StartupTolerantFactory {
  constructor(inner, { schema = "public" } = {}) {
    this.inner = inner;
    this.schema = schema;
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
    this.starting = true;
  }

  /** Call once the engine exists; from then on nothing is papered over. */
  started() {
    this.starting = false;
  }

  async connect() {
    let adapter;
    try {
      adapter = await this.inner.connect();
    } catch (error) {
      if (!this.starting) throw error;
      adapter = failingAdapter(error, this.schema);
    }
    return this.tolerateStartupProbe(adapter);
  }

  connectToShadowDb() {
    return this.inner.connectToShadowDb();
  }

  disposeAll() {
    return this.inner.disposeAll?.();
  }

  get lastScriptError() {
    return this.inner.lastScriptError;
  }

  tolerateStartupProbe(adapter) {
    const queryRaw = adapter.queryRaw.bind(adapter);
    adapter.queryRaw = async (query) => {
      try {
        return await queryRaw(query);
      } catch (error) {
        if (this.starting && STARTUP_PROBE.test(query.sql)) return offlineProbeResult();
        throw error;
      }
    };
    return adapter;
  }
}

function offlineProbeResult() {
  return {
    columnNames: ["exists", "version", "numeric_version"],
    columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
    rows: [[true, "PostgreSQL (server not reachable when the schema engine started)", 160000]],
  };
}

/** Adapter used when there is no usable database at all: every operation reports `error`. */
export function failingAdapter(error, schema = "public") {
  const fail = async () => {
    throw error;
  };
  return {
    provider: "postgres",
    adapterName: ADAPTER_NAME,
    queryRaw: fail,
    executeRaw: fail,
    executeScript: fail,
    startTransaction: fail,
    getConnectionInfo: () => ({ schemaName: schema, supportsRelationJoins: true }),
    dispose: async () => {},
  };
}

/** Factory for when no datasource URL was given (e.g. `migrate diff --from-empty --to-schema`). */
export class NoDatabaseFactory {
  provider = "postgres";
  adapterName = ADAPTER_NAME;

  constructor(message) {
    this.error = new Error(message);
  }

  async connect() {
    return failingAdapter(this.error);
  }

  async connectToShadowDb() {
    throw this.error;
  }
}
