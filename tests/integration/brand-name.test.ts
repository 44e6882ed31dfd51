// BRAND_NAME names the brand in every page's title and description: no route's meta may
// write "EasyMove" itself. Each route's meta runs with the root loader's data (the config
// that reaches the browser too) while BRAND_NAME names another brand.
import fs from "node:fs";
import path from "node:path";
import type { MetaDescriptor } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { env } from "~/server/platform/env.server";

const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
// Route files, and folder routes by their route.tsx.
const routeFiles = fs
  .readdirSync(routesDir, { withFileTypes: true })
  .flatMap((entry) => (entry.isDirectory() ? [`${entry.name}/route.tsx`] : [entry.name]))
  .filter((file) => file.endsWith(".tsx") && fs.existsSync(path.join(routesDir, file)));
const configuredBrand = env.BRAND_NAME;
let matches: unknown[] = [];

beforeAll(async () => {
  env.BRAND_NAME = "Vanly";
  const answer = await rootLoader({ request: new Request("http://localhost/"), params: {}, context: {} });
  matches = [{ id: "root", data: answer.data, params: {}, pathname: "/", handle: undefined, meta: [] }];
});
afterAll(() => {
  env.BRAND_NAME = configuredBrand;
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
    expect(routeFiles.length).toBeGreaterThan(15);
    expect(matches[0]).toMatchObject({ data: { config: { brandName: "Vanly" } } });
  });

  for (const file of ["../root.tsx", ...routeFiles]) {
    it(`${file} takes it from BRAND_NAME`, async () => {
      const module = (await import(/* @vite-ignore */ path.join(routesDir, file))) as { meta?: Meta };
      // Only the admin layout has no meta of its own: its pages have theirs.
      if (!module.meta) return expect(file).toBe("admin.tsx");
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
