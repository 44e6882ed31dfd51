// BRAND_NAME names the brand in every page's title and description: no route's meta may
// write "EasyMove" itself. Each route's meta runs with the root loader's data (the config
// that reaches the browser too) while BRAND_NAME names another brand.
import path from "node:path";
import type { MetaDescriptor } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { useEnv } from "../support/env";
import { ROUTE_FILES } from "../support/route-files";

const root = path.resolve(import.meta.dirname, "../..");
// Every page route (a .tsx module), by its flat name (tests/support/route-files.ts).
const pageRoutes = ROUTE_FILES.filter((route) => route.file.endsWith(".tsx"));
let matches: unknown[] = [];

useEnv({ BRAND_NAME: "Vanly" });
beforeAll(async () => {
  const answer = await rootLoader({ request: new Request("http://localhost/"), params: {}, context: {} });
  matches = [{ id: "root", data: answer.data, params: {}, pathname: "/", handle: undefined, meta: [] }];
});

type Meta = (args: unknown) => MetaDescriptor[];

function textOf(tags: MetaDescriptor[]) {
  const title = tags.find((tag) => "title" in tag) as { title: string } | undefined;
  const description = tags.find((tag) => (tag as { name?: string }).name === "description") as
    { content: string } | undefined;
  return { title: title?.title ?? "", description: description?.content ?? "" };
}

describe("the brand name in titles and descriptions", () => {
  it("finds the page routes, and the root loader hands BRAND_NAME on", () => {
    expect(pageRoutes.length).toBeGreaterThan(15);
    expect(matches[0]).toMatchObject({ data: { config: { brandName: "Vanly" } } });
  });

  for (const { name, file } of [{ name: "root", file: "/app/root.tsx" }, ...pageRoutes]) {
    it(`${file} takes it from BRAND_NAME`, async () => {
      const module = (await import(/* @vite-ignore */ path.join(root, file))) as { meta?: Meta };
      // Only the admin layout has no meta of its own: its pages have theirs.
      if (!module.meta) return expect(name).toBe("admin");
      const tags = module.meta({
        matches,
        data: undefined,
        params: {},
        location: { pathname: "/", search: "", hash: "" },
      });
      const { title, description } = textOf(tags);
      expect(title).toContain("Vanly");
      expect(`${title} ${description}`).not.toContain("EasyMove");
      expect(description.length).toBeGreaterThan(10);
    });
  }
});
