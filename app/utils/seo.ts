// Title, description, canonical URL, Open Graph and Twitter tags for a route's meta export.
import type { MetaDescriptor } from "@remix-run/node";
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from "./config";

/** Stands for the configured brand name in titles and descriptions given to seo(). */
const BRAND_TOKEN = "{brand}";

/** The site's own title and description: the home page's, and every page's default. */
export const HOME_META = {
  title: `${BRAND_TOKEN}: Man and Van with Instant Fixed Prices`,
  description:
    "Instant, fixed-price man and van quotes for house moves, office moves and furniture delivery in London, Essex, the North East and the West Midlands.",
};

export const SHARE_IMAGE = { path: "/images/og-image.jpg", width: 1200, height: 630 };

type MatchLike = { id: string; data?: unknown };

function rootDataFrom(matches: MatchLike[] | undefined) {
  return matches?.find((match) => match.id === "root")?.data as
    { config?: PublicConfig; formErrors?: boolean } | undefined;
}

export function seo({
  title,
  description,
  path,
  matches,
  noindex = false,
}: {
  /** Gets " | {brand}" appended unless it names {brand} itself. */
  title: string;
  description: string;
  /** The canonical path, e.g. "/quote". */
  path: string;
  matches?: MatchLike[];
  noindex?: boolean;
}): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  const config = root?.config ?? DEFAULT_PUBLIC_CONFIG;
  // Texts name the brand as {brand}, so BRAND_NAME changes every title and description.
  const withBrand = (text: string) => text.replaceAll(BRAND_TOKEN, config.brandName);
  description = withBrand(description);
  const fullTitle = title.includes(BRAND_TOKEN) ? withBrand(title) : `${title} | ${config.brandName}`;
  const url = new URL(path, config.siteUrl).toString();
  const image = new URL(SHARE_IMAGE.path, config.siteUrl).toString();
  return [
    // A page that answers a form with errors says so first (GOV.UK's pattern).
    { title: root?.formErrors ? `Error: ${fullTitle}` : fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: config.brandName },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
