// What the dispatch rules (domain/dispatch.ts) need, gathered from the database: an open job's
// row, a driver's facts (their other jobs, the jobs they gave back, their arrivals), and the
// rule's answer for a pair of them; the offer card's view. Used by the stored offers
// (offers.server.ts) and by the take (dispatch.server.ts), so both apply the same rules.
import {
  DISPATCH_MESSAGES,
  ineligibility,
  inFirstWave,
  jobWindow,
  offerWave,
  secondWaveAt,
  takingPausedUntil,
  type OpenJob,
} from "~/domain/dispatch";
import type { LatLng } from "~/domain/distance";
import { formatDistance } from "~/domain/distance";
import { ON_TIME_GRACE_MINUTES } from "~/domain/driver-reliability";
import { formatPounds } from "~/domain/money";
import { estimatedTimeText } from "~/domain/pricing";
import { isoDateOf, ukToday } from "~/domain/uk-calendar";
import { formatCalendarDate, formatUkDateTime } from "~/domain/uk-datetime";
import { helpersText, VAN_LABELS } from "~/domain/vans";
import { districtOfAddress, milesBetween, pointOf } from "~/server/bookings/open-jobs.server";
import type { db } from "~/server/platform/db.server";
import type { OfferView } from "~/views/driver";
import type { Prisma } from "../../../generated/prisma/client";

export const openJobSelect = {
  id: true,
  reference: true,
  vanSize: true,
  moveDate: true,
  moveTime: true,
  estimatedHours: true,
  helpers: true,
  pickupAddress: true,
  pickupLat: true,
  pickupLng: true,
  deliveryAddress: true,
  driverShare: true,
  openedAt: true,
  // The stops' ids, not Prisma's _count: that counts the whole table's rows in a subquery.
  stops: { select: { id: true } },
} satisfies Prisma.BookingSelect;
export type OpenJobRow = Prisma.BookingGetPayload<{ select: typeof openJobSelect }>;
/** An open job as a driver's list shows it: its stops counted, not listed. */
export type OfferRow = Omit<OpenJobRow, "stops"> & { stopCount: number };
export const offerRowOf = ({ stops, ...row }: OpenJobRow): OfferRow => ({ ...row, stopCount: stops.length });

export const asOpenJob = (row: Omit<OpenJobRow, "stops">): OpenJob => ({
  bookingId: row.id,
  vanSize: row.vanSize,
  moveDate: isoDateOf(row.moveDate),
  moveTime: row.moveTime,
  estimatedHours: row.estimatedHours,
});

/** A job's pickup point: as stored when dispatch placed it, else placed now. */
export const pickupPointOf = (row: Pick<OpenJobRow, "pickupLat" | "pickupLng" | "pickupAddress">): LatLng | null =>
  row.pickupLat !== null && row.pickupLng !== null ? [row.pickupLat, row.pickupLng] : pointOf(row.pickupAddress);

/** A driver's base point: as stored when they saved it, else placed now; null without a base. */
const basePointOf = (driver: {
  basePostcode: string | null;
  baseLat: number | null;
  baseLng: number | null;
}): LatLng | null =>
  driver.baseLat !== null && driver.baseLng !== null
    ? [driver.baseLat, driver.baseLng]
    : driver.basePostcode
      ? pointOf(driver.basePostcode)
      : null;

const driverSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  approvalStatus: true,
  vanType: true,
  basePostcode: true,
  baseLat: true,
  baseLng: true,
  workingRadiusMiles: true,
  jobsPerDay: true,
  unavailableDates: true,
  completedJobs: true,
  ratingTenths: true,
  offersStale: true,
  user: { select: { isActive: true } },
} satisfies Prisma.DriverSelect;

export type Client = Prisma.TransactionClient | typeof db;

/** Each row's value by its driver. */
function byDriver<T extends { driverId: string }>(rows: T[]) {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const own = map.get(row.driverId);
    if (own) own.push(row);
    else map.set(row.driverId, [row]);
  }
  return map;
}

/** At most this many drivers' facts are read in one go (the length of the queries' id lists). */
const DRIVERS_PER_READ = 2000;

/**
 * Drivers, with what the rules need of them: five queries per 2,000 drivers, each reading only
 * these drivers' rows (by index): their live jobs from today, the jobs they gave back, and their
 * arrivals counted by the database rather than read one by one.
 */
async function driversFacts(client: Client, where: Prisma.DriverWhereInput, now: Date) {
  const drivers = await client.driver.findMany({ where, select: driverSelect, take: DRIVERS_PER_READ });
  return withFacts(client, drivers, now);
}

/** The facts of these drivers (by id), however many, DRIVERS_PER_READ at a time. */
export async function factsOfDrivers(client: Client, ids: readonly string[], now: Date) {
  const facts: DriverFacts[] = [];
  for (let start = 0; start < ids.length; start += DRIVERS_PER_READ)
    facts.push(...(await driversFacts(client, { id: { in: ids.slice(start, start + DRIVERS_PER_READ) } }, now)));
  return facts;
}

