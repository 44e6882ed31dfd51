// How the browser build groups modules into files (Rollup's manualChunks), measured in
// docs/PERFORMANCE.md. Left to itself, Rollup makes one file for each set of pages that share a
// module, so the home page loaded 25 small files: each repeats its imports and exports and is
// compressed apart, and the same code cost ~25 % more gzipped than in one file.
//
// - "root": what every page loads anyway: React, Remix, Vite's preload helper, and the root
//   layout with everything it imports.
// - "form-ui": the plain form parts (fields, buttons, the error summary, pending state) that
//   every page with a form loads.
// - "conform": conform and our hook over it, for the pages whose forms use it.
// Everything else is left to Rollup: route modules, and code loaded on first use.
import type { GetManualChunk, ManualChunkMeta } from "rollup";

/** Packages every page runs. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//;
const FORM_UI =
  /\/app\/(components\/ui\/(button|field|error-summary|honeypot-fields)\.tsx|utils\/(use-pending|honeypot-fields)\.ts)$/;
const CONFORM =
  /(\/node_modules\/@conform-to\/(react|dom)\/|\/app\/(utils\/use-validated-form\.ts|components\/ui\/form-field\.tsx)$)/;

const isRootRoute = (id: string) => /\/app\/root\.tsx(\?|$)/.test(id);

/** The root route's modules and the app modules they import (not packages: see FRAMEWORK). */
function rootLayoutModules(meta: ManualChunkMeta) {
  const layout = new Set<string>();
  const stack = [...meta.getModuleIds()].filter(isRootRoute);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (layout.has(id) || id.includes("/node_modules/")) continue;
    layout.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return layout;
}

/**
 * Our own modules run nothing when imported (only stylesheets do): a module whose exports the
 * browser build does not use is left out, though it computes constants at its top level (a list
 * of options, say). A form shown by LiveOnFirstUse is imported by its route for the server's
 * rendering only, and this keeps it out of the route's browser file.
 */
export function appModuleSideEffects(id: string) {
  return !(id.includes("/app/") && !id.includes("/node_modules/") && !/\.css($|\?)/.test(id));
}

export function clientChunks(): GetManualChunk {
  let layout: Set<string> | null = null;
  return (id, meta) => {
    layout ??= rootLayoutModules(meta);
    if (FRAMEWORK.test(id) || id.includes("vite/preload-helper") || layout.has(id)) return "root";
    if (FORM_UI.test(id)) return "form-ui";
    if (CONFORM.test(id)) return "conform";
    return undefined;
  };
}
