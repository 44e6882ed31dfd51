// Self-dispatch: a paid booking without a driver is an open job; the drivers who may
// do it (domain/dispatch.ts) see it in their portal and take it, first come first served. An
// admin's assignment stays the override: it closes the offer.
import {
  DISPATCH_MESSAGES,
  ineligibility,
  inFirstWave,
  jobWindow,
  needsADriver,
  offerWave,
  secondWaveAt,
  takingPausedUntil,
  type OpenJob,
} from "~/domain/dispatch";
import { formatDistance } from "~/domain/distance";
import { ON_TIME_GRACE_MINUTES } from "~/domain/driver-reliability";
import { messageKey } from "~/domain/message-delivery";
import { formatPounds } from "~/domain/money";
import { estimatedTimeText } from "~/domain/pricing";
import { isoDateOf, ukToday } from "~/domain/uk-calendar";
import { formatCalendarDate, formatUkDateTime } from "~/domain/uk-datetime";
import { helpersText, VAN_LABELS, VAN_SIZES } from "~/domain/vans";
import { MAX_DAYS_OFF } from "~/schemas/driver-availability";
import { queueCustomerText, queueDriverText } from "~/server/bookings/move-day-texts.server";
import { districtOfAddress, estimatedMiles, OPEN_JOB } from "~/server/bookings/open-jobs.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { db } from "~/server/platform/db.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { createId } from "~/server/platform/ids.server";
import { publishLiveEvent, publishOpenJobsChanged } from "~/server/platform/live.server";
import { hitRateLimit, type RateLimitRule } from "~/server/platform/rate-limit.server";
import type { OfferView } from "~/views/driver";
import type { Prisma } from "../../../generated/prisma/client";

const openJobSelect = {
  id: true,
  reference: true,
  vanSize: true,
  moveDate: true,
  moveTime: true,
  estimatedHours: true,
  helpers: true,
  pickupAddress: true,
  deliveryAddress: true,
  driverShare: true,
  openedAt: true,
  _count: { select: { stops: true } },
} satisfies Prisma.BookingSelect;
type OpenJobRow = Prisma.BookingGetPayload<{ select: typeof openJobSelect }>;

const asOpenJob = (row: OpenJobRow): OpenJob => ({
  bookingId: row.id,
  vanSize: row.vanSize,
  moveDate: isoDateOf(row.moveDate),
  moveTime: row.moveTime,
  estimatedHours: row.estimatedHours,
});

const driverSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  approvalStatus: true,
  vanType: true,
  basePostcode: true,
  workingRadiusMiles: true,
  jobsPerDay: true,
  unavailableDates: true,
  completedJobs: true,
  ratingTenths: true,
  user: { select: { isActive: true } },
} satisfies Prisma.DriverSelect;

type Client = Prisma.TransactionClient | typeof db;

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

/**
 * Drivers, with what the rules need of them: five queries, however many drivers, each reading
 * only these drivers' rows (by index): their live jobs from today, the jobs they gave back, and
 * their arrivals counted by the database rather than read one by one.
 */
async function driversFacts(client: Client, where: Prisma.DriverWhereInput, now: Date) {
  const today = ukToday(now);
  const drivers = await client.driver.findMany({ where, select: driverSelect, take: 2000 });
  if (drivers.length === 0) return [];
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
async function driverFacts(client: Client, userId: string, now: Date) {
  return (await driversFacts(client, { userId }, now))[0] ?? null;
}
type DriverFacts = Awaited<ReturnType<typeof driversFacts>>[number];

/** Whether this driver may take this job now, and if not, why (a sentence). */
function refusal(driver: DriverFacts, row: OpenJobRow, now: Date): string | null {
  const milesToPickup = driver.basePostcode ? estimatedMiles(driver.basePostcode, row.pickupAddress) : null;
  const job = asOpenJob(row);
  const rule = ineligibility(
    {
      approved: driver.approvalStatus === "approved",
      active: driver.user?.isActive ?? false,
      vanSize: driver.vanType,
      radiusMiles: driver.workingRadiusMiles,
      milesToPickup,
      unavailableDates: driver.unavailableDates.map(isoDateOf),
      jobsPerDay: driver.jobsPerDay,
      otherJobs: driver.otherJobs,
      droppedBookingIds: driver.droppedBookingIds,
      takingPausedUntil: driver.takingPausedUntil,
    },
    job,
  );
  if (rule) return rule;
  if (offerWave(job, row.openedAt!, now) === 1 && !inFirstWave({ ...driver, milesToPickup: milesToPickup! }))
    return DISPATCH_MESSAGES.firstWave(formatUkDateTime(secondWaveAt(row.openedAt!)).slice(-5));
  return null;
}

function offerView(row: OpenJobRow, driver: DriverFacts): OfferView {
  const { start, end } = jobWindow(asOpenJob(row));
  const miles = driver.basePostcode ? estimatedMiles(driver.basePostcode, row.pickupAddress) : null;
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
    stops: row._count.stops,
    estimatedTime: estimatedTimeText(row.estimatedHours),
    share: formatPounds(row.driverShare),
  };
}

