// Loading and constructing Prisma's WASM schema engine (@prisma/schema-engine-wasm).
//
// The package's entry point does `import * as wasm from "./schema_engine_bg.wasm"`, which
// Node 20 cannot import without --experimental-wasm-modules. So we do what that entry point
// does by hand: instantiate the .wasm with the wasm-bindgen glue module as its imports.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { resolveExternalErrors } from "./errors.mjs";
import { forwardEngineLog } from "./log.mjs";
import { NoDatabaseFactory, PgMigrationAdapterFactory, StartupTolerantFactory } from "./pg-adapter-factory.mjs";
import { parseDatasourceUrl } from "./pg-config.mjs";

const GLUE_SPECIFIER = "@prisma/schema-engine-wasm/schema_engine_bg";

let glue;

/**
 * On a Rust panic the engine hands the panic message to this global (Prisma's CLI defines the
 * same one) and then traps; we read the message back when reporting the crash.
 */
export const panicRegistry = {
  message: "",
  set_message(message) {
    this.message = `RuntimeError: ${message}`;
  },
};

/** The wasm-bindgen glue module, wired to an instantiated engine (once per process). */
export async function loadWasmModule() {
  if (glue) return glue;
  globalThis.PRISMA_WASM_PANIC_REGISTRY ??= panicRegistry;
  const glueUrl = import.meta.resolve(GLUE_SPECIFIER);
  const module = await import(glueUrl);
  const wasmPath = fileURLToPath(new URL("./schema_engine_bg.wasm", glueUrl));
  const compiled = new WebAssembly.Module(readFileSync(wasmPath));
  const instance = new WebAssembly.Instance(compiled, { "./schema_engine_bg.js": module });
  module.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  glue = module;
  return glue;
}

/** The engine's git hash, e.g. "561d7b42579a2459cc8edf3788918b626c640023". */
export async function engineVersion() {
  return (await loadWasmModule()).version();
}

/**
 * Create a WASM SchemaEngine connected through our pg adapter factory.
 * @param {{ datamodels: [string, string][], datasource: { url?: string, shadowDatabaseUrl?: string } }} options
 * @returns {Promise<{ engine: any, errorRegistry: { consumeError(id: number): any }, factory: { disposeAll(): Promise<void> } }>}
 */
export async function createSchemaEngine({ datamodels, datasource }) {
  const { SchemaEngine } = await loadWasmModule();
  const factory = new StartupTolerantFactory(createFactory(datasource), {
    schema: datasource.url ? safeSchema(datasource.url) : "public",
  });
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  // `datamodels` must be undefined or non-empty.
  const options = { datamodels: datamodels.length > 0 ? datamodels : undefined };
  let engine;
  try {
    engine = await SchemaEngine.new(options, forwardEngineLog, bound);
  } catch (error) {
    await factory.disposeAll();
    if (error instanceof Error) error.message = resolveExternalErrors(error.message, bound.errorRegistry);
    throw error;
  }
  factory.started();
  return { engine, errorRegistry: bound.errorRegistry, factory };
}

function createFactory(datasource) {
  if (!datasource.url) {
    return new NoDatabaseFactory(
      "No datasource URL is configured. Set `datasource.url` in prisma.config.ts (e.g. from DATABASE_URL).",
    );
  }
  return new PgMigrationAdapterFactory(datasource);
}

function safeSchema(url) {
  try {
    return parseDatasourceUrl(url).schema;
  } catch {
    return "public";
  }
}
