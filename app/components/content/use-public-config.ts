import { useRouteLoaderData } from "@remix-run/react";
import type { SiteRating } from "~/domain/ratings";
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from "~/utils/config";

/** The browser-safe configuration the root loader sends (brand, contact details). */
export function usePublicConfig(): PublicConfig {
  return useRouteLoaderData<{ config: PublicConfig }>("root")?.config ?? DEFAULT_PUBLIC_CONFIG;
}

/** The site's rating from customers' real ratings, or null while there are too few to state one. */
export function useSiteRating(): SiteRating | null {
  return useRouteLoaderData<{ siteRating: SiteRating | null }>("root")?.siteRating ?? null;
}
