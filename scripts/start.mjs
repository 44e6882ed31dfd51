#!/usr/bin/env node
// `npm start` (and `npm run dev` with --dev): builds if needed, starts the database
// (embedded unless DATABASE_URL is set), applies migrations, seeds demo data on first run,
// then serves the app with server.ts. Ctrl-C stops the app and the embedded database it started.
// With DATABASE_URL set and NODE_ENV=production (the default here) this is production: the
// configuration is checked first (secrets, an https SITE_URL), and no demo data is seeded.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildDir, buildIfNeeded } from "./lib/build.mjs";
import { loadDotEnv, resolveDatabase, root } from "./lib/database.mjs";
import { localSecrets } from "./lib/local-secrets.mjs";
import { mustRun, run } from "./lib/run.mjs";
import { SERVER_NODE_ARGS } from "./lib/server-command.mjs";

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

const usingEmbedded = !process.env.DATABASE_URL;
// The embedded database is a local demo's: LOCAL_DATABASE=1 tells the app so (demo data,
// the sandbox's test payments, an http SITE_URL). An external one is production unless
// LOCAL_DATABASE=1 is set for it too.
const local = usingEmbedded || process.env.LOCAL_DATABASE === "1" || process.env.NODE_ENV !== "production";
const demoEnv = usingEmbedded ? { ...localSecrets(), LOCAL_DATABASE: "1" } : {};
if (
  (await run("tsx", ["scripts/check-config.ts"], {
    env: { ...process.env, ...demoEnv, DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://embedded" },
  })) !== 0
)
  process.exit(1);

const database = await resolveDatabase();
const env = { ...process.env, ...demoEnv, DATABASE_URL: database.url };
let shuttingDown = false;

try {
  await mustRun("prisma", ["migrate", "deploy"], { env });
  if (local) await mustRun("tsx", ["prisma/seed.ts"], { env });
} catch (error) {
  console.error(error.message);
  await database.stop();
  process.exit(1);
}

// Ctrl-C and a process manager's SIGTERM reach the server itself, which drains and stops.
const server = spawn(process.execPath, SERVER_NODE_ARGS, {
  cwd: root,
  stdio: "inherit",
  env: {
    ...env,
    BUILD_DIR: buildDir,
    PORT: process.env.PORT ?? "3000",
    PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${env.PATH}`,
  },
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
