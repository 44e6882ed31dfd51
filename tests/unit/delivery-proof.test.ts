// Proof of delivery's rules: what a complete proof is (one schema for the form), the 48-hour
// window for a problem report, the day-before reminder's moment, and the proof form's body limit.
import { describe, expect, it } from "vitest";
import { problemReportOpen } from "~/domain/delivery-proof";
import { reminderMoveDate } from "~/domain/tracking";
import { DELIVERY_PROOF_MESSAGES, deliveryProofSchema } from "~/schemas/delivery-proof";

process.env.DATABASE_URL ??= "postgresql://unit-test@127.0.0.1:1/unused";
const { bodyLimitFor, maxPhotoFormBytes, MB } = await import("~/server/platform/body-limits.server");

const errorsOf = (input: Record<string, unknown>) => {
  const result = deliveryProofSchema.safeParse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe("deliveryProofSchema", () => {
  it("takes a photo, the recipient's name and a drawn or typed signature", () => {
    expect(errorsOf({ recipientName: "Robin", photoCount: 1, signatureDrawn: true })).toEqual({});
    expect(errorsOf({ recipientName: "Robin", photoCount: 6, signedName: "Robin R" })).toEqual({});
    expect(
      deliveryProofSchema.parse({ recipientName: " Robin ", photoCount: 1, signedName: "R", damageNotes: "" }),
    ).toMatchObject({
      recipientName: "Robin",
      damageNotes: null,
    });
  });

  it("names every missing part at once", () => {
    expect(errorsOf({})).toEqual({
      recipientName: [DELIVERY_PROOF_MESSAGES.recipientRequired],
      photos: [DELIVERY_PROOF_MESSAGES.photosRequired],
      signedName: [DELIVERY_PROOF_MESSAGES.signatureRequired],
    });
    expect(errorsOf({ recipientName: "R", photoCount: 7, signatureDrawn: true })).toEqual({
      photos: [DELIVERY_PROOF_MESSAGES.tooManyPhotos],
    });
    expect(errorsOf({ recipientName: "x".repeat(101), photoCount: 1, signatureDrawn: true })).toEqual({
      recipientName: [DELIVERY_PROOF_MESSAGES.recipientTooLong],
    });
  });
});

describe("the problem report window", () => {
  const completed = new Date("2026-11-20T12:00:00Z");
  it("is open for 48 hours after completion, and never before it", () => {
    expect(problemReportOpen(completed, new Date("2026-11-22T12:00:00Z"))).toBe(true);
    expect(problemReportOpen(completed, new Date("2026-11-22T12:00:01Z"))).toBe(false);
    expect(problemReportOpen(null, new Date())).toBe(false);
  });
});

describe("the day-before reminder", () => {
  it("is due for tomorrow's moves from 10:00 UK time (GMT and BST)", () => {
    expect(reminderMoveDate(new Date("2026-12-01T09:59:00Z"))).toBeNull();
    expect(reminderMoveDate(new Date("2026-12-01T10:00:00Z"))).toBe("2026-12-02");
    expect(reminderMoveDate(new Date("2026-06-30T08:59:00Z"))).toBeNull(); // 09:59 BST
    expect(reminderMoveDate(new Date("2026-06-30T09:00:00Z"))).toBe("2026-07-01");
    expect(reminderMoveDate(new Date("2026-12-31T22:30:00Z"))).toBe("2027-01-01");
  });
});

describe("the proof form's body limit", () => {
  it("allows its photos and a signature, on its own path only", () => {
    // Six photos and a signature (or a proof of value) of up to 15 MB each, and the text.
    expect(maxPhotoFormBytes()).toBe(7 * 15 * MB + MB);
    for (const path of [
      "/api/driver/jobs/abc123/proof",
      "/api/driver/jobs/abc123/proof-to-support",
      "/bookings/abc123/claim",
      "/bookings/abc123/claim.data",
    ])
      expect(bodyLimitFor(path), path).toBe(maxPhotoFormBytes());
    expect(bodyLimitFor("/bookings/abc123/help")).toBe(MB);
    expect(bodyLimitFor("/driver/jobs/abc123/complete")).toBe(maxPhotoFormBytes());
    expect(bodyLimitFor("/driver/jobs/abc123/complete.data")).toBe(maxPhotoFormBytes());
    expect(bodyLimitFor("/driver/jobs/abc123/position")).toBe(MB);
    expect(bodyLimitFor("/driver/jobs/a/b/complete")).toBe(MB);
  });
});
