#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary.
//
// Why: the Prisma CLI (migrate, db push, db execute, migrate diff, ...) runs a native
// schema-engine binary that it downloads from binaries.prisma.sh, which our machines cannot
// reach. prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY at this script instead. It speaks
// the binary's command-line interface and runs Prisma's own WASM build of the same engine
// (@prisma/schema-engine-wasm), talking to PostgreSQL through @prisma/adapter-pg.
//
// Interface (as the CLI uses it, see node_modules/prisma/build/cli.js):
//   --version                                  print the engine version, exit 0
//   [--datasource JSON] cli <command>          one-shot: can-connect-to-database,
//                                              create-database, drop-database; failures are
//                                              JSON log lines on stderr (level ERROR,
//                                              fields.error_code such as P1001), exit 1
//   [--datamodels FILE]... [--datasource JSON] JSON-RPC 2.0 server on stdin/stdout
//
// Only PostgreSQL is supported. The pieces live in scripts/lib/prisma-engine/.

import { readFileSync } from "node:fs";
import { checkConnection, createDatabase, dropDatabase } from "./lib/prisma-engine/db-admin.mjs";
import { isPrismaErrorCode } from "./lib/prisma-engine/errors.mjs";
import { keepOutputParseable, logError, logInfo } from "./lib/prisma-engine/log.mjs";
import { serveJsonRpc } from "./lib/prisma-engine/rpc-server.mjs";
import { engineVersion } from "./lib/prisma-engine/wasm-engine.mjs";

const ONE_SHOT_COMMANDS = {
  "can-connect-to-database": (url) => checkConnection(url),
  "create-database": (url) => createDatabase(url),
  "drop-database": (url) => dropDatabase(url),
};

/**
 * Parse the native binary's arguments.
 * @returns {{ version: boolean, datamodelPaths: string[], datasource: object, cliCommand?: string }}
 */
function parseArgs(argv) {
  const args = { version: false, datamodelPaths: [], datasource: {}, cliCommand: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--version" || arg === "-V") args.version = true;
    else if (arg === "--datamodels") args.datamodelPaths.push(argv[++i]);
    else if (arg === "--datasource") args.datasource = JSON.parse(argv[++i] ?? "{}");
    else if (arg === "--enabled-preview-features" || arg === "--extension-types")
      i++; // not used by the WASM engine
    else if (arg === "cli") args.cliCommand = argv[++i] ?? "";
    else throw new Error(`Unknown argument: ${arg}`);
  }
  return args;
}

async function runOneShot(command, datasource) {
  const run = ONE_SHOT_COMMANDS[command];
  // The CLI skips the first stderr line and parses every later one as JSON, so a failure must
  // come after at least one other log line.
  logInfo("Starting schema engine CLI (WASM stand-in)");
  if (!run) {
    logError(`Unknown cli command: ${command}`);
    return 1;
  }
  try {
    await run(datasource.url);
    return 0;
  } catch (error) {
    logError(error?.message ?? String(error), isPrismaErrorCode(error?.code) ? error.code : undefined);
    return 1;
  }
}

function readDatamodels(paths) {
  return paths.map((path) => [path, readFileSync(path, "utf8")]);
}

async function main() {
  keepOutputParseable();
  const args = parseArgs(process.argv.slice(2));

  if (args.version) {
    exitOnUncaughtErrors();
    // The native binary prints "schema-engine-cli <git hash>"; `prisma -v` shows this line.
    process.stdout.write(`schema-engine-cli ${await engineVersion()}\n`);
    return;
  }
  if (args.cliCommand !== undefined) {
    exitOnUncaughtErrors();
    process.exit(await runOneShot(args.cliCommand, args.datasource));
  }
  // The JSON-RPC server routes uncaught errors to the request in flight, so no handlers here.
  serveJsonRpc({ datamodels: readDatamodels(args.datamodelPaths), datasource: args.datasource });
}

function exitOnUncaughtErrors() {
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
}

function crash(error) {
  logInfo("Schema engine (WASM stand-in) stopped by an unexpected error");
  logError(error?.stack ?? String(error));
  process.exit(1);
}

main().catch(crash);