/**
 * The open jobs this driver may take now, by date: districts only, no street, no customer. While
 * too many recent drops stop them taking jobs, none, and `paused` says why and until when.
 */
export async function offersFor(
  userId: string,
  now = new Date(),
): Promise<{ offers: OfferView[]; paused: string | null }> {
  const driver = await driverFacts(db, userId, now);
  if (!driver) return { offers: [], paused: null };
  if (driver.takingPausedUntil) return { offers: [], paused: DISPATCH_MESSAGES.tooManyDrops(driver.takingPausedUntil) };
  // What SQL can tell (the van, the days off) it tells; the miles and the clashes are ours.
  const rows = await db.booking.findMany({
    where: {
      ...OPEN_JOB,
      moveDate: { gte: new Date(`${ukToday(now)}T00:00:00Z`), notIn: driver.unavailableDates },
      vanSize: { in: VAN_SIZES.slice(0, VAN_SIZES.indexOf(driver.vanType) + 1) },
    },
    orderBy: [{ moveDate: "asc" }, { moveTime: "asc" }],
    take: 1000,
    select: openJobSelect,
  });
  return {
    offers: rows.filter((row) => refusal(driver, row, now) === null).map((row) => offerView(row, driver)),
    paused: null,
  };
}

export type TakeResult =
  { ok: true; bookingId: string; reference: string } | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * Holds this driver's row until the transaction ends: their takes, and their changes to what
 * limits them (availability, days off), go one at a time, so each take checks the rules
 * against the jobs the one before it won.
 */
async function lockDriver(tx: Prisma.TransactionClient, driverId: string) {
  await tx.$queryRaw`SELECT 1 FROM "Driver" WHERE "id" = ${driverId} FOR UPDATE`;
}

/**
 * "Take this job": the first eligible driver wins. The rules are checked inside the taking
 * transaction, under a lock on the driver (lockDriver), so five takes sent at once for five
 * jobs at the same hour win one; the others read the rule's sentence. The conditional update
 * is the gate between drivers: of any number pressing at once one changes the row, the rest
 * read that another driver took it. The customer then hears as after an admin's assignment.
 */
export async function takeJob(userId: string, bookingId: string, now = new Date()): Promise<TakeResult> {
  const driverRow = await db.driver.findUnique({ where: { userId }, select: { id: true, name: true } });
  if (!driverRow) return { ok: false, status: 403, message: DISPATCH_MESSAGES.notApproved };

  const outcome = await db.$transaction(
    async (tx): Promise<"gone" | "lost" | { refused: string } | { reference: string }> => {
      await lockDriver(tx, driverRow.id);
      const [driver, row] = await Promise.all([
        driverFacts(tx, userId, now),
        tx.booking.findFirst({ where: { id: bookingId, ...OPEN_JOB }, select: openJobSelect }),
      ]);
      if (!row) return "gone";
      const refused = refusal(driver!, row, now);
      if (refused) return { refused };
      const { count } = await tx.booking.updateMany({
        where: { id: bookingId, ...OPEN_JOB },
        data: {
          driverId: driverRow.id,
          status: "assigned",
          trackingStatus: "assigned",
          openedAt: null,
          needsDriverAt: null,
          takenAt: now,
        },
      });
      if (count === 0) return "lost";
      await tx.trackingEvent.create({
        data: { bookingId, status: "assigned", createdById: userId, note: "Driver assigned" },
      });
      await tx.auditLog.create({
        data: {
          actorId: userId,
          action: "booking.taken",
          targetType: "Booking",
          targetId: bookingId,
          details: { driverId: driverRow.id, driverName: driverRow.name },
        },
      });
      // The customer hears exactly as after an admin's assignment.
      const assignment = createId();
      await queueMessage(
        tx,
        "driver-assigned",
        { bookingId },
        { key: messageKey("driver-assigned", bookingId, driverRow.id, assignment), bookingId },
      );
      await queueCustomerText(tx, "text-driver-assigned", bookingId, assignment);
      return { reference: row.reference };
    },
  );

  if (typeof outcome === "object" && "refused" in outcome) return { ok: false, status: 403, message: outcome.refused };
  if (typeof outcome === "object") {
    await publishLiveEvent({ bookingId, kind: "booking" });
    await publishOpenJobsChanged(); // the job leaves every other driver's list
    return { ok: true, bookingId, reference: outcome.reference };
  }
  // Not open (any more): a second tap of the same driver racing the first is theirs either way.
  const mine = await takenBy(bookingId, driverRow.id);
  if (mine) return { ok: true, bookingId, reference: mine.reference };
  if (outcome === "lost") return { ok: false, status: 409, message: DISPATCH_MESSAGES.taken };
  const taken = await db.booking.count({ where: { id: bookingId, takenAt: { not: null }, driverId: { not: null } } });
  return taken
    ? { ok: false, status: 409, message: DISPATCH_MESSAGES.taken }
    : { ok: false, status: 404, message: DISPATCH_MESSAGES.notFound };
}

