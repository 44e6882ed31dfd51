// Self-dispatch (issue 34): a paid booking without a driver is an open job; the drivers who may
// do it (domain/dispatch.ts) see it in their portal and take it, first come first served. An
// admin's assignment stays the override: it closes the offer.
import {
  DISPATCH_MESSAGES,
  districtOf,
  ineligibility,
  inFirstWave,
  jobWindow,
  needsADriver,
  offerWave,
  secondWaveAt,
  type OpenJob,
} from "~/domain/dispatch";
import { formatDistance } from "~/domain/distance";
import { arrivedOnTime } from "~/domain/driver-reliability";
import { messageKey } from "~/domain/message-delivery";
import { formatPounds } from "~/domain/money";
import { estimatedTimeText } from "~/domain/pricing";
import { isoDateOf, ukToday } from "~/domain/uk-calendar";
import { formatCalendarDate, formatUkDateTime } from "~/domain/uk-datetime";
import { helpersText, VAN_LABELS, VAN_SIZES } from "~/domain/vans";
import { MAX_DAYS_OFF } from "~/schemas/driver-availability";
import { queueCustomerText, queueDriverText } from "~/server/bookings/move-day-texts.server";
import { estimatedMiles, OPEN_JOB } from "~/server/bookings/open-jobs.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { db } from "~/server/platform/db.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { createId } from "~/server/platform/ids.server";
import { publishLiveEvent, publishOpenJobsChanged } from "~/server/platform/live.server";
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

/** Drivers, with what the rules need of them: three queries, however many drivers. */
async function driversFacts(where: Prisma.DriverWhereInput, today: string) {
  const drivers = await db.driver.findMany({ where, select: driverSelect, take: 2000 });
  if (drivers.length === 0) return [];
  const ids = drivers.map((driver) => driver.id);
  const [otherJobs, events] = await Promise.all([
    db.booking.findMany({
      where: {
        driverId: { in: ids },
        status: { in: ["assigned", "in_progress"] },
        moveDate: { gte: new Date(`${today}T00:00:00Z`) },
      },
      select: { driverId: true, moveDate: true, moveTime: true, estimatedHours: true },
    }),
    db.driverJobEvent.findMany({
      where: { driverId: { in: ids } },
      select: { driverId: true, kind: true, bookingId: true, minutesLate: true },
    }),
  ]);
  return drivers.map((driver) => {
    const own = events.filter((event) => event.driverId === driver.id);
    const arrivals = own.filter((event) => event.kind === "arrival");
    return {
      ...driver,
      otherJobs: otherJobs
        .filter((job) => job.driverId === driver.id)
        .map((job) => ({ ...job, moveDate: isoDateOf(job.moveDate) })),
      droppedBookingIds: own.flatMap((event) => (event.kind === "dropped" && event.bookingId ? [event.bookingId] : [])),
      arrivals: arrivals.length,
      onTimeArrivals: arrivals.filter((event) => arrivedOnTime(event.minutesLate ?? 0)).length,
    };
  });
}

/** A driver, with what the rules need of them, found by their account. */
async function driverFacts(userId: string, today: string) {
  return (await driversFacts({ userId }, today))[0] ?? null;
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
    },
    job,
  );
  if (rule) return rule;
  if (offerWave(job, row.openedAt!, now) === 1 && !inFirstWave({ ...driver, milesToPickup: milesToPickup! }))
    return DISPATCH_MESSAGES.firstWave(formatUkDateTime(secondWaveAt(row.openedAt!)).slice(-5));
  return null;
}

function offerView(row: OpenJobRow, driver: DriverFacts) {
  const { start, end } = jobWindow(asOpenJob(row));
  const miles = driver.basePostcode ? estimatedMiles(driver.basePostcode, row.pickupAddress) : null;
  return {
    bookingId: row.id,
    reference: row.reference,
    moveDate: isoDateOf(row.moveDate),
    dateText: formatCalendarDate(row.moveDate, "full"),
    window: `${formatUkDateTime(start).slice(-5)}–${formatUkDateTime(end).slice(-5)}`,
    from: districtOf(row.pickupAddress),
    to: districtOf(row.deliveryAddress),
    distanceFromBase: miles === null ? null : formatDistance(miles),
    van: VAN_LABELS[row.vanSize],
    helpers: helpersText(row.helpers),
    stops: row._count.stops,
    estimatedTime: estimatedTimeText(row.estimatedHours),
    share: formatPounds(row.driverShare),
  };
}
export type OfferView = ReturnType<typeof offerView>;

/** The open jobs this driver may take now, by date: districts only, no street, no customer. */
export async function offersFor(userId: string, now = new Date()): Promise<OfferView[]> {
  const today = ukToday(now);
  const driver = await driverFacts(userId, today);
  if (!driver) return [];
  // What SQL can tell (the van, the days off) it tells; the miles and the clashes are ours.
  const rows = await db.booking.findMany({
    where: {
      ...OPEN_JOB,
      moveDate: { gte: new Date(`${today}T00:00:00Z`), notIn: driver.unavailableDates },
      vanSize: { in: VAN_SIZES.slice(0, VAN_SIZES.indexOf(driver.vanType) + 1) },
    },
    orderBy: [{ moveDate: "asc" }, { moveTime: "asc" }],
    take: 1000,
    select: openJobSelect,
  });
  return rows.filter((row) => refusal(driver, row, now) === null).map((row) => offerView(row, driver));
}

