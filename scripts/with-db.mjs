#!/usr/bin/env node
// Runs a command with DATABASE_URL pointing at the app's database (embedded unless set),
// e.g. `npm run db:migrate` runs `prisma migrate dev` against it.
import { loadDotEnv, resolveDatabase } from "./lib/database.mjs";
import { run } from "./lib/run.mjs";

loadDotEnv();
const [command, ...args] = process.argv.slice(2);
const embedded = !process.env.DATABASE_URL;
const database = await resolveDatabase();
// The embedded database is a local demo's (see scripts/start.mjs).
const code = await run(command, args, {
  env: { ...process.env, ...(embedded ? { LOCAL_DATABASE: "1" } : {}), DATABASE_URL: database.url },
});
await database.stop();
process.exit(code);
