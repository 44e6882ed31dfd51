// The dependency patches (patches/, applied on install by patch-package, which fails the install
// when a patch no longer applies or was made for another version) are in this install, and the
// patched router still matches and ranks routes as React Router documents it. Nothing here
// writes to node_modules.
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The server's copy: the CommonJS build that @remix-run/server-runtime requires.
const router = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");

const MARK = "EasyMove patch (patches/, applied by patch-package)";

/** Each patch file names its package and version: "@remix-run+router+1.23.3.patch". */
const patchFiles = fs.readdirSync("patches").filter((file) => file.endsWith(".patch"));

describe("dependency patches", () => {
  it.each(patchFiles)("%s is for the installed version, and applied", (file) => {
    const [, name, version] = /^(.+)\+(\d[^+]*)\.patch$/.exec(file)!;
    const packageName = name!.replace("+", "/");
    const installed = JSON.parse(fs.readFileSync(`node_modules/${packageName}/package.json`, "utf8")) as {
      version: string;
    };
    expect(installed.version).toBe(version);
    const patched = [...fs.readFileSync(`patches/${file}`, "utf8").matchAll(/^\+\+\+ b\/(\S+)$/gm)].map(
      (match) => match[1]!,
    );
    expect(patched.length).toBeGreaterThan(0);
    for (const target of patched) expect(fs.readFileSync(target, "utf8")).toContain(MARK);
  });
});

describe("the patched router (ranked branches and matches kept per routes array, patterns compiled once)", () => {
  const routes = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "index", index: true },
        { id: "job", path: "jobs/:id" },
        { id: "new-job", path: "jobs/new" },
        { id: "optional", path: "docs/:lang?/guide" },
        { id: "splat", path: "*" },
      ],
    },
  ];
  const leaf = (pathname: string) => router.matchRoutes(routes, pathname)?.at(-1);

  it("matches by rank, every time: a static segment before a parameter, a splat last", () => {
    for (let round = 0; round < 3; round++) {
      expect(leaf("/jobs/new")?.route.id).toBe("new-job");
      expect(leaf("/jobs/42")).toMatchObject({ route: { id: "job" }, params: { id: "42" } });
      expect(leaf("/")?.route.id).toBe("index");
      expect(leaf("/docs/guide")?.route.id).toBe("optional");
      expect(leaf("/docs/fr/guide")?.params).toMatchObject({ lang: "fr" });
      expect(leaf("/anything/else")).toMatchObject({ route: { id: "splat" }, params: { "*": "anything/else" } });
    }
  });

  it("a new routes array is ranked on its own", () => {
    const other = [{ id: "only", path: "/jobs/:id" }];
    expect(router.matchRoutes(other, "/jobs/new")?.at(-1)?.route.id).toBe("only");
    expect(leaf("/jobs/new")?.route.id).toBe("new-job");
  });

  it("a pathname matched again gives equal matches, as copies: a caller's changes reach no other", () => {
    const first = router.matchRoutes(routes, "/jobs/42")!;
    const again = router.matchRoutes(routes, "/jobs/42")!;
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(again[0]!.route).toBe(first[0]!.route);
    // A branch's matches share one params object, in the copies too.
    expect(again[0]!.params).toBe(again[1]!.params);
    (first[1]!.params as Record<string, string>).id = "changed";
    expect(router.matchRoutes(routes, "/jobs/42")!.at(-1)!.params).toEqual({ id: "42" });
    expect(router.matchRoutes(routes, "/nowhere", "/base")).toBeNull();
  });

  it("matchPath: the same pattern with another case rule or end is compiled apart", () => {
    expect(router.matchPath({ path: "/Jobs", caseSensitive: true }, "/jobs")).toBeNull();
    expect(router.matchPath({ path: "/Jobs", caseSensitive: false }, "/jobs")?.pathname).toBe("/jobs");
    expect(router.matchPath({ path: "/jobs", end: false }, "/jobs/1")?.pathnameBase).toBe("/jobs");
    expect(router.matchPath({ path: "/jobs", end: true }, "/jobs/1")).toBeNull();
  });
});

describe("the render's routes are made once per build", () => {
  const require = createRequire(import.meta.url);
  const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");

  it("the static router's data routes are made once per routes array, and match as before", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "job", path: "jobs/:id" }] }];
    const context = { matches: [], loaderData: {}, actionData: null, errors: null, basename: "/" } as never;
    const first = createStaticRouter(routes, context);
    const again = createStaticRouter(routes, context);
    expect(again.routes).toBe(first.routes);
    expect(router.matchRoutes(first.routes, "/jobs/7")?.at(-1)).toMatchObject({
      route: { id: "job" },
      params: { id: "7" },
    });
    expect(createStaticRouter([...routes], context).routes).not.toBe(first.routes);
  });
});
