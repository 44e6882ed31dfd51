// The cancellation terms and the UK wall-clock instant a move starts at.
import { describe, expect, it } from "vitest";
import { cancellationTerms, FULL_REFUND_NOTICE_HOURS, isCancellable } from "~/domain/cancellation";
import { ukInstant } from "~/domain/uk-calendar";

const HOUR = 3_600_000;

describe("ukInstant", () => {
  it("reads a winter time as GMT (UTC+0)", () => {
    expect(ukInstant("2026-12-01", "09:00").toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(ukInstant("2027-01-15", "00:30").toISOString()).toBe("2027-01-15T00:30:00.000Z");
  });

  it("reads a summer time as BST (UTC+1)", () => {
    expect(ukInstant("2026-07-10", "09:00").toISOString()).toBe("2026-07-10T08:00:00.000Z");
    // Just after midnight in BST is the previous day in UTC.
    expect(ukInstant("2026-06-01", "00:15").toISOString()).toBe("2026-05-31T23:15:00.000Z");
  });

  it("follows the clock changes (last Sundays of March and October)", () => {
    expect(ukInstant("2026-03-28", "12:00").toISOString()).toBe("2026-03-28T12:00:00.000Z"); // the Saturday before: GMT
    expect(ukInstant("2026-03-29", "12:00").toISOString()).toBe("2026-03-29T11:00:00.000Z"); // that Sunday: BST
    expect(ukInstant("2026-10-24", "12:00").toISOString()).toBe("2026-10-24T11:00:00.000Z"); // still BST
    expect(ukInstant("2026-10-25", "12:00").toISOString()).toBe("2026-10-25T12:00:00.000Z"); // GMT again
  });

  it("gives a time the clocks skip (01:30 on the spring change) an instant near it", () => {
    const skipped = ukInstant("2026-03-29", "01:30").getTime();
    expect(Math.abs(skipped - Date.parse("2026-03-29T01:00:00Z"))).toBeLessThanOrEqual(HOUR);
  });
});

describe("cancellationTerms", () => {
  const moveAt = ukInstant("2026-12-01", "09:00");
  const before = (hours: number) => new Date(moveAt.getTime() - hours * HOUR);

  it("refunds in full more than 24 hours before the move", () => {
    expect(cancellationTerms(12_345, moveAt, before(72))).toEqual({
      refundPercent: 100,
      refundPence: 12_345,
      hoursBeforeMove: 72,
      coverRefundPence: 0,
    });
    const justOver = cancellationTerms(
      10_000,
      moveAt,
      new Date(moveAt.getTime() - FULL_REFUND_NOTICE_HOURS * HOUR - 1000),
    );
    expect(justOver.refundPercent).toBe(100);
    expect(justOver.refundPence).toBe(10_000);
    expect(justOver.hoursBeforeMove).toBeGreaterThan(24);
  });

  it("refunds half at exactly 24 hours and under", () => {
    expect(cancellationTerms(10_000, moveAt, before(24))).toMatchObject({ refundPercent: 50, refundPence: 5_000 });
    const justUnder = cancellationTerms(
      10_000,
      moveAt,
      new Date(moveAt.getTime() - FULL_REFUND_NOTICE_HOURS * HOUR + 1000),
    );
    expect(justUnder).toMatchObject({ refundPercent: 50, refundPence: 5_000 });
    expect(justUnder.hoursBeforeMove).toBeLessThan(24);
    expect(cancellationTerms(10_000, moveAt, before(1))).toMatchObject({ refundPercent: 50, refundPence: 5_000 });
  });

  it("rounds half of an odd number of pence down", () => {
    expect(cancellationTerms(12_345, moveAt, before(2)).refundPence).toBe(6_172);
    expect(cancellationTerms(1, moveAt, before(2)).refundPence).toBe(0);
    expect(cancellationTerms(12_345, moveAt, before(25)).refundPence).toBe(12_345);
  });

  it("gives nothing back of nothing paid", () => {
    expect(cancellationTerms(0, moveAt, before(48)).refundPence).toBe(0);
    expect(cancellationTerms(0, moveAt, before(2)).refundPence).toBe(0);
  });

  it("gives half after the move's start time has passed", () => {
    expect(cancellationTerms(9_999, moveAt, new Date(moveAt.getTime() + HOUR))).toMatchObject({
      refundPercent: 50,
      refundPence: 4_999,
      hoursBeforeMove: -1,
    });
  });

  it("counts the 24 hours across a clock change in real hours", () => {
    // A 09:00 move on the Sunday the clocks go back (BST to GMT): 24 real hours before it is
    // 10:00 on the Saturday, UK time, so 09:30 that Saturday is more than 24 hours ahead.
    const sunday = ukInstant("2026-10-25", "09:00");
    expect(cancellationTerms(10_000, sunday, ukInstant("2026-10-24", "09:30")).refundPercent).toBe(100);
    expect(cancellationTerms(10_000, sunday, ukInstant("2026-10-24", "10:30")).refundPercent).toBe(50);
  });
});

describe("isCancellable", () => {
  it("is true while the booking is pending or assigned, false once the move has started or is over", () => {
    expect(isCancellable("pending")).toBe(true);
    expect(isCancellable("assigned")).toBe(true);
    expect(isCancellable("in_progress")).toBe(false);
    expect(isCancellable("completed")).toBe(false);
    expect(isCancellable("cancelled")).toBe(false);
  });
});

describe("cancellationTerms with extended cover (docs/PRICING.md v3)", () => {
  const moveAt = new Date("2027-03-04T09:00:00Z");
  const before = (hours: number) => new Date(moveAt.getTime() - hours * HOUR);
  // Case D: £186.00 paid, of which the cover cost £144.00 (£120.00 and its £24.00 VAT).
  const paid = 18_600;
  const cover = 14_400;

  it("refunds the cover in full, with everything else, more than 24 hours before", () => {
    expect(cancellationTerms(paid, moveAt, before(48), cover)).toMatchObject({
      refundPence: paid,
      coverRefundPence: cover,
    });
  });

  it("within 24 hours: half of the move, and the cover in full until the move starts", () => {
    expect(cancellationTerms(paid, moveAt, before(2), cover)).toMatchObject({
      refundPercent: 50,
      refundPence: 2_100 + cover, // half of £42.00
      coverRefundPence: cover,
    });
  });

  it("not at all once the move has started", () => {
    expect(cancellationTerms(paid, moveAt, before(-1), cover)).toMatchObject({
      refundPence: 2_100,
      coverRefundPence: 0,
    });
  });

  it("never counts more cover than was paid", () => {
    expect(cancellationTerms(1_000, moveAt, before(2), 5_000)).toMatchObject({ refundPence: 1_000 });
  });
});
