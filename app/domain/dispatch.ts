// Self-dispatch: who may take a paid, unassigned job, and who is offered it when.
// Pure rules: the server gathers the facts (the driver's other jobs, the miles from their base to
// the pickup by our own distance estimate, their record) and asks here.
import { findPostcode, locateAddress, type LatLng, type PlaceFinder } from "./distance";
import { countOf } from "./plural";
import { ukInstant } from "./uk-calendar";
import { formatUkDateTime } from "./uk-datetime";
import { VAN_LABELS, vansAtLeast, type VanSize } from "./vans";

/** A job's window runs from its start for its estimated hours, plus this much travel. */
const TRAVEL_HOURS = 1;

/** The first wave: the nearest and most reliable drivers, for this long after the job opens. */
const FIRST_WAVE = {
  minutes: 30,
  miles: 10,
  onTimeRate: 0.9,
  ratingTenths: 45,
  /** A driver with fewer completed jobs than this counts as meeting the on-time and rating bars. */
  newDriverBelowJobs: 5,
} as const;

/**
 * Each wave of a job is announced by e-mail and text to this many of its drivers at most, the
 * nearest first; every driver who may take it sees it in their list all the same. Nationally a
 * job in a city may suit hundreds of drivers, and a text to each for every job is noise.
 */
export const ANNOUNCED_PER_WAVE = 25;

/** A move starting sooner than this after it opens skips the first wave. */
const SHORT_NOTICE_HOURS = 24;

/**
 * Taking a job shows the customer's name, phone and address; giving it back hides them again.
 * A driver who gives back more than `drops` jobs within `days` days may take none for
 * `pauseHours` hours from the drop that went over, so taking and dropping cannot harvest contacts.
 */
export const DROP_LIMIT = { drops: 3, days: 7, pauseHours: 24 } as const;

/** Flags for admins: a job still open this close to its start, or open this long after payment when it is that close. */
const NEEDS_A_DRIVER = { hoursBeforeStart: 48, openMinutesWhenSoon: 60 } as const;

export const DISPATCH_MESSAGES = {
  taken: "Another driver has taken this job",
  notFound: "This job is not open to drivers",
  notApproved: "Only an approved driver can take jobs",
  suspended: "Your driver account is suspended",
  van: (size: VanSize) => `This job needs a ${VAN_LABELS[size].toLowerCase()}`,
  tooFar: (radius: number) => `The pickup is outside your working radius of ${radius} miles`,
  noBase: "Set your base postcode on your availability page to be offered jobs",
  overlap: "You have another job at that time",
  unavailable: "You marked that day as unavailable",
  dailyLimit: (limit: number) => `You already have ${countOf(limit, "job")} that day`,
  droppedBefore: "You gave this job back before",
  tooManyDrops: (until: Date) =>
    `You gave back more than ${DROP_LIMIT.drops} jobs in ${DROP_LIMIT.days} days, so you can take new jobs again from ${formatUkDateTime(until)}`,
  firstWave: (time: string) => `This job is offered to nearby drivers first; it opens to you at ${time}`,
} as const;

/** A job (a paid booking without a driver), as the rules need it. */
export type OpenJob = {
  bookingId: string;
  vanSize: VanSize;
  /** The UK date and start time of the move. */
  moveDate: string;
  moveTime: string;
  estimatedHours: number;
};

/** A driver, as the rules need them, with the facts about this job. */
export type Candidate = {
  approved: boolean;
  /** Their account is active (an admin can deactivate it). */
  active: boolean;
  vanSize: VanSize;
  radiusMiles: number;
  /** Road miles from their base postcode to the pickup; null without a base (or unlocated). */
  milesToPickup: number | null;
  unavailableDates: readonly string[];
  jobsPerDay: number;
  /** Their other live jobs (assigned, not done or cancelled). */
  otherJobs: readonly { moveDate: string; moveTime: string; estimatedHours: number }[];
  droppedBookingIds: readonly string[];
  /** Set while too many recent drops stop them taking jobs (takingPausedUntil). */
  takingPausedUntil: Date | null;
};

/** A job's window: from its start to the end of its estimated hours plus an hour's travel. */
export function jobWindow(job: { moveDate: string; moveTime: string; estimatedHours: number }) {
  const start = ukInstant(job.moveDate, job.moveTime);
  return { start, end: new Date(start.getTime() + (job.estimatedHours + TRAVEL_HOURS) * 3_600_000) };
}

