// The live position's rules: when the phone sends, which stop it is measured to, the trip
// estimate to it, and when the tracker says "last seen".
import { describe, expect, it } from "vitest";
import { estimateTrip } from "~/domain/distance";
import { isSharingStatus, lastSeenText, nextStopOf, positionIsDue } from "~/domain/live-position";

const NEWCASTLE: [number, number] = [54.9783, -1.6178];

describe("positionIsDue", () => {
  it("sends the first position, then every 15 s or after 100 m, whichever comes first", () => {
    expect(positionIsDue(null, NEWCASTLE, 0)).toBe(true);
    const last = { point: NEWCASTLE, at: 1_000_000 };
    expect(positionIsDue(last, NEWCASTLE, 1_000_000 + 14_999)).toBe(false);
    expect(positionIsDue(last, NEWCASTLE, 1_000_000 + 15_000)).toBe(true);
    // About 50 m north, then about 111 m north (0.001° of latitude).
    expect(positionIsDue(last, [NEWCASTLE[0] + 0.00045, NEWCASTLE[1]], 1_000_000 + 1_000)).toBe(false);
    expect(positionIsDue(last, [NEWCASTLE[0] + 0.001, NEWCASTLE[1]], 1_000_000 + 1_000)).toBe(true);
  });
});

describe("the next stop and the trip to it", () => {
  it("is the pickup until the driver arrives there, then the delivery", () => {
    const route = { pickupAddress: "NE1 6EE", deliveryAddress: "NE2 2AL" };
    expect(nextStopOf({ ...route, trackingStatus: "en_route" })).toEqual({
      address: "NE1 6EE",
      label: "the pickup address",
    });
    expect(nextStopOf({ ...route, trackingStatus: "nearby" }).address).toBe("NE1 6EE");
    expect(nextStopOf({ ...route, trackingStatus: "arrived" })).toEqual({
      address: "NE2 2AL",
      label: "the delivery address",
    });
    // With extra stops: each open one in order after the pickup, then the delivery.
    const stops = [
      { position: 1, type: "pickup" as const, address: "DH1 1AA", doneAt: new Date() },
      { position: 2, type: "dropoff" as const, address: "SR1 1AA", doneAt: null },
    ];
    expect(nextStopOf({ ...route, trackingStatus: "arrived", stops })).toEqual({
      address: "SR1 1AA",
      label: "stop 2 (drop-off)",
    });
    expect(nextStopOf({ ...route, trackingStatus: "nearby", stops }).address).toBe("NE1 6EE");
  });

  it("shares only while the job is under way", () => {
    expect(["assigned", "en_route", "nearby", "arrived", "completed", null].map(isSharingStatus)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("estimates road miles and minutes by the offline geometry; zero when there", () => {
    expect(estimateTrip(NEWCASTLE, NEWCASTLE)).toEqual({ miles: 0, minutes: 0 });
    // Newcastle to Durham: about 14 straight miles, 17.5 by road, under an hour.
    const trip = estimateTrip(NEWCASTLE, [54.7761, -1.5733]);
    expect(trip.miles).toBeGreaterThan(16);
    expect(trip.miles).toBeLessThan(19);
    expect(trip.minutes).toBeGreaterThan(30);
    expect(trip.minutes).toBeLessThan(60);
  });
});

describe("lastSeenText", () => {
  const at = new Date("2026-11-26T10:00:00Z");
  const after = (ms: number) => new Date(at.getTime() + ms);
  it("says nothing while positions are fresh, then minutes, then hours", () => {
    expect(lastSeenText(at, after(119_000))).toBeNull();
    expect(lastSeenText(at, after(2 * 60_000))).toBe("last seen 2 min ago");
    expect(lastSeenText(at, after(59 * 60_000))).toBe("last seen 59 min ago");
    expect(lastSeenText(at, after(60 * 60_000))).toBe("last seen 1 hour ago");
    expect(lastSeenText(at, after(3 * 3_600_000))).toBe("last seen 3 hours ago");
  });
});
