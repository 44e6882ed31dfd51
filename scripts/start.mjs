#!/usr/bin/env node
// `npm start` (and `npm run dev` with --dev): builds if needed, starts the database
// (embedded unless DATABASE_URL is set), applies migrations, seeds demo data on first run,
// then serves the app. Ctrl-C stops the app and the embedded database it started.
import path from "node:path";
import { spawn } from "node:child_process";
import { loadDotEnv, resolveDatabase, root } from "./lib/database.mjs";
import { localSecrets } from "./lib/local-secrets.mjs";
import { buildDir, buildIfNeeded } from "./lib/build.mjs";
import { mustRun } from "./lib/run.mjs";

const dev = process.argv.includes("--dev");
loadDotEnv();
process.env.NODE_ENV ??= dev ? "development" : "production";

if (!dev) {
  try {
    await buildIfNeeded();
  } catch (error) {
    console.error(`\n${error.message}: fix the error above, then run \`npm start\` again.\n`);
    process.exit(1);
  }
}

const database = await resolveDatabase();
const usingEmbedded = !process.env.DATABASE_URL;
const env = { ...process.env, ...(usingEmbedded ? localSecrets() : {}), DATABASE_URL: database.url };
let shuttingDown = false;

try {
  await mustRun("prisma", ["migrate", "deploy"], { env });
  await mustRun("tsx", ["prisma/seed.ts"], { env });
} catch (error) {
  console.error(error.message);
  await database.stop();
  process.exit(1);
}

const serverArgs = dev ? ["remix", "vite:dev", "--port", process.env.PORT ?? "3000"] : ["remix-serve", `${buildDir}/server/index.js`];
if (dev && process.env.HOST) serverArgs.push("--host", process.env.HOST);
const server = spawn(serverArgs[0], serverArgs.slice(1), {
  cwd: root,
  stdio: "inherit",
  env: { ...env, PORT: process.env.PORT ?? "3000", PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${env.PATH}` },
});

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  await database.stop();
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.kill(signal);
  });
}
server.on("exit", (code) => shutdown(code ?? 0));