function overlaps(a: { start: Date; end: Date }, b: { start: Date; end: Date }) {
  return a.start < b.end && b.start < a.end;
}

/** Why this driver may not take this job, in a sentence; null when they may. */
export function ineligibility(driver: Candidate, job: OpenJob): string | null {
  if (!driver.approved) return DISPATCH_MESSAGES.notApproved;
  if (!driver.active) return DISPATCH_MESSAGES.suspended;
  if (driver.takingPausedUntil) return DISPATCH_MESSAGES.tooManyDrops(driver.takingPausedUntil);
  if (!vansAtLeast(job.vanSize).includes(driver.vanSize)) return DISPATCH_MESSAGES.van(job.vanSize);
  if (driver.milesToPickup === null) return DISPATCH_MESSAGES.noBase;
  if (driver.milesToPickup > driver.radiusMiles) return DISPATCH_MESSAGES.tooFar(driver.radiusMiles);
  if (driver.droppedBookingIds.includes(job.bookingId)) return DISPATCH_MESSAGES.droppedBefore;
  if (driver.unavailableDates.includes(job.moveDate)) return DISPATCH_MESSAGES.unavailable;
  const window = jobWindow(job);
  if (driver.otherJobs.some((other) => overlaps(window, jobWindow(other)))) return DISPATCH_MESSAGES.overlap;
  const sameDay = driver.otherJobs.filter((other) => other.moveDate === job.moveDate).length;
  if (sameDay >= driver.jobsPerDay) return DISPATCH_MESSAGES.dailyLimit(driver.jobsPerDay);
  return null;
}

/**
 * Until when a driver may take no jobs because of the jobs they gave back (DROP_LIMIT), or null
 * when they may take jobs now. Each drop that is the (drops + 1)th within `days` days pauses
 * taking for `pauseHours` from that drop.
 */
export function takingPausedUntil(dropTimes: readonly Date[], now: Date): Date | null {
  const times = dropTimes.map((time) => time.getTime()).sort((a, b) => a - b);
  const windowMs = DROP_LIMIT.days * 86_400_000;
  let until = 0;
  times.forEach((time, index) => {
    const inWindow = times.slice(0, index + 1).filter((earlier) => earlier > time - windowMs).length;
    if (inWindow > DROP_LIMIT.drops) until = Math.max(until, time + DROP_LIMIT.pauseHours * 3_600_000);
  });
  return until > now.getTime() ? new Date(until) : null;
}

/** How many jobs a driver gave back in the last DROP_LIMIT.days days (the admins' card). */
export function recentDrops(dropTimes: readonly Date[], now: Date) {
  const since = now.getTime() - DROP_LIMIT.days * 86_400_000;
  return dropTimes.filter((time) => time.getTime() > since).length;
}

/** A driver's record, for the first wave. */
export type DriverRecord = {
  milesToPickup: number;
  completedJobs: number;
  ratingTenths: number | null;
  arrivals: number;
  onTimeArrivals: number;
};

/** Whether an eligible driver is among the first wave's: near, on time and well rated (or new). */
export function inFirstWave(driver: DriverRecord) {
  if (driver.milesToPickup > FIRST_WAVE.miles) return false;
  if (driver.completedJobs < FIRST_WAVE.newDriverBelowJobs) return true;
  const onTime = driver.arrivals === 0 || driver.onTimeArrivals / driver.arrivals >= FIRST_WAVE.onTimeRate;
  const rated = driver.ratingTenths === null || driver.ratingTenths >= FIRST_WAVE.ratingTenths;
  return onTime && rated;
}

/**
 * The wave a job is in: 1 (the first wave's drivers only) for FIRST_WAVE.minutes after it
 * opened, then 2 (every eligible driver). A move starting within SHORT_NOTICE_HOURS of opening
 * goes to everyone at once.
 */
export function offerWave(job: Pick<OpenJob, "moveDate" | "moveTime">, openedAt: Date, now: Date): 1 | 2 {
  const start = ukInstant(job.moveDate, job.moveTime);
  if (start.getTime() - openedAt.getTime() < SHORT_NOTICE_HOURS * 3_600_000) return 2;
  return now.getTime() - openedAt.getTime() < FIRST_WAVE.minutes * 60_000 ? 1 : 2;
}

