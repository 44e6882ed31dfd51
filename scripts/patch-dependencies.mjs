#!/usr/bin/env node
// Small source patches to dependencies, applied after every install (package.json's
// postinstall). Each names the exact version it was written for; another version is left
// alone with a warning, and tests/unit/dependency-patches.test.ts fails until the patch is
// brought up to date. Idempotent: a file already patched is left as it is.
//
// @remix-run/router (server side, CommonJS): Remix matches a request against the ~130 routes
// four times per document, and each match flattened and ranked every route branch again and
// compiled every path pattern to a RegExp again (17 % of a signed-in page's server time). The
// server's route arrays never change after the build is loaded, so the ranked branches are
// kept per routes array (a WeakMap) and the compiled patterns per pattern. The browser uses
// the ES module build, where lazy route discovery adds routes in place, and is not patched.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
export const PATCH_MARK = "EasyMove patch (scripts/patch-dependencies.mjs)";

export const patches = [
  {
    name: "@remix-run/router",
    version: "1.23.3",
    file: "node_modules/@remix-run/router/dist/router.cjs.js",
    replacements: [
      {
        find: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
        replace: "  let branches = rankedBranchesOf(routes);\n",
      },
      {
        find: "function flattenRoutes(routes, branches, parentsMeta, parentPath) {",
        replace: `// ${PATCH_MARK}: the ranked branches of a routes array, worked out once.
const rankedBranches = new WeakMap();
function rankedBranchesOf(routes) {
  let branches = rankedBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }
  return branches;
}
function flattenRoutes(routes, branches, parentsMeta, parentPath) {`,
      },
      {
        find: "function compilePath(path, caseSensitive, end) {",
        replace: `// ${PATCH_MARK}: each pattern compiled once (the RegExp has no state: no g or y flag).
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\0" + Boolean(caseSensitive) + "\\0" + (end === void 0 ? true : end);
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    compiled = compilePathOnce(path, caseSensitive, end);
    if (compiledPaths.size < 2000) compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathOnce(path, caseSensitive, end) {`,
      },
    ],
  },
];

/** Applies one patch: "patched", "already patched", or why not. */
export function applyPatch(patch, base = root) {
  const file = path.join(base, patch.file);
  const manifest = path.join(base, "node_modules", patch.name, "package.json");
  if (!fs.existsSync(file) || !fs.existsSync(manifest)) return `${patch.name} is not installed`;
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8"));
  if (version !== patch.version) return `${patch.name} is ${version}, the patch is for ${patch.version}`;
  let source = fs.readFileSync(file, "utf8");
  if (source.includes(PATCH_MARK)) return "already patched";
  for (const { find, replace } of patch.replacements) {
    if (source.split(find).length !== 2) return `${patch.file} no longer has the text the patch replaces`;
    source = source.replace(find, () => replace);
  }
  fs.writeFileSync(file, source);
  return "patched";
}

// Run as the program (postinstall), not imported by the test: compared as file URLs, so a
// checkout in a folder whose name has spaces is patched too.
if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  for (const patch of patches) {
    const outcome = applyPatch(patch);
    if (outcome === "patched" || outcome === "already patched") continue;
    console.warn(`scripts/patch-dependencies.mjs: ${patch.name} left unpatched: ${outcome}.`);
  }
}
