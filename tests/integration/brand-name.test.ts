// BRAND_NAME names the brand in every page's title and description: no route's meta may
// write "EasyMove" itself. Each route's meta runs with a root config for another brand.
import fs from "node:fs";
import path from "node:path";
import type { MetaDescriptor } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_CONFIG } from "~/utils/config";

const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
const routeFiles = fs.readdirSync(routesDir).filter((file) => file.endsWith(".tsx"));
const otherBrand = { ...DEFAULT_PUBLIC_CONFIG, brandName: "Vanly" };
const matches = [{ id: "root", data: { config: otherBrand }, params: {}, pathname: "/", handle: undefined, meta: [] }];

type Meta = (args: unknown) => MetaDescriptor[];

function textOf(tags: MetaDescriptor[]) {
  const title = tags.find((tag) => "title" in tag) as { title: string } | undefined;
  const description = tags.find((tag) => (tag as { name?: string }).name === "description") as { content: string } | undefined;
  return { title: title?.title ?? "", description: description?.content ?? "" };
}

describe("the brand name in titles and descriptions", () => {
  it("finds the page routes", () => {
    expect(routeFiles.length).toBeGreaterThan(15);
  });

  for (const file of ["../root.tsx", ...routeFiles]) {
    it(`${file} takes it from BRAND_NAME`, async () => {
      const module = (await import(/* @vite-ignore */ path.join(routesDir, file))) as { meta?: Meta };
      // Only the admin layout has no meta of its own: its pages have theirs.
      if (!module.meta) return expect(file).toBe("admin.tsx");
      const tags = module.meta({ matches, data: undefined, params: {}, location: { pathname: "/", search: "", hash: "" } });
      const { title, description } = textOf(tags);
      expect(title).toContain("Vanly");
      expect(`${title} ${description}`).not.toContain("EasyMove");
      expect(description.length).toBeGreaterThan(10);
    });
  }
});
