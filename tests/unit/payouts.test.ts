import { describe, expect, it } from "vitest";
import { driverBalances, heldBookingIds, payoutSplit, periodStarts, type LedgerEntryFacts } from "~/domain/payouts";

describe("the earnings page's week and month, on the UK clock", () => {
  it("starts a summer week at Monday 00:00 BST, which is Sunday 23:00 UTC", () => {
    // Monday 6 July 2026, 00:30 in the UK (23:30 UTC on the Sunday).
    const { week, month } = periodStarts(new Date("2026-07-05T23:30:00Z"));
    expect(week.toISOString()).toBe("2026-07-05T23:00:00.000Z");
    expect(month.toISOString()).toBe("2026-06-30T23:00:00.000Z");
  });

  it("starts a summer month at the 1st, 00:00 BST", () => {
    // Wednesday 1 July 2026, 00:15 in the UK: already July there.
    const { month } = periodStarts(new Date("2026-06-30T23:15:00Z"));
    expect(month.toISOString()).toBe("2026-06-30T23:00:00.000Z");
  });

  it("uses GMT in winter, and a Sunday belongs to the week that began the Monday before", () => {
    // Sunday 29 November 2026, 18:00 GMT.
    const { week, month } = periodStarts(new Date("2026-11-29T18:00:00Z"));
    expect(week.toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(month.toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });

  it("a week across the clocks going back starts at its Monday's own offset", () => {
    // Tuesday 27 October 2026 (the clocks went back on Sunday 25th); its Monday is GMT.
    expect(periodStarts(new Date("2026-10-27T12:00:00Z")).week.toISOString()).toBe("2026-10-26T00:00:00.000Z");
    // Friday 23 October 2026: its Monday (19th) was still BST.
    expect(periodStarts(new Date("2026-10-23T12:00:00Z")).week.toISOString()).toBe("2026-10-18T23:00:00.000Z");
  });
});

describe("held earnings (a job moved back from completed) in the driver's balances", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const past = new Date("2026-11-20T12:00:00Z");
  const later = new Date("2026-11-28T12:00:00Z");
  const entry = (bookingId: string, kind: LedgerEntryFacts["kind"], amountPence: number, availableAt = past) => ({
    bookingId,
    kind,
    amountPence,
    availableAt,
  });
  // Of bookings not completed: a moved-back job (held), one moved back after it was paid, and a
  // cancelled one (refunded in full before it was paid).
  const notCompleted = [
    entry("moved-back", "earning", 10_000),
    entry("moved-back", "deduction", -1_000),
    entry("paid-then-moved-back", "earning", 5_000),
    entry("paid-then-moved-back", "payout", -5_000),
    entry("refunded", "earning", 7_000),
    entry("refunded", "deduction", -7_000),
  ];

  it("holds only the unpaid job moved back from completed", () => {
    expect([...heldBookingIds(notCompleted, now)]).toEqual(["moved-back"]);
  });

  it("counts a held job as on hold, neither payable now nor in its 48 hours", () => {
    const entries = [...notCompleted, entry("done", "earning", 3_000), entry("new", "earning", 2_000, later)];
    expect(driverBalances(entries, now, heldBookingIds(notCompleted, now))).toEqual({
      payablePence: 3_000,
      pendingPence: 2_000,
      heldPence: 9_000,
      balancePence: 14_000,
    });
    // Without the held set, as before a job is ever moved back.
    expect(driverBalances(entries, now)).toMatchObject({ payablePence: 12_000, heldPence: 0 });
  });
});

describe("a payout's split: sent, and kept against what the driver owed back", () => {
  it("sends all of it when nothing was owed", () => {
    expect(payoutSplit({ amountPence: 6_000, recoveredPence: 0 })).toEqual({ sentPence: 6_000, keptPence: 0 });
  });

  it("sends the rest of what was kept, the two adding up to what the jobs earned", () => {
    expect(payoutSplit({ amountPence: 11_145, recoveredPence: 2_500 })).toEqual({ sentPence: 8_645, keptPence: 2_500 });
  });

  it("keeps no more than the payout, and never sends more than it", () => {
    expect(payoutSplit({ amountPence: 11_145, recoveredPence: 15_000 })).toEqual({ sentPence: 0, keptPence: 11_145 });
    expect(payoutSplit({ amountPence: 5_000, recoveredPence: -100 })).toEqual({ sentPence: 5_000, keptPence: 0 });
  });
});
