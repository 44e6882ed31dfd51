// Remix 2.17 runs a host-only Origin check of its own before every page action
// (throwIfPotentialCSRFAttack in @remix-run/server-runtime/dist/actions.js) and answers a bare
// 500, with an error in the logs, for a cross-site post. The app's check (csrf.server.ts,
// wired in server-build.ts) is stricter (scheme, host and port; Referer when there is no
// Origin; proxy headers and SITE_URL honoured) and answers 403, so it takes Remix's place.
//
// Remix has no option for this: the function is replaced on the module object through which
// Remix calls it. That is an internal detail of the pinned Remix version (package.json pins
// every @remix-run package exactly), so the replacement is proven at start-up by a real
// cross-site post through Remix's own request handler, and start-up stops if it did not take.
import { createRequire } from "node:module";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";

export const REMIX_ACTIONS_MODULE = "@remix-run/server-runtime/dist/actions.js";
export const REMIX_ORIGIN_CHECK = "throwIfPotentialCSRFAttack";

/** Remix's actions module: the copy @remix-run/node (and so remix-serve) runs. */
export function remixActionsModule(): Record<string, unknown> {
  const remixNode = createRequire(import.meta.url).resolve("@remix-run/node");
  return createRequire(remixNode)(REMIX_ACTIONS_MODULE) as Record<string, unknown>;
}

/** Replaces Remix's Origin check with a no-op, then proves it; throws a clear error if not. */
export async function replaceRemixOriginCheck() {
  let actions: Record<string, unknown>;
  try {
    actions = remixActionsModule();
  } catch (error) {
    throw startupError(`${REMIX_ACTIONS_MODULE} could not be loaded`, error);
  }
  if (typeof actions[REMIX_ORIGIN_CHECK] !== "function") throw startupError(`${REMIX_ACTIONS_MODULE} has no ${REMIX_ORIGIN_CHECK}`);
  try {
    actions[REMIX_ORIGIN_CHECK] = () => {};
  } catch (error) {
    throw startupError(`${REMIX_ORIGIN_CHECK} could not be replaced`, error);
  }
  const refused = await crossSitePostsRefusedByRemix();
  if (refused.length > 0) throw startupError(`Remix still refuses a cross-site ${refused.join(" and ")} before the app's own check`);
}

function startupError(reason: string, cause?: unknown) {
  return new Error(
    `Start-up stopped: the app replaces Remix's internal Origin check with its own CSRF check ` +
      `(app/server/remix-origin-check.server.ts), and ${reason}. This happens after a change of ` +
      `@remix-run/* version: pin them back to the version package.json names, or adapt the ` +
      `replacement to the new version and run tests/unit/remix-origin-check.test.ts.`,
    { cause },
  );
}

/**
 * Posts from another origin, as a page form and as a single-fetch data request, through
 * Remix's own request handler with a one-route build; names each kind Remix refused.
 */
export async function crossSitePostsRefusedByRemix() {
  let actionsRun = 0;
  const build = {
    mode: "production",
    future: { v3_singleFetch: true },
    // handleError: what Remix refused is reported by the caller, not logged here.
    entry: { module: { default: () => new Response("document"), handleError: () => {} } },
    routes: { root: { id: "root", path: "", module: { action: () => ({ ran: ++actionsRun }), default: () => null } } },
    assets: { version: "probe", url: "", entry: { module: "", imports: [] }, routes: {} },
    publicPath: "/",
    assetsBuildDirectory: "",
    isSpaMode: false,
  };
  const handle = createRequestHandler(build as unknown as ServerBuild);
  const refused: string[] = [];
  for (const [kind, path] of [
    ["form post", "/"],
    ["data request", "/_root.data"],
  ] as const) {
    const before = actionsRun;
    const response = await handle(
      new Request(`http://app.internal${path}`, { method: "POST", headers: { Origin: "https://elsewhere.example", Host: "app.internal" } }),
    );
    if (response.status !== 200 || actionsRun === before) refused.push(kind);
  }
  return refused;
}
