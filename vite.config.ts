/// <reference types="vitest/config" />
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { appModuleSideEffects, clientChunks } from "./client-chunks";
import { appRoutes } from "./route-config";
import { driverServiceWorker } from "./service-worker-build";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const inTest = Boolean(process.env.VITEST);

// The server build starts from app/server-build.ts, which wraps Remix's own build so that
// resource routes get the security headers too (remix-serve has no middleware hook). It runs
// after the Remix plugin, which sets its own entry. It targets Node (package.json engines),
// whose top-level await lets start-up stop before serving when a check fails. The browser
// build groups its modules as client-chunks.ts says.
const serverEntry: Plugin = {
  name: "easymove-server-entry",
  enforce: "post",
  config(_config, { isSsrBuild }) {
    if (isSsrBuild) return { build: { target: "node20", rollupOptions: { input: "./app/server-build.ts" } } };
    return {
      build: {
        rollupOptions: {
          treeshake: { moduleSideEffects: appModuleSideEffects },
          output: { manualChunks: clientChunks() },
        },
      },
    };
  },
};

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  // The dev server's dependency scan also walks *.server.ts imports; this native module has
  // no browser build, so keep it out of the pre-bundling.
  optimizeDeps: { exclude: ["@node-rs/argon2"] },
  plugins: inTest
    ? []
    : [
        tailwindcss(),
        remix({
          // BUILD_DIR lets two builds (e.g. parallel test runs) live side by side.
          buildDirectory: process.env.BUILD_DIR ?? "build",
          // Routes by area in "+" folders (route-config.ts); Remix's own scan is off.
          ignoredRouteFiles: ["**/*"],
          routes: (defineRoutes) => appRoutes(defineRoutes),
          future: {
            v3_fetcherPersist: true,
            v3_relativeSplatPath: true,
            v3_throwAbortReason: true,
            v3_singleFetch: true,
            v3_lazyRouteDiscovery: true,
          },
        }),
        serverEntry,
        driverServiceWorker(),
      ],
  test: {
    projects: [
      {
        extends: true as const,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true as const,
        // A fresh private checkout started with `npm start` (slow: builds the app).
        test: {
          name: "startup",
          include: ["tests/startup/**/*.test.ts"],
          environment: "node",
          testTimeout: 480_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true as const,
        // Real processes: PostgreSQL clusters of their own, stopped mid-load, and two app instances
        // (tests/reliability). One file at a time, so that no file's load skews another's figures.
        test: {
          name: "reliability",
          // tests/reliability/deploy (nginx, PgBouncer, a rolling deploy) only in the full run.
          include: [
            "tests/reliability/*.test.ts",
            ...(process.env.RELIABILITY_FULL === "1" ? ["tests/reliability/deploy/*.test.ts"] : []),
          ],
          environment: "node",
          globalSetup: ["tests/reliability/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true as const,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // A file's vi.stubEnv (set before the app reads its configuration) ends with the file.
          unstubEnvs: true,
          // One database per run; files share it, so run them one at a time.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
