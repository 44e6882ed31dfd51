// The access log (server.ts) never holds a secret: a password-reset link's token, a payment
// provider's return tokens, or any query value named like a secret.
import { describe, expect, it } from "vitest";
import { accessLogLine, redactedUrl } from "~/server/platform/access-log.server";

describe("redactedUrl", () => {
  it("hides the token of a password-reset link", () => {
    expect(redactedUrl("/reset-password/3f9a1c0b7e")).toBe("/reset-password/[redacted]");
    expect(redactedUrl("/reset-password/3f9a1c0b7e.data?_routes=x")).toBe("/reset-password/[redacted]?_routes=x");
  });

  it("hides query values named like secrets, and keeps the rest", () => {
    expect(redactedUrl("/paypal-checkout?booking=b1&token=EC-123&PayerID=P9")).toBe(
      "/paypal-checkout?booking=b1&token=[redacted]&PayerID=[redacted]",
    );
    expect(redactedUrl("/booking-confirmation?session_id=cs_test_1&booking=b1")).toBe(
      "/booking-confirmation?session_id=[redacted]&booking=b1",
    );
    expect(redactedUrl("/x?payment_intent_client_secret=pi_1_secret_2&apiKey=k&resetToken=t")).toBe(
      "/x?payment_intent_client_secret=[redacted]&apiKey=k&resetToken=[redacted]",
    );
    expect(redactedUrl("/booking-tracker?booking=b1&tab=chat")).toBe("/booking-tracker?booking=b1&tab=chat");
  });

  it("copes with odd input", () => {
    expect(redactedUrl("/?%E0%A4%A=1&token")).toBe("/?%E0%A4%A=1&token=[redacted]");
    expect(redactedUrl("/")).toBe("/");
  });
});

describe("accessLogLine", () => {
  it("is one line: time, client, request, status, bytes, duration", () => {
    const line = accessLogLine({
      at: new Date("2026-11-25T10:00:00Z"),
      clientAddress: "203.0.113.7",
      method: "GET",
      url: "/reset-password/abc",
      status: 200,
      durationMs: 12.345,
      bytes: 512,
    });
    expect(line).toBe('2026-11-25T10:00:00.000Z 203.0.113.7 "GET /reset-password/[redacted]" 200 512 12.3ms');
  });
});
