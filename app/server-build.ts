// The server build remix-serve loads. It is Remix's own build, with two changes, since
// remix-serve offers no middleware hook:
// - every route's action (pages and resource routes) first passes the CSRF Origin check of
//   server/csrf.server.ts: a cross-site POST/PUT/PATCH/DELETE gets a 403;
// - responses from resource routes (JSON API, files, health) get the same security headers
//   as pages. Documents and data requests get theirs in entry.server.tsx.
import { createRequire } from "node:module";
import * as build from "virtual:remix/server-build";
import type { ServerBuild } from "@remix-run/node";
import { withCsrfCheck } from "~/server/csrf.server";
import { env } from "~/server/env.server";
import { applySecurityHeaders } from "~/server/security-headers.server";

export * from "virtual:remix/server-build";

type RouteModule = ServerBuild["routes"][string]["module"];
type Handler = NonNullable<RouteModule["loader"]>;

function withHeaders(handler: Handler): Handler {
  return async (args) => {
    try {
      const result = await handler(args);
      if (result instanceof Response) applySecurityHeaders(result.headers);
      return result;
    } catch (thrown) {
      if (thrown instanceof Response) applySecurityHeaders(thrown.headers);
      throw thrown;
    }
  };
}

function isResourceRoute(module: RouteModule) {
  return module.default == null && module.ErrorBoundary == null;
}

// Remix 2.17 has a host-only Origin check of its own for page actions, run before any
// action and answering a bare 500 (and an error in the logs) for a cross-site post. The
// check below is stricter (scheme, host and port; Referer when there is no Origin; proxy
// headers and SITE_URL honoured) and answers 403, so it takes the place of Remix's. If a
// Remix upgrade moves that function, this does nothing and Remix's own check still refuses.
function replaceRemixOriginCheck() {
  try {
    const remixActions = createRequire(import.meta.url)("@remix-run/server-runtime/dist/actions.js") as Record<string, unknown>;
    if (typeof remixActions.throwIfPotentialCSRFAttack === "function") remixActions.throwIfPotentialCSRFAttack = () => {};
  } catch {
    // Not found: Remix's own check stays in force.
  }
}
replaceRemixOriginCheck();

const serverBuild = build as unknown as ServerBuild;

export const routes: ServerBuild["routes"] = Object.fromEntries(
  Object.entries(serverBuild.routes).map(([id, route]) => {
    const resource = isResourceRoute(route.module);
    const module = { ...route.module };
    // Page routes are checked even without a cookie (login CSRF); API calls with a bearer
    // token and no cookie pass.
    if (module.action) module.action = withCsrfCheck(module.action, { siteUrl: env.SITE_URL, alwaysCheck: !resource });
    if (resource) {
      if (module.loader) module.loader = withHeaders(module.loader);
      if (module.action) module.action = withHeaders(module.action);
    }
    return [id, { ...route, module }];
  }),
);
