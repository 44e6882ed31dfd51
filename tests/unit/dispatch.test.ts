// Self-dispatch's rules (domain/dispatch.ts): who may take a job, the waves, and the flag.
import { describe, expect, it } from "vitest";
import {
  boxAround,
  whatsNextSteps,
  DISPATCH_MESSAGES,
  districtOf,
  ineligibility,
  inFirstWave,
  jobWindow,
  needsADriver,
  offerWave,
  recentDrops,
  takingPausedUntil,
  UNPLACED_DISTRICT,
  waveReachMiles,
  type Candidate,
  type OpenJob,
} from "~/domain/dispatch";
import { greatCircleMiles, type LatLng, type Place } from "~/domain/distance";
import { ukInstant } from "~/domain/uk-calendar";

const job: OpenJob = {
  bookingId: "b1",
  vanSize: "large",
  moveDate: "2027-03-04",
  moveTime: "09:00",
  estimatedHours: 3,
};
const driver = (overrides: Partial<Candidate> = {}): Candidate => ({
  approved: true,
  active: true,
  vanSize: "large",
  radiusMiles: 25,
  milesToPickup: 8,
  unavailableDates: [],
  jobsPerDay: 2,
  otherJobs: [],
  droppedBookingIds: [],
  takingPausedUntil: null,
  ...overrides,
});

describe("who may take a job", () => {
  it("an approved, active driver with a big enough van, near enough, free that day", () => {
    expect(ineligibility(driver(), job)).toBeNull();
    expect(ineligibility(driver({ vanSize: "luton" }), job)).toBeNull(); // bigger is fine
  });

  it("not a driver who is not approved, or whose account is suspended", () => {
    expect(ineligibility(driver({ approved: false }), job)).toBe(DISPATCH_MESSAGES.notApproved);
    expect(ineligibility(driver({ active: false }), job)).toBe(DISPATCH_MESSAGES.suspended);
  });

  it("sizes: small < medium < large < luton, and the sentence names the van", () => {
    for (const size of ["small", "medium"] as const)
      expect(ineligibility(driver({ vanSize: size }), job)).toBe("This job needs a large van");
    expect(ineligibility(driver({ vanSize: "large" }), { ...job, vanSize: "luton" })).toBe(
      "This job needs a luton van",
    );
  });

  it("the pickup within the working radius of the base, and a base at all", () => {
    expect(ineligibility(driver({ milesToPickup: 25 }), job)).toBeNull();
    expect(ineligibility(driver({ milesToPickup: 25.1 }), job)).toBe(
      "The pickup is outside your working radius of 25 miles",
    );
    expect(ineligibility(driver({ milesToPickup: null }), job)).toBe(DISPATCH_MESSAGES.noBase);
  });

  it("not over another job's window: its hours plus an hour's travel, across midnight too", () => {
    const before = { moveDate: "2027-03-04", moveTime: "05:00", estimatedHours: 3 }; // to 09:00 with travel
    expect(ineligibility(driver({ otherJobs: [before] }), job)).toBeNull();
    const touching = { ...before, moveTime: "05:01" };
    expect(ineligibility(driver({ otherJobs: [touching] }), job)).toBe(DISPATCH_MESSAGES.overlap);
    // A late job the evening before runs past midnight into this early one.
    const early: OpenJob = { ...job, moveTime: "01:00" };
    const lateBefore = { moveDate: "2027-03-03", moveTime: "22:00", estimatedHours: 3 }; // to 02:00
    expect(ineligibility(driver({ otherJobs: [lateBefore] }), early)).toBe(DISPATCH_MESSAGES.overlap);
    expect(jobWindow(lateBefore).end.toISOString()).toBe("2027-03-04T02:00:00.000Z");
  });

  it("not on a day marked unavailable, nor past the jobs-per-day limit", () => {
    expect(ineligibility(driver({ unavailableDates: ["2027-03-04"] }), job)).toBe(DISPATCH_MESSAGES.unavailable);
    const morning = { moveDate: "2027-03-04", moveTime: "14:00", estimatedHours: 1 };
    expect(ineligibility(driver({ jobsPerDay: 2, otherJobs: [morning] }), job)).toBeNull();
    expect(ineligibility(driver({ jobsPerDay: 1, otherJobs: [morning] }), job)).toBe("You already have 1 job that day");
  });

  it("not a job the driver gave back before", () => {
    expect(ineligibility(driver({ droppedBookingIds: ["b1"] }), job)).toBe(DISPATCH_MESSAGES.droppedBefore);
  });
});

