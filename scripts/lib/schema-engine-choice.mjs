// Which schema engine Prisma's CLI runs: its own native binary when it is installed (the
// `@prisma/engines` install script downloads `schema-engine-<target>` from Prisma's server), or,
// where it could not be had, our stand-in over Prisma's WASM build of the same engine
// (docs/decisions/012-prisma-schema-engine.md).
import { readdirSync } from "node:fs";

/** Whether the native schema engine is missing from `enginesDir` (node_modules/@prisma/engines). */
export function nativeSchemaEngineMissing(enginesDir) {
  try {
    return !readdirSync(enginesDir).some((file) => file.startsWith("schema-engine-"));
  } catch {
    return true;
  }
}
