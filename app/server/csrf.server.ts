// Cross-site request forgery protection by a strict Origin check. Browsers send an Origin
// header (or at least a Referer) with every POST, PUT, PATCH and DELETE, and a page on
// another site cannot forge it. So a state-changing request that rides on this site's
// cookies must come from this site's own pages; anything else gets a 403.
//
// SameSite=Lax alone is not enough: another port of the same host (or a sibling
// subdomain) is "same-site" and gets the cookie. A request with no cookie at all is an
// API client with a bearer token and passes, except on page routes, where a cross-site
// post is refused anyway (it could sign a visitor into someone else's account).
//
// No environment is read here (the server build passes SITE_URL in), so this stays pure.

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CSRF_FORBIDDEN_MESSAGE = "Cross-site request refused.";

function originOf(value: string | null | undefined) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins this request may come from: its own URL's, a proxy's forwarded one, and SITE_URL's. */
export function expectedOrigins(request: Request, siteUrl?: string) {
  const url = new URL(request.url);
  const origins = new Set<string>([url.origin]);
  const forwardedHost = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (forwardedHost || forwardedProto) {
    const origin = originOf(`${forwardedProto || url.protocol.replace(":", "")}://${forwardedHost || url.host}`);
    if (origin) origins.add(origin);
  }
  const site = originOf(siteUrl);
  if (site) origins.add(site);
  return origins;
}

export type CsrfOptions = {
  /** The public site URL (SITE_URL), trusted as an origin besides the request's own. */
  siteUrl?: string;
  /** Page routes: check even a request without a cookie. */
  alwaysCheck?: boolean;
};

/** Why a request is refused, or null when it may go on. */
export function crossSiteReason(request: Request, { siteUrl, alwaysCheck = false }: CsrfOptions = {}): string | null {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return null;
  if (!alwaysCheck && !request.headers.get("cookie")) return null;
  const originHeader = request.headers.get("origin");
  let source: string | null;
  if (originHeader != null && originHeader !== "") {
    // "null" is what sandboxed frames and some redirects send: it proves nothing.
    if (originHeader === "null") return "opaque origin";
    source = originOf(originHeader);
    if (!source) return "malformed origin";
  } else {
    const referer = request.headers.get("referer");
    if (!referer) return null; // not a browser: no ambient authority to abuse beyond the cookie check above
    source = originOf(referer);
    if (!source) return "malformed referer";
  }
  return expectedOrigins(request, siteUrl).has(source) ? null : `cross-site request from ${source}`;
}

/** Throws a 403 for a cross-site state-changing request (see crossSiteReason). */
export function assertSameOrigin(request: Request, options: CsrfOptions = {}) {
  const reason = crossSiteReason(request, options);
  if (reason) {
    throw new Response(CSRF_FORBIDDEN_MESSAGE, { status: 403, statusText: "Forbidden", headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

type Action<Args extends { request: Request }, Result> = (args: Args) => Result;

/** Wraps a route action so it runs only after the Origin check. */
export function withCsrfCheck<Args extends { request: Request }, Result>(action: Action<Args, Result>, options: CsrfOptions = {}) {
  return async (args: Args): Promise<Awaited<Result>> => {
    assertSameOrigin(args.request, options);
    return await action(args);
  };
}