/** The job, if this driver took it: a second "take" (a double tap, a retry) is answered as the first. */
function takenBy(bookingId: string, driverId: string) {
  return db.booking.findFirst({
    where: { id: bookingId, driverId, takenAt: { not: null }, status: { not: "cancelled" } },
    select: { reference: true },
  });
}

/**
 * The queue's dispatch schedule (every minute): each open job is announced once to each driver
 * who may take it now, as its waves open (e-mail and text, and the portal's list); a job open too
 * long is flagged to admins once (needsADriver), by e-mail to OPS_EMAIL.
 */
export async function runDispatch(now = new Date()) {
  const today = ukToday(now);
  const jobs = await db.booking.findMany({
    where: { ...OPEN_JOB, moveDate: { gte: new Date(`${today}T00:00:00Z`) } },
    select: { ...openJobSelect, needsDriverAt: true, offers: { select: { driverId: true } } },
    orderBy: [{ moveDate: "asc" }, { moveTime: "asc" }],
    take: 2000,
  });
  if (jobs.length === 0) return { offered: 0, flagged: 0 };
  const drivers = await driversFacts(
    db,
    { approvalStatus: "approved", basePostcode: { not: null }, user: { isActive: true } },
    now,
  );
  let offered = 0;
  let flagged = 0;
  for (const job of jobs) {
    const told = new Set(job.offers.map((offer) => offer.driverId));
    const wave = offerWave(asOpenJob(job), job.openedAt!, now);
    const newlyEligible = drivers.filter((driver) => !told.has(driver.id) && refusal(driver, job, now) === null);
    const flag = !job.needsDriverAt && needsADriver(asOpenJob(job), job.openedAt!, now);
    if (newlyEligible.length === 0 && !flag) continue;
    await db.$transaction(async (tx) => {
      // Once per driver and job: the unique rows are the gate, should two runs overlap (only the
      // offers this run made come back).
      const made = await tx.dispatchOffer.createManyAndReturn({
        data: newlyEligible.map((driver) => ({ bookingId: job.id, driverId: driver.id, wave })),
        skipDuplicates: true,
        select: { driverId: true },
      });
      const madeFor = new Set(made.map((offer) => offer.driverId));
      for (const driver of newlyEligible.filter((eligible) => madeFor.has(eligible.id))) {
        offered++;
        const refs = { bookingId: job.id, driverId: driver.id };
        await queueMessage(tx, "job-offer", refs, {
          key: messageKey("job-offer", job.id, driver.id),
          bookingId: job.id,
          recipient: driver.email,
        });
        await queueDriverText(tx, "text-job-offer", job.id, driver, "offer");
      }
      if (flag) {
        const { count } = await tx.booking.updateMany({
          where: { id: job.id, needsDriverAt: null },
          data: { needsDriverAt: now },
        });
        if (count === 1) {
          flagged++;
          await tx.auditLog.create({
            data: { action: "booking.needs_driver", targetType: "Booking", targetId: job.id, details: { wave } },
          });
          await queueMessage(
            tx,
            "needs-a-driver",
            { bookingId: job.id },
            { key: messageKey("needs-a-driver", job.id), bookingId: job.id, recipient: opsEmail() },
          );
        }
      }
    });
  }
  if (offered > 0) await publishOpenJobsChanged();
  return { offered, flagged };
}

const opsEmail = () => env.OPS_EMAIL ?? env.SUPPORT_EMAIL;

