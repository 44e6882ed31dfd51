// Cross-site request forgery protection by a strict Origin check, run by the HTTP server
// (server.ts) before any route sees a state-changing request. Browsers send an Origin header
// (or at least a Referer) with every POST, PUT, PATCH and DELETE, and a page on another site
// cannot forge it. So a POST, PUT, PATCH or DELETE that a browser sends must come from this
// site's own pages; anything else gets a 403.
//
// SameSite=Lax alone is not enough: another port of the same host (or a sibling subdomain) is
// "same-site" and gets the cookie. A request with neither Origin nor Referer is refused too
// when its Sec-Fetch-Site says another site sent it (a Referrer-Policy of no-referrer hides
// the Referer, but not that); a client that sends none of the three is not a browser, so there
// is no visitor's cookie to abuse (API clients with a bearer token, Stripe's webhook).
//
// No environment is read here (the server passes SITE_URL in), so this stays pure.

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CSRF_FORBIDDEN_MESSAGE = "Cross-site request refused.";

/** What the check reads of a request: a Fetch Request has it, and so does the server's adapter. */
export type RequestFacts = { method: string; url: string; headers: { get(name: string): string | null } };

function originOf(value: string | null | undefined) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins this request may come from: the one it was addressed to, and SITE_URL's. */
export function expectedOrigins(request: RequestFacts, siteUrl?: string) {
  const origins = new Set<string>([new URL(request.url).origin]);
  const site = originOf(siteUrl);
  if (site) origins.add(site);
  return origins;
}

/** Why a request is refused, or null when it may go on. */
export function crossSiteReason(request: RequestFacts, { siteUrl }: { siteUrl?: string } = {}): string | null {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return null;
  const originHeader = request.headers.get("origin");
  let source: string | null;
  if (originHeader != null && originHeader !== "") {
    // "null" is what sandboxed frames and some redirects send: it proves nothing.
    if (originHeader === "null") return "opaque origin";
    source = originOf(originHeader);
    if (!source) return "malformed origin";
  } else {
    const referer = request.headers.get("referer");
    if (!referer) {
      const fetchSite = request.headers.get("sec-fetch-site")?.trim().toLowerCase();
      return fetchSite === "cross-site" || fetchSite === "same-site" ? `${fetchSite} request without an origin` : null;
    }
    source = originOf(referer);
    if (!source) return "malformed referer";
  }
  return expectedOrigins(request, siteUrl).has(source) ? null : `cross-site request from ${source}`;
}
