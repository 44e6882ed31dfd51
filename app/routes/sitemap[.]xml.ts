// GET /sitemap.xml: exactly the indexable pages (~/utils/indexable-pages), on SITE_URL.
import { siteUrl } from "~/server/platform/env.server";
import { sitemapXml } from "~/utils/indexable-pages";

export async function loader() {
  return new Response(sitemapXml(siteUrl()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