export type TakeResult =
  { ok: true; bookingId: string; reference: string } | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * "Take this job": the first eligible driver wins. The conditional update is the gate, so of
 * any number pressing at once one changes the row; the rest read that another driver took it.
 * The customer then hears as after an admin's assignment.
 */
export async function takeJob(userId: string, bookingId: string, now = new Date()): Promise<TakeResult> {
  const driver = await driverFacts(userId, ukToday(now));
  if (!driver) return { ok: false, status: 403, message: DISPATCH_MESSAGES.notApproved };
  const row = await db.booking.findFirst({ where: { id: bookingId, ...OPEN_JOB }, select: openJobSelect });
  if (!row) {
    const mine = await takenBy(bookingId, driver.id);
    if (mine) return { ok: true, bookingId, reference: mine.reference };
    const taken = await db.booking.count({ where: { id: bookingId, takenAt: { not: null }, driverId: { not: null } } });
    return taken
      ? { ok: false, status: 409, message: DISPATCH_MESSAGES.taken }
      : { ok: false, status: 404, message: DISPATCH_MESSAGES.notFound };
  }
  const refused = refusal(driver, row, now);
  if (refused) return { ok: false, status: 403, message: refused };

  const won = await db.$transaction(async (tx) => {
    const { count } = await tx.booking.updateMany({
      where: { id: bookingId, ...OPEN_JOB },
      data: {
        driverId: driver.id,
        status: "assigned",
        trackingStatus: "assigned",
        openedAt: null,
        needsDriverAt: null,
        takenAt: now,
      },
    });
    if (count === 0) return false;
    await tx.trackingEvent.create({
      data: { bookingId, status: "assigned", createdById: userId, note: "Driver assigned" },
    });
    await tx.auditLog.create({
      data: {
        actorId: userId,
        action: "booking.taken",
        targetType: "Booking",
        targetId: bookingId,
        details: { driverId: driver.id, driverName: driver.name },
      },
    });
    // The customer hears exactly as after an admin's assignment.
    const assignment = createId();
    await queueMessage(
      tx,
      "driver-assigned",
      { bookingId },
      { key: messageKey("driver-assigned", bookingId, driver.id, assignment), bookingId },
    );
    await queueCustomerText(tx, "text-driver-assigned", bookingId, assignment);
    return true;
  });
  if (!won) {
    // The same driver's second tap racing the first: it is theirs either way.
    const mine = await takenBy(bookingId, driver.id);
    return mine
      ? { ok: true, bookingId, reference: mine.reference }
      : { ok: false, status: 409, message: DISPATCH_MESSAGES.taken };
  }
  await publishLiveEvent({ bookingId, kind: "booking" });
  await publishOpenJobsChanged(); // the job leaves every other driver's list
  return { ok: true, bookingId, reference: row.reference };
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
    { approvalStatus: "approved", basePostcode: { not: null }, user: { isActive: true } },
    today,
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
    subject: `A new job for you: ${districtOf(row.pickupAddress)} to ${districtOf(row.deliveryAddress)}, ${formatCalendarDate(row.moveDate)}`,
    text: [
      `Hello ${driver.name},`,
      "",
      `A job you can take is open on ${brand}. The first driver to take it gets it.`,
      "",
      `When: ${formatCalendarDate(row.moveDate, "full")}, ${formatUkDateTime(start).slice(-5)} to ${formatUkDateTime(end).slice(-5)}`,
      `From ${districtOf(row.pickupAddress)} to ${districtOf(row.deliveryAddress)}`,
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
      `${VAN_LABELS[row.vanSize]}, ${districtOf(row.pickupAddress)} to ${districtOf(row.deliveryAddress)}.`,
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

export async function saveAvailability(
  driverId: string,
  settings: { basePostcode: string; workingRadiusMiles: number; jobsPerDay: number },
) {
  await db.driver.update({ where: { id: driverId }, data: settings });
  await publishOpenJobsChanged(); // what this driver is offered may change
}

/** Adds or removes a day off; past days drop off as they pass. False when the list is full. */
export async function changeDayOff(driverId: string, intent: "add-day" | "remove-day", day: string, now = new Date()) {
  const { daysOff } = await availabilityOf(driverId, now);
  const days = new Set(daysOff.map((each) => each.date));
  if (intent === "add-day") days.add(day);
  else days.delete(day);
  if (days.size > MAX_DAYS_OFF) return false;
  await db.driver.update({
    where: { id: driverId },
    data: { unavailableDates: [...days].sort().map((date) => new Date(`${date}T00:00:00Z`)) },
  });
  return true;
}
