// The stored offers: one DispatchOffer row per open job and driver who may take it, worked out
// when something changes rather than on every read. A job's offers are made when it opens and
// when its second wave starts (offerOpenJobs, on the dispatch queue); a driver's own are worked
// out again when what limits them changes (recomputeOffersOf); taking or closing a job removes
// its rows (bookings/open-jobs.server.ts). A driver's "Available jobs" is one indexed read of
// their rows, and each change is told live only to the drivers it concerns (offerLiveData).
import {
  ANNOUNCED_PER_WAVE,
  boxAround,
  DISPATCH_MESSAGES,
  MILES_PER_DEGREE,
  offerWave,
  secondWaveOpenedBefore,
  STRAIGHT_LINE_MARGIN,
  takingPausedUntil,
  waveReachMiles,
} from "~/domain/dispatch";
import type { LatLng } from "~/domain/distance";
import { messageKey } from "~/domain/message-delivery";
import { isoDateOf, ukToday } from "~/domain/uk-calendar";
import { vansAtLeast, vansAtMost } from "~/domain/vans";
import { driverTextMessages } from "~/server/bookings/move-day-texts.server";
import { milesBetween, OPEN_JOB, OPEN_JOB_SQL, pointOf } from "~/server/bookings/open-jobs.server";
import { queueMessages, type QueuedMessage } from "~/server/messages/outbox.server";
import { withAdvisoryLock } from "~/server/platform/advisory-lock.server";
import { db } from "~/server/platform/db.server";
import { createId } from "~/server/platform/ids.server";
import { publishOfferChange, type OfferEvent } from "~/server/platform/live.server";
import type { OfferLiveData, OfferView } from "~/views/driver";
import type { Prisma } from "../../../generated/prisma/client";
import {
  asOpenJob,
  factsOfDrivers,
  offerRowOf,
  offerView,
  openJobSelect,
  type OfferRow,
  pickupPointOf,
  refusal,
  type OpenJobRow,
} from "./dispatch-rules.server";

const fromToday = (now: Date) => new Date(`${ukToday(now)}T00:00:00Z`);

// ---------------------------------------------------------------- reading a driver's list

/** The signed-in driver, as their own pages need them: who they are, what limits their offers, their drops. */
export type OwnDriver = {
  id: string;
  name: string;
  ratingTenths: number | null;
  completedJobs: number;
  approvalStatus: string;
  offersStale: boolean;
  basePostcode: string | null;
  baseLat: number | null;
  baseLng: number | null;
  isActive: boolean | null;
  drops: Date[];
};

/** The driver of this account, or null: one statement for the driver, their account and their drops (every page load asks). */
export async function ownDriverOf(userId: string): Promise<OwnDriver | null> {
  const [driver] = await db.$queryRaw<OwnDriver[]>`
    SELECT d."id", d."name", d."ratingTenths", d."completedJobs", d."approvalStatus"::text AS "approvalStatus",
           d."offersStale", d."basePostcode", d."baseLat", d."baseLng", u."isActive",
           ARRAY(SELECT e."createdAt" FROM "DriverJobEvent" e WHERE e."driverId" = d."id" AND e."kind" = 'dropped') AS "drops"
    FROM "Driver" d LEFT JOIN "User" u ON u."id" = d."userId"
    WHERE d."userId" = ${userId}`;
  return driver ?? null;
}

export type DriverOffers = { offers: OfferView[]; paused: string | null };

/** The open jobs this account's driver may take now (offersOf). */
export async function offersFor(userId: string, now = new Date()): Promise<DriverOffers> {
  const driver = await ownDriverOf(userId);
  return driver ? offersOf(driver, now) : { offers: [], paused: null };
}

/**
 * The open jobs this driver may take now, by date: districts only, no street, no customer. While
 * too many recent drops stop them taking jobs, none, and `paused` says why and until when. One
 * indexed read of their own rows, after working them out again if what limits them changed.
 */
export async function offersOf(driver: OwnDriver, now = new Date()): Promise<DriverOffers> {
  if (driver.approvalStatus !== "approved" || !driver.isActive) return { offers: [], paused: null };
  const pausedUntil = takingPausedUntil(driver.drops, now);
  if (pausedUntil) return { offers: [], paused: DISPATCH_MESSAGES.tooManyDrops(pausedUntil) };
  if (driver.offersStale) await db.$transaction((tx) => recomputeOffersOf(tx, driver.id, now));
  // Their rows by the driver's index joined to those jobs, still open (a row a new path left
  // behind shows nothing), in one statement: Prisma would read the offers, the jobs and their
  // stops in three, or filter the offers by their jobs in a subquery over every offer row.
  const rows = await db.$queryRaw<OfferRow[]>`
    SELECT b."id", b."reference", b."vanSize"::text AS "vanSize", b."moveDate", b."moveTime", b."estimatedHours",
           b."helpers", b."pickupAddress", b."pickupLat", b."pickupLng", b."deliveryAddress", b."driverShare",
           b."openedAt", (SELECT count(*)::int FROM "BookingStop" s WHERE s."bookingId" = b."id") AS "stopCount"
    FROM "DispatchOffer" o JOIN "Booking" b ON b."id" = o."bookingId"
    WHERE o."driverId" = ${driver.id} AND ${OPEN_JOB_SQL} AND b."moveDate" >= ${fromToday(now)}
    ORDER BY b."moveDate", b."moveTime"`;
  return { offers: rows.map((row) => offerView(row, driver)), paused: null };
}