describe("the waves", () => {
  const record = { milesToPickup: 6, completedJobs: 20, ratingTenths: 47, arrivals: 20, onTimeArrivals: 19 };

  it("the first wave: within 10 miles, at least 90% on time and rated 4.5 or more", () => {
    expect(inFirstWave(record)).toBe(true);
    expect(inFirstWave({ ...record, milesToPickup: 10.5 })).toBe(false);
    expect(inFirstWave({ ...record, onTimeArrivals: 17 })).toBe(false); // 85%
    expect(inFirstWave({ ...record, ratingTenths: 44 })).toBe(false);
  });

  it("a driver with fewer than 5 jobs counts as meeting both bars, not the distance", () => {
    const newcomer = { milesToPickup: 6, completedJobs: 4, ratingTenths: 30, arrivals: 4, onTimeArrivals: 0 };
    expect(inFirstWave(newcomer)).toBe(true);
    expect(inFirstWave({ ...newcomer, milesToPickup: 12 })).toBe(false);
  });

  it("wave 1 for 30 minutes after the job opens, then wave 2; a move within 24 hours skips wave 1", () => {
    const opened = new Date("2027-03-01T10:00:00Z");
    expect(offerWave(job, opened, new Date("2027-03-01T10:29:59Z"))).toBe(1);
    expect(offerWave(job, opened, new Date("2027-03-01T10:30:00Z"))).toBe(2);
    const soon = { moveDate: "2027-03-02", moveTime: "09:59" }; // 23 h 59 min after it opened
    expect(offerWave(soon, opened, opened)).toBe(2);
    expect(offerWave({ moveDate: "2027-03-02", moveTime: "10:00" }, opened, opened)).toBe(1);
  });
});

describe("the flag for admins", () => {
  const start = ukInstant(job.moveDate, job.moveTime).getTime();
  const hours = (count: number) => new Date(start - count * 3_600_000);

  it("a job opened days ahead is flagged from 48 hours before its start", () => {
    const opened = hours(24 * 5);
    expect(needsADriver(job, opened, hours(48.01))).toBe(false);
    expect(needsADriver(job, opened, hours(48))).toBe(true);
  });

  it("a move less than 48 hours away is flagged when still open an hour after payment", () => {
    const opened = hours(30);
    expect(needsADriver(job, opened, hours(29.01))).toBe(false);
    expect(needsADriver(job, opened, hours(29))).toBe(true);
  });
});

describe("where an offer says the job is", () => {
  // The place names the geocode knows, as the GB gazetteer answers them.
  const places: Record<string, Place[]> = {
    chelmsford: [{ name: "Chelmsford", point: [51.7356, 0.4685], population: 111_511 }],
    witham: [{ name: "Witham", point: [51.8, 0.64], population: 25_353 }],
  };
  const findPlaces = (name: string) => places[name] ?? [];

  it("the postcode's district, or the town its geocode finds, never the street or a house's name", () => {
    expect(districtOf("12 Grey Street, Newcastle upon Tyne NE1 6EE", findPlaces)).toBe("NE1");
    expect(districtOf("40 Osborne Road, Jesmond, NE2", findPlaces)).toBe("NE2");
    expect(districtOf("7 Acacia Avenue, Chelmsford", findPlaces)).toBe("Chelmsford");
    // The town is found where it is written, not by its place in the address.
    expect(districtOf("Chelmsford, Rose Cottage", findPlaces)).toBe("Chelmsford");
    expect(districtOf("Rose Cottage, Mill Lane, Witham", findPlaces)).toBe("Witham");
  });

  it("says the address comes with the job when neither is there", () => {
    expect(districtOf("Flat 2, 15", findPlaces)).toBe(UNPLACED_DISTRICT);
    expect(districtOf("Rose Cottage, Mill Lane", findPlaces)).toBe("Address given when you take the job");
  });
});

