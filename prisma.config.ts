import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI wants a native schema-engine binary that it downloads from Prisma's
// servers; these machines cannot reach them. Our stand-in runs Prisma's own WASM schema
// engine instead (see scripts/prisma-schema-engine.mjs and shared/notes/toolchain.md).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("scripts/prisma-schema-engine.mjs");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: {
    path: "prisma/migrations",
    seed: "tsx prisma/seed.ts",
  },
  // Only migrate/db commands need a URL; `prisma generate` works without one.
  datasource: process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {},
});
