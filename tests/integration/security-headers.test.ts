import { describe, expect, it } from "vitest";
import {
  applySecurityHeaders,
  configuredThirdParties,
  createNonce,
  documentCsp,
} from "~/server/platform/security-headers.server";

describe("Content-Security-Policy", () => {
  it("allows scripts only from this site and the request's nonce", () => {
    const nonce = createNonce();
    const csp = documentCsp(nonce);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("googleapis");
    expect(csp).not.toContain("stripe");
  });

  it("allows no inline style: stylesheets from this site and the nonce's only", () => {
    const csp = documentCsp("n0nce");
    expect(csp).toContain("style-src 'self' 'nonce-n0nce'");
    expect(csp).not.toContain("'unsafe-inline'");
    // Google's Places widget and PayPal's buttons style themselves inline: only their pages.
    expect(documentCsp("n0nce", ["googleMaps"])).toMatch(
      /style-src 'self' https:\/\/fonts\.googleapis\.com 'unsafe-inline'(;|$)/,
    );
    expect(documentCsp("n0nce", ["stripe"])).toContain("style-src 'self' 'nonce-n0nce'");
  });

  it("adds only the third-party origins a page names", () => {
    const csp = documentCsp("n", ["googleMaps"]);
    expect(csp).toMatch(/script-src [^;]*https:\/\/maps\.googleapis\.com/);
    expect(csp).not.toContain("stripe");
    const payment = documentCsp("n", ["stripe"]);
    expect(payment).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(payment).not.toMatch(/frame-src [^;]*'none'/);
  });

  it("allows an integration's origins only when it is configured", () => {
    // The test environment sets no Google key: its stand-in loads nothing.
    expect(configuredThirdParties(["googleMaps"])).toEqual([]);
    // Stripe's keys and PayPal's credentials may be saved on /stripe-config (read per request),
    // so a page that names one always may reach it; in sandbox mode it loads nothing from
    // there (checkout-weight e2e).
    expect(configuredThirdParties(["stripe", "paypal"])).toEqual(["stripe", "paypal"]);
  });

  it("gives every nonce once", () => {
    expect(createNonce()).not.toBe(createNonce());
  });

  it("locks down non-document responses", () => {
    const headers = applySecurityHeaders(new Headers());
    expect(headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});
