// The driver's steps (domain/tracking.ts): one at a time, and "On the way" only on the move's
// day, from 2 hours before its start (UK time, GMT or BST).
import { describe, expect, it } from "vitest";
import { startWindow } from "~/domain/start-window";
import { bookingStatusForTracking, nextTrackingStatus } from "~/domain/tracking";

describe("nextTrackingStatus", () => {
  it("goes one step at a time and stops at completed", () => {
    expect(nextTrackingStatus(null)).toBe("en_route");
    expect(nextTrackingStatus("assigned")).toBe("en_route");
    expect(nextTrackingStatus("en_route")).toBe("nearby");
    expect(nextTrackingStatus("nearby")).toBe("arrived");
    expect(nextTrackingStatus("arrived")).toBe("completed");
    expect(nextTrackingStatus("completed")).toBeNull();
    expect(nextTrackingStatus("made-up")).toBeNull();
  });

  it("puts the booking in progress on the road and completes it at the end", () => {
    expect(bookingStatusForTracking("assigned")).toBe("assigned");
    expect(bookingStatusForTracking("nearby")).toBe("in_progress");
    expect(bookingStatusForTracking("completed")).toBe("completed");
  });
});

describe("startWindow", () => {
  const at = (iso: string) => new Date(iso);

  it("is closed two weeks early, opens 2 hours before a winter start and closes with the day", () => {
    // 09:00 GMT on 3 March 2027.
    const window = (now: string) => startWindow("2027-03-03", "09:00", at(now));
    expect(window("2027-02-17T09:00:00Z")).toEqual({ state: "early", opensAt: at("2027-03-03T07:00:00Z") });
    expect(window("2027-03-03T06:59:59Z").state).toBe("early");
    expect(window("2027-03-03T07:00:00Z").state).toBe("open");
    expect(window("2027-03-03T23:59:00Z").state).toBe("open");
    expect(window("2027-03-04T00:00:00Z").state).toBe("over");
  });

  it("counts in UK summer time", () => {
    // 09:00 BST is 08:00 UTC: the window opens at 06:00 UTC.
    expect(startWindow("2027-06-10", "09:00", at("2027-06-10T05:59:00Z")).state).toBe("early");
    expect(startWindow("2027-06-10", "09:00", at("2027-06-10T06:00:00Z")).state).toBe("open");
    // 23:30 UTC on 10 June is already 11 June in the UK: the day is over.
    expect(startWindow("2027-06-10", "09:00", at("2027-06-10T23:30:00Z")).state).toBe("over");
  });

  it("never opens on the day before, for a move in the small hours", () => {
    const window = startWindow("2027-03-03", "01:00", at("2027-03-02T23:30:00Z"));
    expect(window).toEqual({ state: "early", opensAt: at("2027-03-03T00:00:00Z") });
    // Midnight BST is 23:00 UTC the evening before.
    expect(startWindow("2027-06-10", "00:30", at("2027-06-09T23:10:00Z")).state).toBe("open");
  });
});
