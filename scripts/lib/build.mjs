// "Builds if needed": the app is rebuilt when any source is newer than the server build.
import fs from "node:fs";
import path from "node:path";
import { root } from "./database.mjs";
import { mustRun } from "./run.mjs";

const SOURCES = ["app", "public", "generated", "vite.config.ts", "package.json", "package-lock.json"];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export const buildDir = process.env.BUILD_DIR ?? "build";

export function buildIsStale() {
  const serverBuild = path.join(root, buildDir, "server", "index.js");
  if (!fs.existsSync(serverBuild)) return true;
  const newestSource = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
  return newestSource > fs.statSync(serverBuild).mtimeMs;
}

export async function buildIfNeeded() {
  if (!buildIsStale()) return;
  console.log("Building the app ...");
  await mustRun("remix", ["vite:build"], { env: { ...process.env, NODE_ENV: "production" } });
}