describe("taking and dropping jobs to read customers' contacts", () => {
  const now = new Date("2027-03-10T12:00:00Z");
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it("three drops in seven days pause nothing", () => {
    expect(takingPausedUntil([hoursAgo(1), hoursAgo(30), hoursAgo(100)], now)).toBeNull();
  });

  it("a fourth drop within seven days pauses taking for 24 hours from it", () => {
    const drops = [hoursAgo(2), hoursAgo(30), hoursAgo(60), hoursAgo(150)];
    expect(takingPausedUntil(drops, now)).toEqual(new Date(hoursAgo(2).getTime() + 24 * 3_600_000));
    expect(recentDrops(drops, now)).toBe(4);
    // The pause says why and until when.
    expect(ineligibility(driver({ takingPausedUntil: hoursAgo(-22) }), job)).toBe(
      DISPATCH_MESSAGES.tooManyDrops(hoursAgo(-22)),
    );
    expect(DISPATCH_MESSAGES.tooManyDrops(new Date("2027-03-11T10:00:00Z"))).toBe(
      "You gave back more than 3 jobs in 7 days, so you can take new jobs again from 11 Mar 2027, 10:00",
    );
  });

  it("the pause ends 24 hours after the drop that went over", () => {
    const drops = [hoursAgo(25), hoursAgo(30), hoursAgo(60), hoursAgo(90)];
    expect(takingPausedUntil(drops, now)).toBeNull();
  });

  it("four drops spread over more than seven days pause nothing", () => {
    const drops = [hoursAgo(1), hoursAgo(50), hoursAgo(100), hoursAgo(7 * 24 + 5)];
    expect(takingPausedUntil(drops, now)).toBeNull();
    expect(recentDrops(drops, now)).toBe(3);
  });
});

describe("what the confirmation says happens next", () => {
  it("says the move is offered to drivers now, and how a move today is found today", () => {
    const later = whatsNextSteps({ driverFound: false, moveDate: "2026-12-05", today: "2026-11-28" });
    expect(later[1]).toBe(
      "We are offering your move now to approved drivers near your pickup, and we will tell you the moment one takes it.",
    );
    expect(later.join(" ")).not.toMatch(/24 hours/);
    expect(later[3]).toBe("On moving day, your driver will call you when they are on their way.");
    const today = whatsNextSteps({ driverFound: false, moveDate: "2026-11-28", today: "2026-11-28" });
    expect(today[1]).toMatch(/^Your move is today: we are offering it now/);
    expect(today[3]).toBe("Your driver will call you when they are on their way.");
    expect(whatsNextSteps({ driverFound: true, moveDate: "2026-11-28", today: "2026-11-28" })[1]).toMatch(
      /^A driver has taken your move already/,
    );
  });
});

describe("the box an index searches for the drivers near a pickup", () => {
  const inBox = ([lat, lng]: LatLng, box: ReturnType<typeof boxAround>) =>
    lat >= box.minLat && lat <= box.maxLat && lng >= box.minLng && lng <= box.maxLng;

  it("holds every point within the miles in a straight line, in any direction, north or south", () => {
    for (const centre of [
      [50.1, -5.5], // Penzance
      [51.5074, -0.1278], // London
      [54.9783, -1.6178], // Newcastle
      [58.97, -3.3], // Orkney's edge
    ] as LatLng[]) {
      for (const miles of [waveReachMiles(1), 25, waveReachMiles(2)]) {
        const box = boxAround(centre, miles);
        for (let degrees = 0; degrees < 360; degrees += 5) {
          // Walk out along a bearing to just inside `miles`.
          const bearing = (degrees * Math.PI) / 180;
          let step = 0;
          let point: LatLng = centre;
          while (true) {
            const next: LatLng = [
              centre[0] + (step * Math.cos(bearing)) / 69,
              centre[1] + (step * Math.sin(bearing)) / (69 * Math.cos((centre[0] * Math.PI) / 180)),
            ];
            if (greatCircleMiles(centre, next) > miles) break;
            point = next;
            step += 0.25;
          }
          expect(inBox(point, box), `${centre} ${miles} miles at ${degrees}°`).toBe(true);
        }
      }
    }
  });

  it("is not much bigger than it must be, so the index reads few drivers beyond the reach", () => {
    const box = boxAround([54.9783, -1.6178], 10);
    expect(greatCircleMiles([box.minLat, -1.6178], [box.maxLat, -1.6178])).toBeLessThan(21);
    expect(greatCircleMiles([54.9783, box.minLng], [54.9783, box.maxLng])).toBeLessThan(21);
  });

  it("reaches the first wave's miles in wave 1, and the widest working radius in wave 2", () => {
    expect(waveReachMiles(1)).toBe(10);
    expect(waveReachMiles(2)).toBe(100);
  });
});
