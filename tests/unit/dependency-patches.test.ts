// The dependency patches (scripts/patch-dependencies.mjs) are applied to this install, and the
// patched router still matches and ranks routes as React Router documents it.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyPatch, PATCH_MARK, patches } from "../../scripts/patch-dependencies.mjs";

// The server's copy: the CommonJS build that @remix-run/server-runtime requires.
const router = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");

type Patch = { name: string; version: string; file: string };

describe("dependency patches", () => {
  it.each(patches as Patch[])("$name $version is installed and patched", (patch) => {
    expect(applyPatch(patch)).toBe("already patched");
    expect(fs.readFileSync(patch.file, "utf8")).toContain(PATCH_MARK);
  });

  it("a version the patch was not written for is left alone, with the reason", () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), "patch-"));
    const [patch] = patches as Patch[];
    fs.mkdirSync(path.join(base, path.dirname(patch!.file)), { recursive: true });
    fs.writeFileSync(path.join(base, patch!.file), "original");
    fs.writeFileSync(
      path.join(base, "node_modules", patch!.name, "package.json"),
      JSON.stringify({ version: "9.9.9" }),
    );
    try {
      expect(applyPatch(patch, base)).toBe(`${patch!.name} is 9.9.9, the patch is for ${patch!.version}`);
      expect(fs.readFileSync(path.join(base, patch!.file), "utf8")).toBe("original");
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});

describe("the patched router (ranked branches kept per routes array, patterns compiled once)", () => {
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

  it("matchPath: the same pattern with another case rule or end is compiled apart", () => {
    expect(router.matchPath({ path: "/Jobs", caseSensitive: true }, "/jobs")).toBeNull();
    expect(router.matchPath({ path: "/Jobs", caseSensitive: false }, "/jobs")?.pathname).toBe("/jobs");
    expect(router.matchPath({ path: "/jobs", end: false }, "/jobs/1")?.pathnameBase).toBe("/jobs");
    expect(router.matchPath({ path: "/jobs", end: true }, "/jobs/1")).toBeNull();
  });
});
