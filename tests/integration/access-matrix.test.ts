// Who may open what. Every admin page (app/routes/admin+/_layout+/) and every /api/admin/* route
// (app/routes/api+/admin.*) is found by route name, so the matrix grows by itself with each
// new route, and is tried as anonymous, customer, driver, deactivated admin and admin:
//   pages: no session → /admin/login?redirectTo=…, a non-admin → /, an admin → the page;
//   API:   no (valid) credentials → 401 JSON, a non-admin → 403 JSON, an admin → served,
//          with the session cookie and with a bearer token alike.
// The guard must hold in the layout loader (admin+/_layout.tsx) and in each page's own loader and
// action, since Remix runs a child's action without the layout's loader.
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import * as adminLayout from "~/routes/admin+/_layout";
import { db } from "~/server/platform/db.server";
import { routeModules, sampleRoute } from "../support/route-files";
import { bearerFor, BASE, call, createAccount, type Outcome, sessionCookie } from "./auth-helpers";

type Handler = (args: ActionFunctionArgs) => unknown;
type RouteModule = { loader?: Handler; action?: Handler; default?: unknown };

// Every route module, by its flat name (tests/support/route-files.ts).
const everyRoute = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}", { eager: true });
const pageModules = routeModules(everyRoute, (route) => route.name.startsWith("admin.") && route.file.endsWith(".tsx"));
const apiModules = routeModules(everyRoute, (route) => route.name.startsWith("api.admin."));
const outsideLayout = routeModules(everyRoute, (route) => route.name.startsWith("admin_."));
// Admin-only outside /admin and /api/admin (docs/decisions/008-admin-only-payment-tools.md: /stripe-config and /payment-test).
const adminPagesElsewhere = routeModules(everyRoute, (route) => ["stripe-config", "payment-test"].includes(route.name));
const adminApisElsewhere = routeModules(everyRoute, (route) => route.name === "api.config.stripe");

const SAMPLE_PARAM = "matrix-test-id";

/** The URL and params of a route by its flat name: admin.users.$id → /admin/users/matrix-test-id. */
const routeOf = (name: string) => ({ file: name, ...sampleRoute(name, () => SAMPLE_PARAM) });

const adminPages = [
  ...Object.entries(pageModules).map(([file, module]) => ({ ...routeOf(file), module, inLayout: true })),
  ...Object.entries(adminPagesElsewhere).map(([file, module]) => ({ ...routeOf(file), module, inLayout: false })),
];
// The two ways in are open to all by nature; every other one is guarded.
const PUBLIC_ADMIN_APIS = ["/api/admin/login", "/api/admin/signup"];
const allAdminApis = Object.entries({ ...apiModules, ...adminApisElsewhere }).map(([file, module]) => ({
  ...routeOf(file),
  module,
}));
const adminApis = allAdminApis.filter((api) => !PUBLIC_ADMIN_APIS.includes(api.path));

type Credentials = { cookie?: string; token?: string };
type Actor = "anonymous" | "customer" | "driver" | "deactivated admin" | "admin";
const ACTORS: Actor[] = ["anonymous", "customer", "driver", "deactivated admin", "admin"];
const credentials = {} as Record<Actor, { session: Credentials; token: Credentials }>;

beforeAll(async () => {
  credentials.anonymous = { session: {}, token: {} };
  for (const [actor, role] of [
    ["customer", "customer"],
    ["driver", "driver"],
    ["deactivated admin", "admin"],
    ["admin", "admin"],
  ] as const) {
    const user = await createAccount({ role });
    credentials[actor] = { session: { cookie: await sessionCookie(user) }, token: { token: await bearerFor(user) } };
    // Deactivated after signing in: the session and token it already holds must stop working.
    if (actor === "deactivated admin") await db.user.update({ where: { id: user.id }, data: { isActive: false } });
  }
});

function request(path: string, method: string, { cookie, token }: Credentials) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const body = method === "GET" ? undefined : new URLSearchParams();
  if (body) headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(`${BASE}${path}`, { method, headers, body });
}

const loginRedirect = (path: string) => `/admin/login?redirectTo=${encodeURIComponent(path)}`;

function expectPageGuard(outcome: Outcome, actor: Actor, path: string) {
  if (actor === "admin") {
    const guarded = outcome.location === "/" || outcome.location?.startsWith("/admin/login");
    expect(guarded, `admin was turned away from ${path}: ${outcome.status} ${outcome.location}`).toBeFalsy();
    expect(outcome.status).toBeLessThan(500);
    return;
  }
  expect(outcome.status, `${actor} on ${path}`).toBe(302);
  expect(outcome.location, `${actor} on ${path}`).toBe(
    actor === "customer" || actor === "driver" ? "/" : loginRedirect(path),
  );
}

