// The pages search engines should index: sitemap.xml lists exactly these, robots.txt points
// to it. Every other page carries `noindex` (seo({ noindex: true })); a test checks the two
// agree with the route modules.

export interface IndexablePage {
  path: string;
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
  priority: number;
}

export const INDEXABLE_PAGES: readonly IndexablePage[] = [
  { path: "/", changefreq: "weekly", priority: 1.0 },
  { path: "/quote", changefreq: "monthly", priority: 0.9 },
  { path: "/calculator", changefreq: "monthly", priority: 0.8 },
  { path: "/distance-calculator", changefreq: "monthly", priority: 0.7 },
  { path: "/london-services", changefreq: "monthly", priority: 0.8 },
  { path: "/birmingham-services", changefreq: "monthly", priority: 0.8 },
  { path: "/driver-registration", changefreq: "monthly", priority: 0.7 },
  { path: "/cover", changefreq: "yearly", priority: 0.5 },
  { path: "/terms-and-conditions", changefreq: "yearly", priority: 0.3 },
  { path: "/accessibility", changefreq: "yearly", priority: 0.3 },
  { path: "/support", changefreq: "yearly", priority: 0.3 },
  { path: "/business", changefreq: "monthly", priority: 0.7 },
  { path: "/business/signup", changefreq: "yearly", priority: 0.4 },
  { path: "/signup", changefreq: "yearly", priority: 0.3 },
  { path: "/signin", changefreq: "yearly", priority: 0.3 },
];

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

export function sitemapXml(siteUrl: string, pages: readonly IndexablePage[] = INDEXABLE_PAGES): string {
  const urls = pages.map(
    (page) =>
      `  <url>\n    <loc>${escapeXml(new URL(page.path, siteUrl).toString())}</loc>\n` +
      `    <changefreq>${page.changefreq}</changefreq>\n    <priority>${page.priority.toFixed(1)}</priority>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Crawlers may read every page (noindex pages must be crawlable for the tag to be seen), but not the JSON API. */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${new URL("/sitemap.xml", siteUrl).toString()}`,
    "",
  ].join("\n");
}
