// The server build our HTTP server (server.ts) loads. It is Remix's own build, with what
// wraps the routes themselves (the server checks client addresses, body sizes, cross-site
// posts and headers before a route runs):
// - responses from resource routes (JSON API, files, health) get the same security headers
//   as pages. Documents and data requests get theirs in entry.server.tsx;
// - while the database is unreachable, every loader and action answers a clear 503 (JSON for
//   resource routes, the error page for pages) instead of a 500;
// - a page's action reads only a form body it can parse, of at most 1 MB (a 415, 413 or 400
//   otherwise: server/form-body.server.ts); text the database cannot store (a NUL byte) is a
//   400, not a 500 (server/bad-input.server.ts);
// - a page's action answering with the form's errors marks the page's title "Error: "
//   (server/form-errors.server.ts).
import type { ServerBuild } from "@remix-run/node";
import * as build from "virtual:remix/server-build";
import { backgroundJobsReady, startBackgroundJobs, stopBackgroundJobs } from "~/server/background.server";
import { withInvalidTextAsBadRequest } from "~/server/platform/bad-input.server";
import { isDatabaseUnavailable, serviceUnavailable } from "~/server/platform/db-errors.server";
import { closeDatabase } from "~/server/platform/db.server";
import { withFormBodyCheck } from "~/server/platform/form-body.server";
import { withFormErrorTitle } from "~/server/platform/form-errors.server";
import { endLiveStreams } from "~/server/platform/live.server";
import { metrics } from "~/server/platform/metrics.server";
import { readiness } from "~/server/platform/readiness.server";
import { applyMissingSecurityHeaders } from "~/server/platform/security-headers.server";
import { createSharedRenderCache, sharedRenderPaths } from "~/server/platform/shared-render.server";
import { routeHandle } from "~/utils/route-handle";

export * from "virtual:remix/server-build";

type RouteModule = ServerBuild["routes"][string]["module"];
type Handler = NonNullable<RouteModule["loader"]>;

function withHeaders(handler: Handler): Handler {
  return async (args) => {
    try {
      const result = await handler(args);
      if (result instanceof Response) applyMissingSecurityHeaders(result.headers);
      return result;
    } catch (thrown) {
      if (thrown instanceof Response) applyMissingSecurityHeaders(thrown.headers);
      throw thrown;
    }
  };
}

function withDatabaseOutage(handler: Handler, { resource }: { resource: boolean }): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (thrown) {
      if (thrown instanceof Response || !isDatabaseUnavailable(thrown)) throw thrown;
      metrics.dbErrors.inc({ kind: "unavailable" });
      // A page shows the error page (thrown); an API caller gets JSON (returned as its answer).
      if (resource) return serviceUnavailable({ json: true });
      throw serviceUnavailable({ json: false });
    }
  };
}

function isResourceRoute(module: RouteModule) {
  return module.default == null && module.ErrorBoundary == null;
}

const serverBuild = build as unknown as ServerBuild;

export const routes: ServerBuild["routes"] = Object.fromEntries(
  Object.entries(serverBuild.routes).map(([id, route]) => {
    const resource = isResourceRoute(route.module);
    const module = { ...route.module };
    if (module.loader) module.loader = withDatabaseOutage(module.loader, { resource });
    if (module.action) module.action = withDatabaseOutage(module.action, { resource });
    // Text the database refuses (a NUL byte in a param, query or field) is a 400 (server/bad-input.server.ts).
    if (module.loader) module.loader = withInvalidTextAsBadRequest(module.loader, { resource }) as Handler;
    if (module.action) module.action = withInvalidTextAsBadRequest(module.action, { resource }) as Handler;
    if (module.action && !resource)
      module.action = withFormErrorTitle(
        withFormBodyCheck(module.action, { largeBody: routeHandle(module.handle).largeBody }),
      ) as Handler;
    if (resource) {
      if (module.loader) module.loader = withHeaders(module.loader);
      if (module.action) module.action = withHeaders(module.action);
    }
    return [id, { ...route, module }];
  }),
);

/**
 * What the server (server.ts) starts once it listens, and ends at shutdown: first the event
 * streams, then (after the requests in flight) the job workers, whose jobs in hand finish or
 * go back to the queue, and the database. And what it asks before saying it is ready for
 * traffic (/readyz): the database, the migrations, and this instance's job workers.
 */
export const lifecycle = {
  startBackgroundJobs() {
    void startBackgroundJobs();
  },
  endLiveStreams,
  async readiness() {
    const state = await readiness();
    return backgroundJobsReady() ? state : { ...state, ready: false, jobs: "not running" as const };
  },
  async closeDatabase() {
    await stopBackgroundJobs();
    await closeDatabase();
  },
};

/**
 * The cache of shared renders for the server (server.ts), from this build's own copy of the
 * module: the placeholders it fills in are the ones this build's pages were rendered with.
 */
export function createSharedRenders(render: (path: string) => Promise<Response>) {
  return createSharedRenderCache({ paths: sharedRenderPaths(routes), render });
}
