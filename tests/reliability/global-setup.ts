// Builds the production build the reliability tests serve (BUILD_DIR build-reliability, or
// RELIABILITY_BUILD_DIR), once per run and only when a source is newer than it.
import { spawn } from "node:child_process";
import path from "node:path";

export default async function setup() {
  const buildDir = process.env.RELIABILITY_BUILD_DIR ?? "build-reliability";
  process.env.BUILD_DIR = buildDir; // read by build.mjs when it is imported
  const { buildIsStale } = await import("../../scripts/lib/build.mjs");
  const { root } = await import("../../scripts/lib/database.mjs");
  if (!buildIsStale()) return;
  console.log(`Building the app into ${buildDir} ...`);
  // Not as a test: vite.config.ts leaves the Remix plugin out when VITEST is set.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir };
  for (const name of Object.keys(env)) if (name.startsWith("VITEST") || name === "TEST") delete env[name];
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "remix"), ["vite:build"], {
      cwd: root,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) throw new Error(`The build into ${buildDir} failed (exit code ${code}); see the output above.`);
}
