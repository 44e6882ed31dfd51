// Connection checks and CREATE/DROP DATABASE, done directly with pg.
//
// The WASM engine has no equivalent of the native engine's `cli can-connect-to-database`,
// `cli create-database`, `cli drop-database` or the `createDatabase` RPC method: it only ever
// talks to databases that already exist, through its adapter.

import { fromPgError } from "./errors.mjs";
import { withClient } from "./pg-adapter-factory.mjs";
import { parseDatasourceUrl, quoteIdent, withDatabase } from "./pg-config.mjs";

// CREATE/DROP DATABASE must run while connected to some other database.
const MAINTENANCE_DATABASES = ["postgres", "template1"];

/** Resolves if the database in `url` accepts connections; throws (with a Prisma code where there is one) if not. */
export async function checkConnection(url) {
  const target = parseTarget(url);
  try {
    await withClient(target.pgConfig, (client) => client.query("SELECT 1"));
  } catch (error) {
    throw fromPgError(error, target);
  }
}

/** Creates the database named in `url`; returns its name. */
export async function createDatabase(url) {
  const target = parseTarget(url);
  await onMaintenanceDatabase(target, (client) => client.query(`CREATE DATABASE ${quoteIdent(target.database)}`));
  return target.database;
}

/** Drops the database named in `url`. */
export async function dropDatabase(url) {
  const target = parseTarget(url);
  await onMaintenanceDatabase(target, (client) => client.query(`DROP DATABASE ${quoteIdent(target.database)}`));
}

async function onMaintenanceDatabase(target, fn) {
  for (const [index, database] of MAINTENANCE_DATABASES.entries()) {
    let connected = false;
    try {
      return await withClient(withDatabase(target.pgConfig, database), (client) => {
        connected = true;
        return fn(client);
      });
    } catch (error) {
      // If this maintenance database is missing or off limits, try the next one.
      const cannotUseIt = !connected && ["3D000", "28000"].includes(error.code);
      if (!cannotUseIt || index === MAINTENANCE_DATABASES.length - 1) {
        throw fromPgError(error, target);
      }
    }
  }
}

function parseTarget(url) {
  if (!url) throw new Error("No datasource URL is configured. Set `datasource.url` in prisma.config.ts.");
  return parseDatasourceUrl(url);
}
