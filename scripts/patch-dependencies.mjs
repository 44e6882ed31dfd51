#!/usr/bin/env node
// Small source patches to dependencies, applied after every install (package.json's
// postinstall). Each names the exact version it was written for; another version is left
// alone with a warning, and tests/unit/dependency-patches.test.ts fails until the patch is
// brought up to date. Idempotent: a file already patched is left as it is.
//
// The server's route matching (server side, CommonJS): Remix matched a document's path against
// the ~130 routes five or six times, and each match flattened and ranked every route branch
// again and compiled every path pattern to a RegExp again (17 % of a signed-in page's server
// time). The routes never change once the build is loaded, so:
// - @remix-run/router keeps the ranked branches per routes array (a WeakMap), each compiled
//   pattern, and each pathname's matches per routes array (handed out as copies);
// - @remix-run/react's RemixServer makes the render's routes once per build (they were made
//   afresh for every document), and react-router-dom's static router their data routes once per
//   routes array, so the render's matches find the kept branches too.
// The browser uses the ES module builds, where lazy route discovery adds routes in place, and is
// not patched.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
/** Changed with each revision of the patches, so a file patched by an older one is told apart. */
export const PATCH_MARK = "EasyMove patch r2 (scripts/patch-dependencies.mjs)";

export const patches = [
  {
    name: "@remix-run/router",
    version: "1.23.3",
    file: "node_modules/@remix-run/router/dist/router.cjs.js",
    replacements: [
      {
        find: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;\n  let decoded = decodePath(pathname);\n",
        replace: `  let branches = rankedBranchesOf(routes);
  let decoded = decodePath(pathname);
  // ${PATCH_MARK}: a pathname matched once per routes array, each caller given a copy.
  let known = knownMatchesOf(branches);
  let key = (allowPartial ? "partial:" : "whole:") + decoded;
  if (known.has(key)) return copyMatches(known.get(key));
  let matches = null;
`,
      },
      {
        find: "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  return matches;\n}\n",
        replace:
          "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  rememberMatches(known, key, matches);\n  return copyMatches(matches);\n}\n",
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
const knownMatches = new WeakMap();
function knownMatchesOf(branches) {
  let known = knownMatches.get(branches);
  if (!known) {
    known = new Map();
    knownMatches.set(branches, known);
  }
  return known;
}
function rememberMatches(known, key, matches) {
  // Paths with ids are many: past a thousand the map starts again (the common ones come back at once).
  if (known.size >= 1000) known.clear();
  known.set(key, matches);
}
// A branch's matches share one params object, and so do the copies.
function copyMatches(matches) {
  if (!matches) return null;
  let params = matches.length > 0 ? { ...matches[matches.length - 1].params } : {};
  return matches.map((match) => ({ ...match, params }));
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
  {
    name: "react-router-dom",
    version: "6.30.4",
    file: "node_modules/react-router-dom/server.js",
    replacements: [
      {
        find: "  let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);\n",
        replace: `  // ${PATCH_MARK}: the data routes of a routes array made once (a static render only reads them).
  let known = staticDataRoutes.get(routes);
  if (!known) {
    let manifest = {};
    let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);
    known = { manifest, dataRoutes };
    staticDataRoutes.set(routes, known);
  }
  let { manifest, dataRoutes } = known;
`,
      },
      {
        find: "function createStaticRouter(routes, context, opts = {}) {\n",
        replace: "const staticDataRoutes = new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {\n",
      },
    ],
  },
  {
    name: "@remix-run/react",
    version: "2.17.5",
    file: "node_modules/@remix-run/react/dist/server.js",
    replacements: [
      {
        find: "  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n",
        replace: "  let routes$1 = serverRoutesOf(manifest.routes, routeModules, context.future, context.isSpaMode);\n",
      },
      {
        find: "function RemixServer({\n",
        replace: `// ${PATCH_MARK}: a build's render routes made once (they depend only on
// the build: its manifest and route modules), not for every document.
const serverRoutes = new WeakMap();
function serverRoutesOf(manifestRoutes, routeModules, future, isSpaMode) {
  let known = serverRoutes.get(manifestRoutes);
  if (
    !known ||
    known.future !== future ||
    known.isSpaMode !== isSpaMode ||
    Object.keys(manifestRoutes).some((id) => known.routeModules[id] !== routeModules[id])
  ) {
    known = { routes: routes.createServerRoutes(manifestRoutes, routeModules, future, isSpaMode), routeModules, future, isSpaMode };
    serverRoutes.set(manifestRoutes, known);
  }
  return known.routes;
}
function RemixServer({
`,
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
  if (source.includes("EasyMove patch"))
    return `${patch.file} has an older revision of the patch: reinstall ${patch.name} (rm -rf node_modules/${patch.name} && npm install)`;
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
