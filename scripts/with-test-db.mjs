#!/usr/bin/env node
// Runs a command against a database of its own, created and migrated for this run and
// dropped afterwards. The server is TEST_DATABASE_URL's, else DATABASE_URL's, else the
// embedded PostgreSQL. KEEP_TEST_DB=1 keeps the database for a look afterwards.
import crypto from "node:crypto";
import {
  copyDatabase,
  dropDatabase,
  ensureDatabaseExists,
  loadDotEnv,
  startEmbeddedPostgres,
} from "./lib/database.mjs";
import { mustRun, run } from "./lib/run.mjs";

loadDotEnv();
// `--databases N` makes N databases alike (the e2e run's two Playwright workers each have one):
// DATABASE_URL names the first, RUN_DATABASE_URLS all of them.
let argv = process.argv.slice(2);
let copies = 1;
if (argv[0] === "--databases") {
  copies = Number(argv[1]);
  if (!Number.isInteger(copies) || copies < 1) throw new Error("--databases takes a whole number, 1 or more");
  argv = argv.slice(2);
}
const [command, ...args] = argv;

const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const server = base ? { url: base, stop: async () => {} } : await startEmbeddedPostgres();
const testUrl = new URL(server.url);
testUrl.pathname = `/easymove_test_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
const url = testUrl.toString();
const urls = [url];
for (let copy = 1; copy < copies; copy++) {
  const copyUrl = new URL(url);
  copyUrl.pathname = `${testUrl.pathname}_${copy}`;
  urls.push(copyUrl.toString());
}

let code = 1;
try {
  await ensureDatabaseExists(url);
  // A throwaway database of the tests': never production, whatever NODE_ENV the app runs with.
  const env = { ...process.env, DATABASE_URL: url, RUN_DATABASE_URLS: urls.join(","), LOCAL_DATABASE: "1" };
  await mustRun("prisma", ["migrate", "deploy"], { env, stdio: ["ignore", "ignore", "inherit"] });
  // The copies from the migrated one (a template copy is quicker than migrating again).
  for (const copyUrl of urls.slice(1)) await copyDatabase(url, copyUrl);
  code = await run(command, args, { env });
} catch (error) {
  console.error(error.message);
} finally {
  if (!process.env.KEEP_TEST_DB)
    for (const each of urls)
      await dropDatabase(each).catch((error) => console.error(`Could not drop the test database: ${error.message}`));
  await server.stop();
}
process.exit(code);