// ---------------------------------------------------------------- one driver's offers

/**
 * Works out this driver's offers again (their availability, days off or jobs changed): the open
 * jobs near their base that the rules let them take now, their rows replaced in `tx`. Only their
 * own rows change, and nothing is announced: the driver is the one looking. Jobs dispatch has not
 * placed yet (just opened) are placed here.
 */
export async function recomputeOffersOf(tx: Prisma.TransactionClient, driverId: string, now = new Date()) {
  await tx.driver.update({ where: { id: driverId }, data: { offersStale: false } });
  const [driver] = await factsOfDrivers(tx, [driverId], now);
  await tx.dispatchOffer.deleteMany({ where: { driverId } });
  if (!driver?.basePoint || driver.approvalStatus !== "approved" || !driver.user?.isActive) return 0;
  if (driver.baseLat === null)
    await tx.driver.update({
      where: { id: driverId },
      data: { baseLat: driver.basePoint[0], baseLng: driver.basePoint[1] },
    });
  const box = boxAround(driver.basePoint, driver.workingRadiusMiles);
  const rows = await tx.booking.findMany({
    where: {
      ...OPEN_JOB,
      moveDate: { gte: fromToday(now), notIn: driver.unavailableDates },
      vanSize: { in: vansAtMost(driver.vanType) },
      OR: [
        { pickupLat: { gte: box.minLat, lte: box.maxLat }, pickupLng: { gte: box.minLng, lte: box.maxLng } },
        { pickupLat: null },
      ],
    },
    select: openJobSelect,
  });
  const offers = rows
    .filter((row) => refusal(driver, row, now) === null)
    .map((row) => ({ bookingId: row.id, driverId, wave: offerWave(asOpenJob(row), row.openedAt!, now) }));
  await insertOffers(tx, offers);
  return offers.length;
}

// ---------------------------------------------------------------- the jobs' offers

/** How many jobs one transaction offers: their rows and messages commit together. */
const JOBS_PER_BATCH = 50;
/** How many jobs one run offers at most; the next run (or job) goes on. */
const JOBS_PER_RUN = 2000;

/** The jobs whose offers are due: opened and not yet offered, or offered to wave 1 and now in wave 2. */
function jobsToOffer(now: Date) {
  return db.booking.findMany({
    where: {
      ...OPEN_JOB,
      moveDate: { gte: fromToday(now) },
      OR: [{ offersWave: null }, { offersWave: 1, openedAt: { lte: secondWaveOpenedBefore(now) } }],
    },
    select: openJobSelect,
    orderBy: { openedAt: "asc" },
    take: JOBS_PER_RUN,
  });
}

/**
 * Places the drivers' bases that have no point yet (saved before points were kept, or made by
 * hand): one statement for all of them.
 */
async function placeBases() {
  const unplaced = await db.driver.findMany({
    where: { approvalStatus: "approved", basePostcode: { not: null }, baseLat: null },
    select: { id: true, basePostcode: true },
    take: 5000,
  });
  const placed = unplaced.flatMap((driver) => {
    const point = pointOf(driver.basePostcode!);
    return point ? [{ id: driver.id, point }] : [];
  });
  if (placed.length === 0) return;
  await db.$executeRaw`
    UPDATE "Driver" d SET "baseLat" = p.lat, "baseLng" = p.lng
    FROM unnest(${placed.map((each) => each.id)}::text[], ${placed.map((each) => each.point[0])}::float8[],
                ${placed.map((each) => each.point[1])}::float8[]) AS p(id, lat, lng)
    WHERE d."id" = p.id`;
}

type Candidate = { bookingId: string; driverId: string };

/**
 * The drivers who could take each job, by index: approved and active, based within the wave's
 * reach of the pickup and within their own radius in a straight line (a road is never shorter),
 * with a van big enough and the day not off. The rules then decide (refusal). One statement for
 * the whole batch.
 */