async function withFacts(
  client: Client,
  drivers: Prisma.DriverGetPayload<{ select: typeof driverSelect }>[],
  now: Date,
) {
  if (drivers.length === 0) return [];
  const today = ukToday(now);
  const ids = drivers.map((driver) => driver.id);
  const arrivalsOf = { driverId: { in: ids }, kind: "arrival" } satisfies Prisma.DriverJobEventWhereInput;
  const [otherJobs, drops, arrivals, onTimeArrivals] = await Promise.all([
    client.booking.findMany({
      where: {
        driverId: { in: ids },
        status: { in: ["assigned", "in_progress"] },
        moveDate: { gte: new Date(`${today}T00:00:00Z`) },
      },
      select: { driverId: true, moveDate: true, moveTime: true, estimatedHours: true },
    }),
    // Few by design: past DROP_LIMIT a driver's taking pauses.
    client.driverJobEvent.findMany({
      where: { driverId: { in: ids }, kind: "dropped" },
      select: { driverId: true, bookingId: true, createdAt: true },
    }),
    client.driverJobEvent.groupBy({ by: ["driverId"], where: arrivalsOf, _count: { _all: true } }),
    // On time as arrivedOnTime counts it: no lateness recorded, or within the grace.
    client.driverJobEvent.groupBy({
      by: ["driverId"],
      where: { ...arrivalsOf, OR: [{ minutesLate: null }, { minutesLate: { lte: ON_TIME_GRACE_MINUTES } }] },
      _count: { _all: true },
    }),
  ]);
  const jobsOf = byDriver(otherJobs.flatMap((job) => (job.driverId ? [{ ...job, driverId: job.driverId }] : [])));
  const dropsOf = byDriver(drops);
  const count = (rows: { driverId: string; _count: { _all: number } }[]) =>
    new Map(rows.map((row) => [row.driverId, row._count._all]));
  const arrivalCounts = count(arrivals);
  const onTimeCounts = count(onTimeArrivals);
  return drivers.map((driver) => {
    const own = dropsOf.get(driver.id) ?? [];
    return {
      ...driver,
      basePoint: basePointOf(driver),
      otherJobs: (jobsOf.get(driver.id) ?? []).map((job) => ({ ...job, moveDate: isoDateOf(job.moveDate) })),
      droppedBookingIds: own.flatMap((event) => (event.bookingId ? [event.bookingId] : [])),
      takingPausedUntil: takingPausedUntil(
        own.map((event) => event.createdAt),
        now,
      ),
      arrivals: arrivalCounts.get(driver.id) ?? 0,
      onTimeArrivals: onTimeCounts.get(driver.id) ?? 0,
    };
  });
}

/** A driver, with what the rules need of them, found by their account. */
export async function driverFacts(client: Client, userId: string, now: Date) {
  return (await driversFacts(client, { userId }, now))[0] ?? null;
}
export type DriverFacts = Awaited<ReturnType<typeof withFacts>>[number];

/** Road miles from the driver's base to the job's pickup; null when either cannot be placed. */
function milesToPickup(driver: Pick<DriverFacts, "basePoint">, row: OpenJobRow) {
  const pickup = pickupPointOf(row);
  return driver.basePoint && pickup ? milesBetween(driver.basePoint, pickup) : null;
}

/** Whether this driver may take this job now, and if not, why (a sentence). */
export function refusal(driver: DriverFacts, row: OpenJobRow, now: Date): string | null {
  const miles = milesToPickup(driver, row);
  const job = asOpenJob(row);
  const rule = ineligibility(
    {
      approved: driver.approvalStatus === "approved",
      active: driver.user?.isActive ?? false,
      vanSize: driver.vanType,
      radiusMiles: driver.workingRadiusMiles,
      milesToPickup: miles,
      unavailableDates: driver.unavailableDates.map(isoDateOf),
      jobsPerDay: driver.jobsPerDay,
      otherJobs: driver.otherJobs,
      droppedBookingIds: driver.droppedBookingIds,
      takingPausedUntil: driver.takingPausedUntil,
    },
    job,
  );
  if (rule) return rule;
  if (offerWave(job, row.openedAt!, now) === 1 && !inFirstWave({ ...driver, milesToPickup: miles! }))
    return DISPATCH_MESSAGES.firstWave(formatUkDateTime(secondWaveAt(row.openedAt!)).slice(-5));
  return null;
}

/** An offer as the driver's card shows it: districts only, no street, no customer. */
export function offerView(
  row: OfferRow,
  driver: { basePostcode: string | null; baseLat: number | null; baseLng: number | null },
): OfferView {
  const { start, end } = jobWindow(asOpenJob(row));
  const base = basePointOf(driver);
  const pickup = pickupPointOf(row);
  const miles = base && pickup ? milesBetween(base, pickup) : null;
  return {
    bookingId: row.id,
    reference: row.reference,
    moveDate: isoDateOf(row.moveDate),
    dateText: formatCalendarDate(row.moveDate, "full"),
    window: `${formatUkDateTime(start).slice(-5)}–${formatUkDateTime(end).slice(-5)}`,
    from: districtOfAddress(row.pickupAddress),
    to: districtOfAddress(row.deliveryAddress),
    distanceFromBase: miles === null ? null : formatDistance(miles),
    van: VAN_LABELS[row.vanSize],
    helpers: helpersText(row.helpers),
    stops: row.stopCount,
    estimatedTime: estimatedTimeText(row.estimatedHours),
    share: formatPounds(row.driverShare),
  };
}

/**
 * Holds this driver's row until the transaction ends: their takes, and their changes to what
 * limits them (availability, days off), go one at a time, so each take checks the rules
 * against the jobs the one before it won.
 */
export async function lockDriver(tx: Prisma.TransactionClient, driverId: string) {
  await tx.$queryRaw`SELECT 1 FROM "Driver" WHERE "id" = ${driverId} FOR UPDATE`;
}
