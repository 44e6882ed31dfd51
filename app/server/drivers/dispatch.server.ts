// Self-dispatch (issue 34): a paid booking without a driver is an open job; the drivers who may
// do it (domain/dispatch.ts) see it in their portal and take it, first come first served. An
// admin's assignment stays the override: it closes the offer.
import {
  DISPATCH_MESSAGES,
  districtOf,
  ineligibility,
  inFirstWave,
  jobWindow,
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
import { helpersText, VAN_LABELS } from "~/domain/vans";
import { queueCustomerText } from "~/server/bookings/move-day-texts.server";
import { estimatedMiles, OPEN_JOB } from "~/server/bookings/open-jobs.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { db } from "~/server/platform/db.server";
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

/** A driver, with what the rules need of them, found by their account. */
async function driverFacts(userId: string, today: string) {
  const driver = await db.driver.findUnique({
    where: { userId },
    select: {
      id: true,
      name: true,
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
    },
  });
  if (!driver) return null;
  const [otherJobs, events] = await Promise.all([
    db.booking.findMany({
      where: {
        driverId: driver.id,
        status: { in: ["assigned", "in_progress"] },
        moveDate: { gte: new Date(`${today}T00:00:00Z`) },
      },
      select: { moveDate: true, moveTime: true, estimatedHours: true },
      take: 200,
    }),
    db.driverJobEvent.findMany({
      where: { driverId: driver.id },
      select: { kind: true, bookingId: true, minutesLate: true },
      take: 1000,
    }),
  ]);
  const arrivals = events.filter((event) => event.kind === "arrival");
  return {
    ...driver,
    otherJobs: otherJobs.map((job) => ({ ...job, moveDate: isoDateOf(job.moveDate) })),
    droppedBookingIds: events.flatMap((event) =>
      event.kind === "dropped" && event.bookingId ? [event.bookingId] : [],
    ),
    arrivals: arrivals.length,
    onTimeArrivals: arrivals.filter((event) => arrivedOnTime(event.minutesLate ?? 0)).length,
  };
}
type DriverFacts = NonNullable<Awaited<ReturnType<typeof driverFacts>>>;

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
  const rows = await db.booking.findMany({
    where: { ...OPEN_JOB, moveDate: { gte: new Date(`${today}T00:00:00Z`) } },
    orderBy: [{ moveDate: "asc" }, { moveTime: "asc" }],
    take: 200,
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
  if (!won) return { ok: false, status: 409, message: DISPATCH_MESSAGES.taken };
  await publishLiveEvent({ bookingId, kind: "booking" });
  await publishOpenJobsChanged(); // the job leaves every other driver's list
  return { ok: true, bookingId, reference: row.reference };
}
