// The server build remix-serve loads. It is Remix's own build, with one change: responses
// from resource routes (JSON API, files, health) get the same security headers as pages,
// since remix-serve offers no middleware hook. Documents and data requests get theirs in
// entry.server.tsx.
import * as build from "virtual:remix/server-build";
import type { ServerBuild } from "@remix-run/node";
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

const serverBuild = build as unknown as ServerBuild;

export const routes: ServerBuild["routes"] = Object.fromEntries(
  Object.entries(serverBuild.routes).map(([id, route]) => {
    if (!isResourceRoute(route.module)) return [id, route];
    const module = { ...route.module };
    if (module.loader) module.loader = withHeaders(module.loader);
    if (module.action) module.action = withHeaders(module.action);
    return [id, { ...route, module }];
  }),
);
