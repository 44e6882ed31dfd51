// GET /robots.txt: crawl everything but the JSON API, and find the sitemap.
import { env } from "~/server/platform/env.server";
import { robotsTxt } from "~/utils/indexable-pages";

export async function loader() {
  return new Response(robotsTxt(env.SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
