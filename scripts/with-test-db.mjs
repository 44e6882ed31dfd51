#!/usr/bin/env node
// Runs a command against a database of its own, created and migrated for this run and
// dropped afterwards. The server is TEST_DATABASE_URL's, else DATABASE_URL's, else the
// embedded PostgreSQL. KEEP_TEST_DB=1 keeps the database for a look afterwards.
import crypto from "node:crypto";
import { dropDatabase, ensureDatabaseExists, loadDotEnv, startEmbeddedPostgres } from "./lib/database.mjs";
import { mustRun, run } from "./lib/run.mjs";

loadDotEnv();
const [command, ...args] = process.argv.slice(2);

const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const server = base ? { url: base, stop: async () => {} } : await startEmbeddedPostgres();
const testUrl = new URL(server.url);
testUrl.pathname = `/easymove_test_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
const url = testUrl.toString();

let code = 1;
try {
  await ensureDatabaseExists(url);
  // A throwaway database of the tests': never production, whatever NODE_ENV the app runs with.
  const env = { ...process.env, DATABASE_URL: url, LOCAL_DATABASE: "1" };
  await mustRun("prisma", ["migrate", "deploy"], { env, stdio: ["ignore", "ignore", "inherit"] });
  code = await run(command, args, { env });
} catch (error) {
  console.error(error.message);
} finally {
  if (!process.env.KEEP_TEST_DB)
    await dropDatabase(url).catch((error) => console.error(`Could not drop the test database: ${error.message}`));
  await server.stop();
}
process.exit(code);
