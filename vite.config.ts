/// <reference types="vitest/config" />
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const inTest = Boolean(process.env.VITEST);

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  build: {
    // The server build starts from app/server-build.ts, which adds the security headers to
    // resource routes too (remix-serve gives us no middleware hook).
    rollupOptions: isSsrBuild ? { input: "./app/server-build.ts" } : undefined,
  },
  plugins: inTest
    ? []
    : [
        tailwindcss(),
        remix({
          // BUILD_DIR lets two builds (e.g. parallel test runs) live side by side.
          buildDirectory: process.env.BUILD_DIR ?? "build",
          future: {
            v3_fetcherPersist: true,
            v3_relativeSplatPath: true,
            v3_throwAbortReason: true,
            v3_singleFetch: true,
            v3_lazyRouteDiscovery: true,
          },
        }),
      ],
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // One database per run; files share it, so run them one at a time.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