function expectApiGuard(outcome: Outcome, actor: Actor, label: string) {
  const expected = { anonymous: 401, "deactivated admin": 401, customer: 403, driver: 403 } as Record<Actor, number>;
  if (actor === "admin") {
    expect([401, 403], `admin refused on ${label}`).not.toContain(outcome.status);
    expect(outcome.status, label).toBeLessThan(500);
    return;
  }
  expect(outcome.status, `${actor} on ${label}`).toBe(expected[actor]);
  expect(outcome.headers.get("content-type"), label).toContain("application/json");
  expect(outcome.body.error, label).toBeTruthy();
}

describe("the matrix knows the routes", () => {
  it("finds the admin pages and /api/admin/* endpoints that exist today", () => {
    expect(adminPages.map((page) => page.path)).toContain("/admin/dashboard");
    expect(adminApis.map((api) => api.path)).toContain("/api/admin/stats");
    expect(adminPages.map((page) => page.path)).toContain("/stripe-config");
    expect(adminApis.map((api) => api.path)).toContain("/api/config/stripe");
    expect(allAdminApis.map((api) => api.path)).toEqual(expect.arrayContaining(PUBLIC_ADMIN_APIS));
  });

  it("keeps /admin/login and /admin/signup outside the guarded layout, open to everyone", async () => {
    const paths = Object.keys(outsideLayout).map((file) => routeOf(file).path);
    expect(paths).toEqual(expect.arrayContaining(["/admin/login", "/admin/signup"]));
    for (const [file, module] of Object.entries(outsideLayout)) {
      const { path } = routeOf(file);
      const outcome = await call(module.loader!, request(path, "GET", {}));
      // The two-factor code step is only for a browser that just gave an admin's password.
      if (path === "/admin/login/code") expect(outcome.location).toBe("/admin/login");
      else expect(outcome.status).toBe(200);
    }
  });
});

describe("the admin layout (/admin)", () => {
  for (const actor of ACTORS) {
    it(`${actor}`, async () => {
      const outcome = await call(adminLayout.loader as Handler, request("/admin", "GET", credentials[actor].session));
      if (actor === "admin") expect(outcome.location).toBe("/admin/dashboard");
      else expectPageGuard(outcome, actor, "/admin");
    });
  }
});

describe.each(adminPages)("admin page $path ($file)", ({ path, params, module, inLayout }) => {
  for (const actor of ACTORS) {
    it(`GET as ${actor}`, async () => {
      if (inLayout) {
        const layout = await call(
          adminLayout.loader as Handler,
          request(path, "GET", credentials[actor].session),
          params,
        );
        expectPageGuard(layout, actor, path);
        if (actor === "admin") expect(layout.thrown).toBe(false);
      }
      if (module.loader)
        expectPageGuard(
          await call(module.loader, request(path, "GET", credentials[actor].session), params),
          actor,
          path,
        );
    });

    if (module.action) {
      it(`POST as ${actor}`, async () => {
        expectPageGuard(
          await call(module.action, request(path, "POST", credentials[actor].session), params),
          actor,
          path,
        );
      });
    }
  }

  it("is not opened by an admin's bearer token (pages take the session cookie only)", async () => {
    const guard = inLayout ? (adminLayout.loader as Handler) : module.loader!;
    const outcome = await call(guard, request(path, "GET", credentials.admin.token), params);
    expect(outcome.location).toBe(loginRedirect(path));
  });
});

describe.each(adminApis)("admin API $path ($file)", ({ path, params, module }) => {
  for (const actor of ACTORS) {
    for (const via of ["session", "token"] as const) {
      if (actor === "anonymous" && via === "token") continue;
      const how = actor === "anonymous" ? "" : ` with a ${via === "session" ? "session cookie" : "bearer token"}`;
      if (module.loader) {
        it(`GET as ${actor}${how}`, async () => {
          expectApiGuard(
            await call(module.loader, request(path, "GET", credentials[actor][via]), params),
            actor,
            `GET ${path}`,
          );
        });
      }
      if (module.action) {
        for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
          it(`${method} as ${actor}${how}`, async () => {
            expectApiGuard(
              await call(module.action, request(path, method, credentials[actor][via]), params),
              actor,
              `${method} ${path}`,
            );
          });
        }
      }
    }
  }

  it("refuses a made-up bearer token with 401", async () => {
    const handler = module.loader ?? module.action!;
    const outcome = await call(
      handler,
      request(path, module.loader ? "GET" : "POST", { token: "made-up-token" }),
      params,
    );
    expect(outcome.status).toBe(401);
  });
});