async function candidatesNear(jobs: { row: OpenJobRow; point: LatLng; wave: 1 | 2 }[]) {
  if (jobs.length === 0) return [];
  const boxes = jobs.map((job) => boxAround(job.point, waveReachMiles(job.wave)));
  return db.$queryRaw<Candidate[]>`
    SELECT j."bookingId", d."id" AS "driverId"
    FROM unnest(
      ${jobs.map((job) => job.row.id)}::text[],
      ${jobs.map((job) => job.point[0])}::float8[], ${jobs.map((job) => job.point[1])}::float8[],
      ${boxes.map((box) => box.minLat)}::float8[], ${boxes.map((box) => box.maxLat)}::float8[],
      ${boxes.map((box) => box.minLng)}::float8[], ${boxes.map((box) => box.maxLng)}::float8[],
      ${jobs.map((job) => vansAtLeast(job.row.vanSize).join(","))}::text[],
      ${jobs.map((job) => isoDateOf(job.row.moveDate))}::date[]
    ) AS j("bookingId", "lat", "lng", "minLat", "maxLat", "minLng", "maxLng", "vans", "moveDate")
    JOIN "Driver" d
      ON d."baseLat" BETWEEN j."minLat" AND j."maxLat" AND d."baseLng" BETWEEN j."minLng" AND j."maxLng"
    JOIN "User" u ON u."id" = d."userId" AND u."isActive"
    WHERE d."approvalStatus" = 'approved'
      AND d."vanType"::text = ANY (string_to_array(j."vans", ','))
      AND NOT (j."moveDate" = ANY (coalesce(d."unavailableDates", '{}')))
      AND ((d."baseLat" - j."lat") * ${MILES_PER_DEGREE}::float8) ^ 2
        + ((d."baseLng" - j."lng") * ${MILES_PER_DEGREE}::float8 * cos(radians(j."lat"))) ^ 2
        <= (d."workingRadiusMiles" * ${STRAIGHT_LINE_MARGIN}::float8) ^ 2`;
}

/**
 * Offers the open jobs that are due (jobsToOffer): each to the drivers of its wave who may take
 * it, as rows, with one e-mail and one text per driver and job, all queued in batches in the
 * transaction that makes the rows; then each driver offered a job is told live. Returns how many
 * offers were made. One run at a time across instances: a run that waits for another then
 * offers what opened meanwhile (a burst of openings is a few runs, not one per job).
 */
export async function offerOpenJobs(now = new Date()) {
  return withAdvisoryLock(
    "dispatch:offers",
    async () => {
      await placeBases();
      const due = await jobsToOffer(now);
      let offered = 0;
      for (let start = 0; start < due.length; start += JOBS_PER_BATCH)
        offered += await offerBatch(due.slice(start, start + JOBS_PER_BATCH), now);
      return offered;
    },
    { waitMs: 120_000 },
  );
}

async function offerBatch(rows: OpenJobRow[], now: Date) {
  const jobs = rows.map((row) => ({
    row,
    point: pickupPointOf(row),
    wave: offerWave(asOpenJob(row), row.openedAt!, now),
  }));
  const placed = jobs.flatMap((job) => (job.point ? [{ ...job, point: job.point }] : []));
  const candidates = await candidatesNear(placed);
  const facts = new Map(
    (await factsOfDrivers(db, [...new Set(candidates.map((each) => each.driverId))], now)).map((driver) => [
      driver.id,
      driver,
    ]),
  );
  const jobOf = new Map(jobs.map((job) => [job.row.id, job]));
  const eligible = candidates.flatMap(({ bookingId, driverId }) => {
    const driver = facts.get(driverId);
    const job = jobOf.get(bookingId)!;
    return driver && job.point && refusal(driver, job.row, now) === null
      ? [{ job: { ...job, point: job.point }, driver }]
      : [];
  });

  const made = await db.$transaction(async (tx) => {
    // Once per driver and job: the unique rows are the gate, should two runs overlap (only the
    // offers this run made come back, and only they are announced, to the nearest drivers).
    const rowsMade = await insertOffers(
      tx,
      eligible.map(({ job, driver }) => ({ bookingId: job.row.id, driverId: driver.id, wave: job.wave })),
    );
    const announced = nearestOfEachJob(
      eligible,
      new Set(rowsMade.map((offer) => `${offer.bookingId}:${offer.driverId}`)),
    );
    await queueMessages(tx, [
      ...announced.map(({ job, driver }): QueuedMessage => ({
        kind: "job-offer",
        refs: { bookingId: job.row.id, driverId: driver.id },
        key: messageKey("job-offer", job.row.id, driver.id),
        bookingId: job.row.id,
        recipient: driver.email,
      })),
      ...(await driverTextMessages(
        tx,
        "text-job-offer",
        "offer",
        announced.map(({ job, driver }) => ({ bookingId: job.row.id, driver })),
      )),
    ]);
    await markOffered(tx, jobs);
    return rowsMade;
  });
  await announceAdded(made);
  return made.length;
}

