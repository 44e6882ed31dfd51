import { describe, expect, it } from "vitest";
import { periodStarts } from "~/domain/payouts";

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
