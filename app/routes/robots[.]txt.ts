// GET /robots.txt: crawl everything but the JSON API, and find the sitemap.
import { siteUrl } from "~/server/platform/env.server";
import { robotsTxt } from "~/utils/indexable-pages";

export async function loader() {
  return new Response(robotsTxt(siteUrl()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
