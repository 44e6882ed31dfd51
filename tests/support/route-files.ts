// Every route module in app/routes, as Remix sees them (route-config.ts), each with the flat
// name its file would have outside the area folders: `api+/admin.users.$id.ts` is
// `api.admin.users.$id`, `_auth+/signin.tsx` is `signin`, `admin+/_layout.tsx` is `admin`,
// `driver+/_index.tsx` is `driver`.
// Tests that cover every route find them here, so a new route joins them by itself.
import path from "node:path";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { appRoutes } from "../../route-config";

const appDirectory = path.resolve(import.meta.dirname, "../../app");

export type RouteFile = {
  name: string;
  /** The module, from the project's root: /app/routes/api+/quotes.calculate.ts. */
  file: string;
  /** The URL pattern: /admin/users/:id. */
  path: string;
  /** A layout (admin+/_layout.tsx around admin+/dashboard.tsx): other routes nest in it. */
  hasChildren: boolean;
};

function flatName(id: string) {
  return id
    .replace(/^routes\//, "")
    .replace(/\/(route|_layout)$/, "")
    .replace(/^([^_/][^/]*\+)\/_index$/, "$1") // an area's index page: driver+/_index.tsx is /driver
    .replace(/^_[^/]+\+\//, "") // a pathless area adds nothing
    .replace(/^([^/]+)\+$/, "$1") // an area's own layout
    .replace(/^([^/]+)\+\//, "$1.");
}

const manifest = Object.values(appRoutes(defineRoutes, appDirectory));

/** The URL pattern of a route: its own path after its parents'. */
function fullPath(id: string): string {
  const route = manifest.find((entry) => entry.id === id)!;
  const parent = route.parentId && route.parentId !== "root" ? fullPath(route.parentId) : "";
  return [parent, route.path ?? ""].filter(Boolean).join("/");
}

export const ROUTE_FILES: RouteFile[] = manifest.map((route) => ({
  name: flatName(route.id),
  file: `/app/${route.file}`,
  path: `/${fullPath(route.id)}`,
  hasChildren: manifest.some((other) => other.parentId === route.id),
}));

/** The route modules of an eager import.meta.glob, keyed by flat name. */
export function routeModules<T>(
  globbed: Record<string, T>,
  keep: (route: RouteFile) => boolean = () => true,
): Record<string, T> {
  const byFile = new Map(
    Object.entries(globbed).map(([file, module]) => [
      path.resolve(appDirectory, "..", file.replace(/^(\.\.\/)+|^\//, "")),
      module,
    ]),
  );
  const modules: Record<string, T> = {};
  for (const route of ROUTE_FILES) {
    const module = byFile.get(path.resolve(appDirectory, "..", route.file.slice(1)));
    if (module && keep(route)) modules[route.name] = module;
  }
  return modules;
}

/** A URL of a route, each of its parameters given a sample value: admin.users.$id → /admin/users/sample. */
export function sampleRoute(name: string, sample: (param: string) => string) {
  const route = ROUTE_FILES.find((entry) => entry.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  const params: Record<string, string> = {};
  const url = route.path.replace(
    /:([\w-]+)\??|\*/g,
    (_match, param: string | undefined) => (params[param ?? "*"] = sample(param ?? "*")),
  );
  return { path: url, params };
}
