// Builds the driver app's service worker (app/service-worker/driver.ts) after the
// browser build: esbuild bundles it into one classic script, then Serwist's injectManifest
// writes the list of the build's scripts and styles into it, with their hashes, so the driver
// pages open with no signal. It lands at the top of the client build (/driver-sw.js), so its
// scope can be the whole site; it only answers for the driver's pages.
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

export function driverServiceWorker(): Plugin {
  let outDir = "";
  let serverBuild = false;
  return {
    name: "easymove-driver-service-worker",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (serverBuild) return;
      const [{ build }, { injectManifest }] = await Promise.all([import("esbuild"), import("@serwist/build")]);
      const bundled = path.join(outDir, "..", "driver-sw.bundle.js");
      await build({
        entryPoints: [path.resolve("app/service-worker/driver.ts")],
        bundle: true,
        format: "iife",
        minify: true,
        target: "es2020",
        outfile: bundled,
        define: { "process.env.NODE_ENV": '"production"' },
        logLevel: "warning",
      });
      const { count, size, warnings } = await injectManifest({
        swSrc: bundled,
        swDest: path.join(outDir, "driver-sw.js"),
        globDirectory: outDir,
        globPatterns: ["assets/**/*.{js,css}"],
        // Hashed file names already say when a file changed.
        dontCacheBustURLsMatching: /^assets\//,
      });
      fs.rmSync(bundled, { force: true });
      for (const warning of warnings) console.warn(`driver-sw: ${warning}`);
      console.log(`driver-sw.js: ${count} files to precache, ${Math.round(size / 1024)} KB`);
    },
  };
}