/** The e-mail telling a driver of a job they may take: districts, date, window, share; no street. */
export async function composeJobOffer({ bookingId, driverId }: { bookingId: string; driverId: string }) {
  const [row, driver] = await Promise.all([
    db.booking.findFirst({ where: { id: bookingId, ...OPEN_JOB }, select: openJobSelect }),
    db.driver.findUnique({ where: { id: driverId }, select: { name: true, email: true, basePostcode: true } }),
  ]);
  // Taken or given meanwhile: nothing to announce.
  if (!row || !driver) return null;
  const { start, end } = jobWindow(asOpenJob(row));
  const brand = env.BRAND_NAME;
  return {
    to: driver.email,
    subject: `A new job for you: ${districtOfAddress(row.pickupAddress)} to ${districtOfAddress(row.deliveryAddress)}, ${formatCalendarDate(row.moveDate)}`,
    text: [
      `Hello ${driver.name},`,
      "",
      `A job you can take is open on ${brand}. The first driver to take it gets it.`,
      "",
      `When: ${formatCalendarDate(row.moveDate, "full")}, ${formatUkDateTime(start).slice(-5)} to ${formatUkDateTime(end).slice(-5)}`,
      `From ${districtOfAddress(row.pickupAddress)} to ${districtOfAddress(row.deliveryAddress)}`,
      `Van: ${VAN_LABELS[row.vanSize]}, ${helpersText(row.helpers)}; about ${estimatedTimeText(row.estimatedHours)}`,
      `Your share: ${formatPounds(row.driverShare)}`,
      "",
      `Take it: ${absoluteUrl("/driver")}`,
      "",
      `The ${brand} team`,
    ].join("\n"),
  };
}

/** To admins (OPS_EMAIL): a job still open too close to its start. */
export async function composeNeedsADriver({ bookingId }: { bookingId: string }) {
  const row = await db.booking.findUnique({
    where: { id: bookingId },
    select: { ...openJobSelect, driverId: true, _count: { select: { stops: true, offers: true } } },
  });
  if (!row || row.driverId) return null;
  return {
    to: opsEmail(),
    subject: `Needs a driver: ${row.reference}, ${formatCalendarDate(row.moveDate)} at ${row.moveTime}`,
    text: [
      `Booking ${row.reference} (${formatCalendarDate(row.moveDate, "full")} at ${row.moveTime}) has no driver yet.`,
      `It has been open to drivers since ${formatUkDateTime(row.openedAt ?? new Date())} and was offered to ${row._count.offers} of them.`,
      `${VAN_LABELS[row.vanSize]}, ${districtOfAddress(row.pickupAddress)} to ${districtOfAddress(row.deliveryAddress)}.`,
      "",
      `Assign a driver: ${absoluteUrl(`/admin/bookings/${row.id}`)}`,
    ].join("\n"),
  };
}

// ---------------------------------------------------------------- the driver's settings

/** The driver's dispatch settings and days off to come, for /driver/availability and the admins' card. */
export async function availabilityOf(driverId: string, now = new Date()) {
  const driver = await db.driver.findUniqueOrThrow({
    where: { id: driverId },
    select: { basePostcode: true, workingRadiusMiles: true, jobsPerDay: true, unavailableDates: true },
  });
  const today = ukToday(now);
  return {
    basePostcode: driver.basePostcode,
    workingRadiusMiles: driver.workingRadiusMiles,
    jobsPerDay: driver.jobsPerDay,
    daysOff: driver.unavailableDates
      .map(isoDateOf)
      .filter((date) => date >= today)
      .sort()
      .map((date) => ({ date, text: formatCalendarDate(date, "full") })),
  };
}

/**
 * A driver changes what they are offered at most this often: each change reads their offers
 * again, and a script saving in a loop must not keep the database busy.
 */
const AVAILABILITY_CHANGES: RateLimitRule = { name: "driver-availability", limit: 20, windowSeconds: 600 };

/** Counts one change of this driver's availability; false when they have made too many lately. */
export async function mayChangeAvailability(driverId: string) {
  return (await hitRateLimit(AVAILABILITY_CHANGES, driverId)).allowed;
}

/**
 * Saves where and how much the driver works. It changes only this driver's offers (the next
 * read of their list), so no other driver's page is told: a driver saving in a loop cannot make
 * every other driver's list reload.
 */
export async function saveAvailability(
  driverId: string,
  settings: { basePostcode: string; workingRadiusMiles: number; jobsPerDay: number },
) {
  await db.$transaction(async (tx) => {
    await lockDriver(tx, driverId); // not while one of their takes is checking the old settings
    await tx.driver.update({ where: { id: driverId }, data: settings });
  });
}

/** Adds or removes a day off; past days drop off as they pass. False when the list is full. */
export async function changeDayOff(driverId: string, intent: "add-day" | "remove-day", day: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    await lockDriver(tx, driverId); // read and written whole, one change at a time, never beside a take
    const driver = await tx.driver.findUniqueOrThrow({ where: { id: driverId }, select: { unavailableDates: true } });
    const today = ukToday(now);
    const days = new Set(driver.unavailableDates.map(isoDateOf).filter((date) => date >= today));
    if (intent === "add-day") days.add(day);
    else days.delete(day);
    if (days.size > MAX_DAYS_OFF) return false;
    await tx.driver.update({
      where: { id: driverId },
      data: { unavailableDates: [...days].sort().map((date) => new Date(`${date}T00:00:00Z`)) },
    });
    return true;
  });
}
