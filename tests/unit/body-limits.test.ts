// One body-size cap for every route (1 MB), and the larger caps of the two upload routes,
// the page's single-fetch data request included.
import { describe, expect, it } from "vitest";

process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused";
const { bodyLimitFor, MAX_CHUNK_REQUEST_BYTES, maxApplicationFormBytes, MB } =
  await import("~/server/platform/body-limits.server");

describe("bodyLimitFor", () => {
  it("is 1 MB for every route but the uploads", () => {
    for (const path of [
      "/",
      "/signin",
      "/api/webhooks/stripe",
      "/api/quotes/calculate",
      "/checkout.data",
      "/admin/bookings",
    ])
      expect(bodyLimitFor(path)).toBe(MB);
  });

  it("lets the driver application's form carry its four documents, JavaScript on or off", () => {
    expect(maxApplicationFormBytes()).toBe(4 * 10 * MB + MB);
    expect(bodyLimitFor("/driver-registration")).toBe(maxApplicationFormBytes());
    expect(bodyLimitFor("/driver-registration.data")).toBe(maxApplicationFormBytes());
    expect(bodyLimitFor("/driver-registration/")).toBe(maxApplicationFormBytes());
  });

  it("lets one chunk of the upload API through with its multipart overhead", () => {
    expect(bodyLimitFor("/api/drivers/upload-chunk")).toBe(MAX_CHUNK_REQUEST_BYTES);
    expect(MAX_CHUNK_REQUEST_BYTES).toBeGreaterThan(5 * MB);
    expect(bodyLimitFor("/api/drivers/assemble-chunks")).toBe(MB);
  });
});
