// Title, description, canonical URL, Open Graph and Twitter tags for a route's meta export.
import type { MetaDescriptor } from "@remix-run/node";
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from "./config";

export const SHARE_IMAGE = { path: "/images/og-image.jpg", width: 1200, height: 630 };

type MatchLike = { id: string; data?: unknown };

function configFrom(matches: MatchLike[] | undefined): PublicConfig {
  const root = matches?.find((match) => match.id === "root")?.data as { config?: PublicConfig } | undefined;
  return root?.config ?? DEFAULT_PUBLIC_CONFIG;
}

export function seo({
  title,
  description,
  path,
  matches,
  noindex = false,
}: {
  title: string;
  description: string;
  /** The canonical path, e.g. "/quote". */
  path: string;
  matches?: MatchLike[];
  noindex?: boolean;
}): MetaDescriptor[] {
  const config = configFrom(matches);
  const fullTitle = title.includes(config.brandName) ? title : `${title} | ${config.brandName}`;
  const url = new URL(path, config.siteUrl).toString();
  const image = new URL(SHARE_IMAGE.path, config.siteUrl).toString();
  return [
    { title: fullTitle },
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