/** When wave 2 begins for a job opened at `openedAt` (the moment to offer it to everyone). */
export function secondWaveAt(openedAt: Date) {
  return new Date(openedAt.getTime() + FIRST_WAVE.minutes * 60_000);
}

/** Jobs opened before this moment are in wave 2 by now (or were from the start). */
export function secondWaveOpenedBefore(now: Date) {
  return new Date(now.getTime() - FIRST_WAVE.minutes * 60_000);
}

/** The widest working radius a driver may set (the bound of schemas/driver-availability.ts, which the browser loads without this module's place tables). */
const MAX_WORKING_RADIUS_MILES = 100;

/** How far from a job's pickup a driver of this wave can be based: the first wave's miles, else the widest radius. */
export const waveReachMiles = (wave: 1 | 2) => (wave === 1 ? FIRST_WAVE.miles : MAX_WORKING_RADIUS_MILES);

/** Miles in a degree of latitude (and of longitude at the equator), for boxes and straight-line checks. */
export const MILES_PER_DEGREE = 69;
/** What a box or a flat straight-line check adds to a reach, for the sphere's curve over it. */
export const STRAIGHT_LINE_MARGIN = 1.02;

/**
 * The box of latitudes and longitudes around a point that holds every point within `miles` in a
 * straight line: what an index can search. A road is never shorter than the straight line, so a
 * driver whose road miles to a pickup are within their radius is based inside the box of that radius.
 */
export function boxAround([lat, lng]: LatLng, miles: number) {
  const reach = miles * STRAIGHT_LINE_MARGIN;
  const latSpan = reach / MILES_PER_DEGREE;
  // A degree of longitude shrinks towards the poles; the box's wider edge decides.
  const widestLat = Math.min(89, Math.abs(lat) + latSpan);
  const lngSpan = reach / (MILES_PER_DEGREE * Math.cos((widestLat * Math.PI) / 180));
  return { minLat: lat - latSpan, maxLat: lat + latSpan, minLng: lng - lngSpan, maxLng: lng + lngSpan };
}

/**
 * Whether an open job needs an admin: still open within 48 hours of its start once an hour has
 * passed since it opened when it opened that close, or from 48 hours before its start otherwise.
 */
export function needsADriver(job: Pick<OpenJob, "moveDate" | "moveTime">, openedAt: Date, now: Date) {
  const start = ukInstant(job.moveDate, job.moveTime).getTime();
  const flagFrom = start - NEEDS_A_DRIVER.hoursBeforeStart * 3_600_000;
  const openedSoon = openedAt.getTime() >= flagFrom;
  if (openedSoon) return now.getTime() - openedAt.getTime() >= NEEDS_A_DRIVER.openMinutesWhenSoon * 60_000;
  return now.getTime() >= flagFrom;
}

/** What an offer says of an address it cannot place by postcode or town. */
export const UNPLACED_DISTRICT = "Address given when you take the job";

/**
 * Where an offer says a job is, before it is taken: the postcode's outward code ("NE1"), else the
 * town the address's geocode finds ("Chelmsford"), never a street or a house's name.
 */
export function districtOf(address: string, findPlaces: PlaceFinder): string {
  const postcode = findPostcode(address);
  if (postcode) return postcode.outward;
  const located = locateAddress(address, findPlaces);
  return located?.source === "place_name" ? located.label : UNPLACED_DISTRICT;
}

/**
 * "What's next" after a booking is paid, as the confirmation page and e-mail say it. A paid job
 * is offered to drivers at once (self-dispatch): the customer is told when one takes it, and a
 * move for today is offered today.
 */
export function whatsNextSteps({
  driverFound,
  moveDate,
  today,
}: {
  driverFound: boolean;
  /** yyyy-mm-dd, UK calendar, as `today`. */
  moveDate: string;
  today: string;
}): string[] {
  const moveToday = moveDate === today;
  const driver = driverFound
    ? "A driver has taken your move already: you can see who on your bookings page."
    : moveToday
      ? "Your move is today: we are offering it now to approved drivers near your pickup, and we will tell you the moment one takes it."
      : "We are offering your move now to approved drivers near your pickup, and we will tell you the moment one takes it.";
  return [
    "You will receive a confirmation email with your booking details.",
    driver,
    "Track your booking and chat with your driver from your bookings page.",
    moveToday
      ? "Your driver will call you when they are on their way."
      : "On moving day, your driver will call you when they are on their way.",
  ];
}
