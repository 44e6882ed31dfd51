#!/usr/bin/env node
// Runs a command with DATABASE_URL pointing at the app's database (embedded unless set),
// e.g. `npm run db:migrate` runs `prisma migrate dev` against it.
import { loadDotEnv, resolveDatabase } from "./lib/database.mjs";
import { run } from "./lib/run.mjs";

loadDotEnv();
const [command, ...args] = process.argv.slice(2);
const database = await resolveDatabase();
const code = await run(command, args, { env: { ...process.env, DATABASE_URL: database.url } });
await database.stop();
process.exit(code);
