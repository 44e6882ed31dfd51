// The signed-in driver's jobs: today's first, then the coming ones by date, then the last
// few done. Each with the customer's contact details and addresses, the next status button
// and how many of the customer's messages wait to be read.
import { BOOKING_STATUS_LABELS } from "~/domain/booking-status";
import { nextStepOf, type JobProgress } from "~/domain/job-progress";
import { isSharingStatus } from "~/domain/live-position";
import { messageKey } from "~/domain/message-delivery";
import { formatPounds } from "~/domain/money";
import type { FloorAccess, StopType } from "~/domain/move-inputs";
import { stopView } from "~/domain/route-stops";
import { startWindow, startWindowMessage } from "~/domain/start-window";
import { TRACKING_STATUS_LABELS } from "~/domain/tracking";
import { isoDateOf, ukToday } from "~/domain/uk-calendar";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { helpersText, VAN_LABELS, type VanSize } from "~/domain/vans";
import { TRACKER_MESSAGES } from "~/schemas/tracker-messages";
import { unreadCounts } from "~/server/bookings/chat.server";
import { markOffersStale, openForDrivers } from "~/server/bookings/open-jobs.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { db } from "~/server/platform/db.server";
import { createId } from "~/server/platform/ids.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import type { DriverJob } from "~/views/driver";
import type { SessionUser } from "~/views/session-user";

const RECENTLY_DONE = 10;

const jobSelect = {
  id: true,
  reference: true,
  status: true,
  trackingStatus: true,
  moveDate: true,
  moveTime: true,
  pickupAddress: true,
  deliveryAddress: true,
  vanSize: true,
  helpers: true,
  specialRequirements: true,
  customerName: true,
  customerPhone: true,
  customerEmail: true,
  driverShare: true,
  customer: { select: { username: true, email: true, phone: true } },
  stops: {
    orderBy: { position: "asc" },
    select: { position: true, type: true, address: true, floorAccess: true, liftAvailable: true, doneAt: true },
  },
} as const;

/** This driver's jobs (the signed-in driver: offers.server.ts, ownDriverOf). */
export async function driverJobs(driver: { id: string }, now = new Date()) {
  const today = new Date(`${ukToday(now)}T00:00:00Z`);
  const [open, done] = await Promise.all([
    db.booking.findMany({
      where: { driverId: driver.id, status: { in: ["pending", "assigned", "in_progress"] } },
      orderBy: [{ moveDate: "asc" }, { moveTime: "asc" }],
      take: 100,
      select: jobSelect,
    }),
    db.booking.findMany({
      where: { driverId: driver.id, status: "completed" },
      orderBy: { moveDate: "desc" },
      take: RECENTLY_DONE,
      select: jobSelect,
    }),
  ]);
  const unread = await unreadCounts(
    [...open, ...done].map((job) => job.id),
    "driver",
  );
  const view = (job: (typeof open)[number]) => jobView(job, unread.get(job.id) ?? 0, now);
  return {
    // A job from an earlier day that is still open belongs to today's work.
    today: open.filter((job) => job.moveDate <= today).map(view),
    upcoming: open.filter((job) => job.moveDate > today).map(view),
    done: done.map(view),
  };
}

/** One of the driver's own jobs, with the customer's contact (a job they just took, say); null if not theirs. */
export async function driverJobOf(user: SessionUser, bookingId: string, now = new Date()) {
  const job = await db.booking.findFirst({
    where: { id: bookingId, driver: { userId: user.id } },
    select: jobSelect,
  });
  return job ? jobView(job, 0, now) : null;
}

type JobStop = {
  position: number;
  type: StopType;
  address: string;
  floorAccess: FloorAccess;
  liftAvailable: boolean;
  doneAt: Date | null;
};

