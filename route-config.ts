// How files in app/routes become routes, for the Vite plugin and for the tests that walk every
// route. Routes are grouped by area in "+" folders (remix-flat-routes): `api+/quotes.calculate.ts`
// is `api.quotes.calculate.ts`, and `_auth+/signin.tsx` is `/signin` (a leading "_" adds no URL
// segment). A route's own helpers sit beside it and are not routes.
import type { DefineRoutesFunction } from "@remix-run/dev/dist/config/routes";
import { flatRoutes } from "remix-flat-routes";

/** Files in app/routes that are a route's helpers, not routes. */
export const ROUTE_HELPER_FILES = ["**/.*", "**/*.server.*", "**/*.client.*", "**/*.test.*", "**/__*.*", "**/*.css"];

export function appRoutes(defineRoutes: DefineRoutesFunction, appDirectory?: string) {
  return flatRoutes("routes", defineRoutes, {
    ignoredRouteFiles: ROUTE_HELPER_FILES,
    ...(appDirectory ? { appDir: appDirectory } : {}),
  });
}
