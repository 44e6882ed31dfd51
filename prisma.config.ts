import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI wants a native schema-engine binary that it downloads from Prisma's
// servers; these machines cannot reach them. Our stand-in runs Prisma's own WASM schema
// engine instead (see scripts/prisma-schema-engine.mjs and docs/decisions/012-prisma-schema-engine.md).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("scripts/prisma-schema-engine.mjs");

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
