import path from "node:path";
import { defineConfig } from "prisma/config";
import { nativeSchemaEngineMissing } from "./scripts/lib/schema-engine-choice.mjs";

// Prisma's CLI runs its native schema engine when it is installed. Where it could not be
// downloaded from Prisma's server, our stand-in runs Prisma's own WASM build of the same engine
// (scripts/prisma-schema-engine.mjs, docs/decisions/012-prisma-schema-engine.md), and says so.
if (
  !process.env.PRISMA_SCHEMA_ENGINE_BINARY &&
  nativeSchemaEngineMissing(path.resolve("node_modules/@prisma/engines"))
) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = path.resolve("scripts/prisma-schema-engine.mjs");
  console.warn(
    "Prisma's native schema engine is not installed: migrations run through its WASM build (scripts/prisma-schema-engine.mjs).",
  );
}

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: {
    path: "prisma/migrations",
    seed: "tsx prisma/seed.ts",
  },
  // Only migrate/db commands need a URL; `prisma generate` works without one. Migrations take
  // advisory locks and run DDL in one session: behind a pooler (PgBouncer) they need the
  // direct connection, DIRECT_DATABASE_URL.
  datasource:
    process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL
      ? { url: (process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL)! }
      : {},
});
