import type { MetaDescriptor } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { vanImages } from "~/domain/van-images";
import { VAN_SIZES } from "~/domain/vans";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_quote+/_index/route";
import { loader as vanImagesLoader } from "~/routes/api+/images.van.$size";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { env } from "~/server/platform/env.server";
import { INDEXABLE_PAGES } from "~/utils/indexable-pages";
import { ROUTE_FILES, routeModules } from "../support/route-files";

const args = (url: string, params: Record<string, string> = {}) => ({ request: new Request(url), params, context: {} });

describe("GET /api/images/van/{size}", () => {
  it("gives each size's picture paths", async () => {
    for (const size of VAN_SIZES) {
      const response = await vanImagesLoader(args(`http://localhost/api/images/van/${size}`, { size }));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      const body = await response.json();
      expect(body).toEqual({ size, path: vanImages(size)[0]!.path, paths: vanImages(size).map((image) => image.path) });
      expect(body.path).toMatch(new RegExp(`^/images/vans/${size}-`));
    }
  });

  it("answers 404 for an unknown size", async () => {
    const response = await vanImagesLoader(args("http://localhost/api/images/van/huge", { size: "huge" }));
    expect(response.status).toBe(404);
    const message = "Unknown van size. Use one of: small, medium, large, luton.";
    expect(await response.json()).toEqual({ error: message, message });
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists exactly the indexable pages on SITE_URL", async () => {
    const response = await sitemapLoader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(INDEXABLE_PAGES.map((page) => new URL(page.path, env.SITE_URL).toString()));
  });

  it("robots.txt points to the sitemap", async () => {
    const response = await robotsLoader();
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toContain(`Sitemap: ${new URL("/sitemap.xml", env.SITE_URL).toString()}`);
  });
});

describe("home and root loaders", () => {
  it("give the hero image from configuration", async () => {
    const data = await homeLoader(args("http://localhost/"));
    expect(data.heroImageUrl).toBe(env.HERO_IMAGE_URL);
  });

  it("send the browser-safe configuration and no configured rating", async () => {
    const result = (await rootLoader(args("http://localhost/"))) as unknown as {
      data: { config: Record<string, unknown> };
    };
    expect(Object.keys(result.data.config).sort()).toEqual(
      ["brandName", "siteUrl", "supportEmail", "supportPhone"].sort(),
    );
  });
});

// ---------- every page route's search metadata, checked against the sitemap ----------

type RouteModule = { default?: unknown; meta?: (args: unknown) => MetaDescriptor[] };
const modulesByName = routeModules(import.meta.glob<RouteModule>("/app/routes/**/*.{ts,tsx}", { eager: true }));

// Pages: routes with a component that are not a layout (admin+/_layout.tsx around the admin
// pages is not a page of its own: its children set the metadata).
const pages = ROUTE_FILES.filter((route) => modulesByName[route.name]?.default != null && !route.hasChildren)
  .map((route) => ({ route, module: modulesByName[route.name]! }))
  .map(({ route: { file, path }, module }) => {
    const dynamic = /[:*]/.test(path);
    const tags = module.meta?.({
      data: undefined,
      params: {},
      location: { pathname: path, search: "", hash: "", state: null, key: "default" },
      matches: [],
      error: undefined,
    });
    const robots = tags?.find((tag) => (tag as { name?: string }).name === "robots") as
      { content?: string } | undefined;
    return { file, path, dynamic, tags, noindex: Boolean(robots?.content?.includes("noindex")) };
  });

describe("search metadata of every page", () => {
  it("finds the page routes", () => {
    expect(pages.map((page) => page.path)).toEqual(
      expect.arrayContaining(["/", "/terms-and-conditions", "/london-services"]),
    );
  });

  it("gives every page a title, a description and its own canonical URL", () => {
    for (const page of pages) {
      expect(page.tags, `${page.file} exports meta`).toBeDefined();
      const tags = page.tags as Record<string, string>[];
      expect(
        tags.some((tag) => tag.title),
        `${page.file} title`,
      ).toBe(true);
      expect(tags.find((tag) => tag.name === "description")?.content, `${page.file} description`).toBeTruthy();
      const canonical = tags.find((tag) => tag.rel === "canonical")?.href;
      expect(canonical, `${page.file} canonical`).toBeTruthy();
      if (!page.dynamic) {
        expect(new URL(canonical!).pathname, `${page.file} canonical path`).toBe(page.path);
      }
    }
  });

  it("never lists a noindex page in the sitemap, and lists no page marked noindex", () => {
    const listed = new Set(INDEXABLE_PAGES.map((page) => page.path));
    for (const page of pages) {
      if (page.noindex) expect(listed.has(page.path), `${page.file} is noindex but in the sitemap`).toBe(false);
    }
  });

  it("lists every static page that may be indexed, and marks every other page noindex", () => {
    const listed = new Set(INDEXABLE_PAGES.map((page) => page.path));
    const unlisted = pages
      .filter((page) => !page.dynamic && !page.noindex && !listed.has(page.path))
      .map((page) => page.file);
    expect(
      unlisted,
      "indexable pages missing from the sitemap (list them in ~/utils/indexable-pages or mark them noindex)",
    ).toEqual([]);
  });

  it("has a page route for every sitemap entry", () => {
    const routes = new Set(pages.map((page) => page.path));
    const missing = INDEXABLE_PAGES.map((page) => page.path).filter((path) => !routes.has(path));
    expect(missing, "sitemap entries without a page").toEqual([]);
  });

  it("marks the not-found page noindex", () => {
    expect(pages.find((page) => page.path === "/*")?.noindex).toBe(true);
  });
});