function jobView(
  job: {
    stops: JobStop[];
    id: string;
    reference: string;
    status: keyof typeof BOOKING_STATUS_LABELS;
    trackingStatus: keyof typeof TRACKING_STATUS_LABELS | null;
    moveDate: Date;
    moveTime: string;
    pickupAddress: string;
    deliveryAddress: string;
    vanSize: string;
    helpers: number;
    specialRequirements: string | null;
    customerName: string | null;
    customerPhone: string | null;
    customerEmail: string | null;
    driverShare: number;
    customer: { username: string; email: string; phone: string | null } | null;
  },
  unread: number,
  now: Date,
): DriverJob {
  const progress: JobProgress = {
    status: job.status,
    trackingStatus: job.trackingStatus,
    stops: job.stops.map((stop) => ({ position: stop.position, type: stop.type, done: stop.doneAt !== null })),
  };
  // Before the move's day (or after it), the driver reads why there is no start button.
  const tooSoon = startWindowMessage(startWindow(isoDateOf(job.moveDate), job.moveTime, now));
  return {
    id: job.id,
    reference: job.reference,
    statusLabel: BOOKING_STATUS_LABELS[job.status],
    trackingLabel: job.trackingStatus ? TRACKING_STATUS_LABELS[job.trackingStatus] : TRACKING_STATUS_LABELS.assigned,
    /** Where the job is: the page offers its next step (domain/job-progress.ts), after any action kept offline. */
    progress,
    /** The next step as the server sees it now (the no-JavaScript page shows this one). */
    ...nextStepOf(progress, tooSoon),
    tooSoon,
    stops: job.stops.map(stopView),
    /** Under way: the driver's position is shared with the customer. */
    sharingPosition: job.status === "in_progress" && isSharingStatus(job.trackingStatus),
    moveDateText: formatCalendarDate(job.moveDate, "weekday"),
    moveTime: job.moveTime,
    pickupAddress: job.pickupAddress,
    deliveryAddress: job.deliveryAddress,
    van: VAN_LABELS[job.vanSize as VanSize],
    helpersText: helpersText(job.helpers),
    specialRequirements: job.specialRequirements,
    customer: {
      name: job.customerName ?? job.customer?.username ?? "Customer",
      phone: job.customerPhone ?? job.customer?.phone ?? null,
      email: job.customerEmail ?? job.customer?.email ?? null,
    },
    earnings: formatPounds(job.driverShare),
    unread,
    /** Assigned and not started: the driver may still give it back ("I can't do this job"). */
    droppable: job.status === "assigned" && (job.trackingStatus ?? "assigned") === "assigned",
  };
}

export type DropResult = { ok: true; reference: string } | { ok: false; status: 404 | 409; message: string };

/**
 * "I can't do this job": an assigned job the driver has not started goes back to the admins'
 * unassigned list (pending, no driver). The drop is kept on the driver's record and in the
 * booking's history, and the customer hears that another driver is being found.
 */
export async function dropJob({
  bookingId,
  user,
  reason,
}: {
  bookingId: string;
  user: SessionUser;
  reason?: string;
}): Promise<DropResult> {
  const driver = await db.driver.findUnique({ where: { userId: user.id }, select: { id: true, name: true } });
  if (!driver) return { ok: false, status: 404, message: TRACKER_MESSAGES.jobNotFound };
  const dropped = await db.$transaction(async (tx) => {
    // The gate: only the job's own driver, only before it has started, only once.
    const { count } = await tx.booking.updateMany({
      where: {
        id: bookingId,
        driverId: driver.id,
        status: "assigned",
        OR: [{ trackingStatus: null }, { trackingStatus: "assigned" }],
      },
      data: { driverId: null, status: "pending", trackingStatus: null },
    });
    if (count === 0) return false;
    await tx.driverJobEvent.create({
      data: { driverId: driver.id, bookingId, kind: "dropped", reason: reason ?? null },
    });
    // Open to other drivers again (not to this one: domain/dispatch.ts); their own offers are
    // worked out again (the time it held is free).
    await openForDrivers(tx, bookingId);
    await markOffersStale(tx, [driver.id]);
    await tx.auditLog.create({
      data: {
        actorId: user.id,
        action: "booking.driver_dropped",
        targetType: "Booking",
        targetId: bookingId,
        details: { driverName: driver.name, reason: reason ?? null },
      },
    });
    await queueMessage(
      tx,
      "driver-dropped",
      { bookingId },
      { key: messageKey("driver-dropped", bookingId, driver.id, createId()), bookingId },
    );
    return true;
  });
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: { reference: true, driverId: true, status: true },
  });
  if (!dropped) {
    if (!booking || booking.driverId !== driver.id)
      return { ok: false, status: 404, message: TRACKER_MESSAGES.jobNotFound };
    return { ok: false, status: 409, message: TRACKER_MESSAGES.jobStarted };
  }
  await publishLiveEvent({ bookingId, kind: "tracking" });
  return { ok: true, reference: booking!.reference };
}
