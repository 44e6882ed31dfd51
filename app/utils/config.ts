/** Defaults for the configuration the browser may see (server/env.server.ts parses the rest). */
export const DEFAULT_PUBLIC_CONFIG = {
  siteUrl: "http://localhost:3000",
  brandName: "EasyMove",
  supportPhone: "0191 498 0123",
  supportEmail: "support@easymove.example",
};

export type PublicConfig = typeof DEFAULT_PUBLIC_CONFIG;

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