/**
 * Stores offers in one statement however many (a city's job may suit a thousand drivers), each
 * once: the ones made now come back.
 */
async function insertOffers(
  tx: Prisma.TransactionClient,
  offers: { bookingId: string; driverId: string; wave: number }[],
) {
  if (offers.length === 0) return [];
  return tx.$queryRaw<Candidate[]>`
    INSERT INTO "DispatchOffer" ("id", "bookingId", "driverId", "wave")
    SELECT * FROM unnest(${offers.map(() => createId())}::text[], ${offers.map((offer) => offer.bookingId)}::text[],
                         ${offers.map((offer) => offer.driverId)}::text[], ${offers.map((offer) => offer.wave)}::int[])
    ON CONFLICT ("bookingId", "driverId") DO NOTHING
    RETURNING "bookingId", "driverId"`;
}

/** Of the offers just made, the ones announced: each job's nearest ANNOUNCED_PER_WAVE drivers. */
function nearestOfEachJob<
  Offer extends { job: { row: OpenJobRow; point: LatLng }; driver: { id: string; basePoint: LatLng | null } },
>(offers: Offer[], madeKeys: Set<string>) {
  const byJob = new Map<string, { offer: Offer; miles: number }[]>();
  for (const offer of offers) {
    if (!madeKeys.has(`${offer.job.row.id}:${offer.driver.id}`)) continue;
    const miles = offer.driver.basePoint ? milesBetween(offer.driver.basePoint, offer.job.point) : Infinity;
    const own = byJob.get(offer.job.row.id) ?? [];
    own.push({ offer, miles });
    byJob.set(offer.job.row.id, own);
  }
  return [...byJob.values()].flatMap((each) =>
    each
      .sort((a, b) => a.miles - b.miles)
      .slice(0, ANNOUNCED_PER_WAVE)
      .map(({ offer }) => offer),
  );
}

/** Records each job's wave as offered, and keeps the point its pickup was placed at. */
async function markOffered(
  tx: Prisma.TransactionClient,
  jobs: { row: OpenJobRow; point: LatLng | null; wave: 1 | 2 }[],
) {
  await tx.$executeRaw`
    UPDATE "Booking" b SET "offersWave" = j.wave, "pickupLat" = j.lat, "pickupLng" = j.lng
    FROM unnest(${jobs.map((job) => job.row.id)}::text[], ${jobs.map((job) => job.wave)}::int[],
                ${jobs.map((job) => job.point?.[0] ?? null)}::float8[], ${jobs.map((job) => job.point?.[1] ?? null)}::float8[])
      AS j(id, wave, lat, lng)
    WHERE b."id" = j.id`;
}

/** Each job's new offers, told live to the drivers they were made for. */
async function announceAdded(made: Candidate[]) {
  const driversOf = new Map<string, string[]>();
  for (const { bookingId, driverId } of made) {
    const own = driversOf.get(bookingId);
    if (own) own.push(driverId);
    else driversOf.set(bookingId, [driverId]);
  }
  for (const [bookingId, driverIds] of driversOf) await publishOfferChange({ bookingId, change: "added" }, driverIds);
}

// ---------------------------------------------------------------- live

/** The driver a live stream serves: whose offers it follows, and where they are based. */
export function liveDriver(userId: string) {
  return db.driver.findUnique({
    where: { userId },
    select: { id: true, basePostcode: true, baseLat: true, baseLng: true },
  });
}

/**
 * A job just offered, read once per instance however many of its drivers' pages are open here
 * (for a few seconds: a burst of offers of one job arrives together).
 */
const recentJobs = new Map<string, { at: number; row: Promise<OpenJobRow | null> }>();
const RECENT_JOB_MS = 5_000;
function recentJob(bookingId: string) {
  const now = Date.now();
  for (const [id, entry] of recentJobs) if (now - entry.at > RECENT_JOB_MS) recentJobs.delete(id);
  let entry = recentJobs.get(bookingId);
  if (!entry) {
    entry = { at: now, row: db.booking.findFirst({ where: { id: bookingId, ...OPEN_JOB }, select: openJobSelect }) };
    recentJobs.set(bookingId, entry);
  }
  return entry.row;
}

/** The event's data for this driver's page, or null when there is nothing to show (the job closed meanwhile). */
export async function offerLiveData(
  driver: NonNullable<Awaited<ReturnType<typeof liveDriver>>>,
  event: OfferEvent,
): Promise<string | null> {
  if (event.change !== "added")
    return JSON.stringify({ change: event.change, bookingId: event.bookingId } satisfies OfferLiveData);
  const row = await recentJob(event.bookingId);
  return row
    ? JSON.stringify({ change: "added", offer: offerView(offerRowOf(row), driver) } satisfies OfferLiveData)
    : null;
}
