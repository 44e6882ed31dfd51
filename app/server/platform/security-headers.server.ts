// Security headers for every response the app renders: documents, data requests and
// resource routes. Pages name the third-party integrations they need in their route
// `handle` (see ~/utils/route-handle); the origins those allow live here and nowhere else.
import type { ThirdParty } from "~/utils/route-handle";
import { env } from "./env.server";

type Directive = "script-src" | "connect-src" | "frame-src" | "img-src" | "style-src" | "font-src" | "form-action";

const THIRD_PARTY_SOURCES: Record<ThirdParty, Partial<Record<Directive, string[]>>> = {
  googleMaps: {
    "script-src": ["https://maps.googleapis.com"],
    "connect-src": ["https://maps.googleapis.com", "https://places.googleapis.com"],
    "img-src": ["https://maps.gstatic.com", "https://maps.googleapis.com"],
    // Google's Places widget styles its suggestions inline; only on pages that load it.
    "style-src": ["https://fonts.googleapis.com", "'unsafe-inline'"],
    "font-src": ["https://fonts.gstatic.com"],
  },
  stripe: {
    "script-src": ["https://js.stripe.com"],
    "connect-src": ["https://api.stripe.com"],
    "frame-src": ["https://js.stripe.com", "https://hooks.stripe.com"],
    // Stripe's hosted page, or wherever STRIPE_API_BASE says Stripe is (a stand-in in tests).
    "form-action": [
      "https://checkout.stripe.com",
      ...(env.STRIPE_API_BASE ? [new URL(env.STRIPE_API_BASE).origin] : []),
    ],
  },
  paypal: {
    "script-src": ["https://www.paypal.com", "https://www.sandbox.paypal.com"],
    // PayPal's buttons style themselves inline; only on the PayPal page, while PayPal is configured.
    "style-src": ["'unsafe-inline'"],
    "connect-src": [
      "https://www.paypal.com",
      "https://www.sandbox.paypal.com",
      "https://api-m.paypal.com",
      "https://api-m.sandbox.paypal.com",
    ],
    "frame-src": ["https://www.paypal.com", "https://www.sandbox.paypal.com"],
    "img-src": ["https://www.paypalobjects.com"],
  },
};

function originOf(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return null; // a relative URL is same-origin
  }
}

/** A page only needs a third party's origins when that integration is configured; its local
 * stand-in loads nothing from outside. */
export function configuredThirdParties(parties: ThirdParty[]): ThirdParty[] {
  const configured: Record<ThirdParty, boolean> = {
    googleMaps: Boolean(env.GOOGLE_MAPS_BROWSER_KEY),
    // Stripe keys and PayPal credentials may also be saved on /stripe-config (read per request,
    // not here): the one page that declares each allows it whenever it is asked to.
    stripe: true,
    paypal: true,
  };
  return parties.filter((party) => configured[party]);
}

export function createNonce() {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export function documentCsp(nonce: string, thirdParties: ThirdParty[] = []) {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    // No inline style attributes or unnamed <style> in our pages (see the third parties below).
    "style-src": ["'self'", `'nonce-${nonce}'`],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "frame-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const heroOrigin = originOf(env.HERO_IMAGE_URL);
  if (heroOrigin) directives["img-src"].push(heroOrigin);
  if (env.NODE_ENV === "development") {
    // Vite's dev server: hot reload socket and on-the-fly modules.
    directives["connect-src"].push("ws:", "wss:");
    directives["script-src"].push("'unsafe-eval'");
    // Vite injects the styles it hot-reloads as <style> elements.
    directives["style-src"].push("'unsafe-inline'");
  }
  for (const party of new Set(thirdParties)) {
    for (const [directive, sources] of Object.entries(THIRD_PARTY_SOURCES[party])) {
      const list = directives[directive]!.filter((source) => source !== "'none'");
      directives[directive] = [...new Set([...list, ...sources])];
    }
  }
  // A nonce makes browsers ignore 'unsafe-inline', so a party that needs it drops the nonce.
  if (directives["style-src"]!.includes("'unsafe-inline'"))
    directives["style-src"] = directives["style-src"]!.filter((source) => !source.startsWith("'nonce-"));
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** Non-document responses (JSON, files, health, static assets): nothing may run or frame them. */
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The security headers of a response, with `csp` as its Content-Security-Policy. */
export function securityHeaders(csp: string = RESOURCE_CSP): [name: string, value: string][] {
  return [
    ["Content-Security-Policy", csp],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(self)"],
    ...(env.NODE_ENV === "production"
      ? [["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as [string, string]]
      : []),
  ];
}

export function applySecurityHeaders(headers: Headers, csp: string = RESOURCE_CSP) {
  for (const [name, value] of securityHeaders(csp)) headers.set(name, value);
  return headers;
}

/** The security headers a resource route did not set itself (a document's stricter CSP stays). */
export function applyMissingSecurityHeaders(headers: Headers) {
  for (const [name, value] of securityHeaders()) if (!headers.has(name)) headers.set(name, value);
  return headers;
}

/**
 * The driver app's service worker (/driver-sw.js): a resource's policy, except that
 * it fetches from this origin (its precache, the pages it copies, the queued actions it sends).
 */
export const SERVICE_WORKER_CSP = RESOURCE_CSP.replace("default-src 'none'", "default-src 'none'; connect-src 'self'");

/** An uploaded document: a resource's policy, and a sandbox, so a PDF's scripts cannot run on this origin. */
export const UPLOADED_DOCUMENT_CSP = `${RESOURCE_CSP}; sandbox`;
