import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from "~/utils/config";

/** The browser-safe configuration the root loader sends (brand, contact details, rating). */
export function usePublicConfig(): PublicConfig {
  return useRouteLoaderData<{ config: PublicConfig }>("root")?.config ?? DEFAULT_PUBLIC_CONFIG;
}
