// The tracker's data and the driver's status moves. Who may see a booking's tracker: its
// customer, its assigned driver and admins; anyone else is told nothing (the pages answer 404).
import { BOOKING_STATUS_LABELS, PAYMENT_STATE_LABELS } from "~/domain/booking-status";
import { isCancellable } from "~/domain/cancellation";
import { driverRatingText, isNewDriver, minutesLate } from "~/domain/driver-reliability";
import { messageKey } from "~/domain/message-delivery";
import { formatPounds } from "~/domain/money";
import { acceptedTime, stepDateTimeText, type QueuedActionKind, type PhoneTime } from "~/domain/offline-queue";
import { stopDoneRefusal, stopsLeftRefusal, stopTitle, stopView } from "~/domain/route-stops";
import { startWindow, startWindowMessage } from "~/domain/start-window";
import {
  bookingStatusForTracking,
  nextTrackingStatus,
  TRACKING_STATUS_LABELS,
  TRACKING_STATUS_UPDATES,
  trackingProgress,
  type TrackingStatusValue,
} from "~/domain/tracking";
import { isoDateOf, ukInstant } from "~/domain/uk-calendar";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { helpersText, VAN_LABELS, type VanSize } from "~/domain/vans";
import { heardFromDriverSince } from "~/server/auth/driver-contact.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { recordEarning } from "~/server/payouts/ledger.server";
import { db } from "~/server/platform/db.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import { trackerPath } from "~/utils/tracker-path";
import type { SessionUser } from "~/views/session-user";
import type { TrackerView } from "~/views/tracker";
import type { Prisma } from "../../../generated/prisma/client";
import { queueCustomerText } from "./move-day-texts.server";

/** Which side of the booking the caller is on. */
export type Viewer = "customer" | "driver" | "admin";

const ID_PATTERN = /^[a-z0-9]{10,40}$/i;

const trackedBookingInclude = {
  driver: {
    select: { id: true, name: true, phone: true, ratingTenths: true, completedJobs: true, userId: true, vanType: true },
  },
  customer: { select: { id: true, username: true, email: true, phone: true } },
  stops: {
    orderBy: { position: "asc" },
    select: {
      id: true,
      position: true,
      type: true,
      address: true,
      floorAccess: true,
      liftAvailable: true,
      doneAt: true,
    },
  },
} as const;

/** The booking and the caller's side, or null when the caller may not see it (or it is not there). */
export async function findTrackedBooking(bookingId: string | null | undefined, user: SessionUser) {
  if (!bookingId || !ID_PATTERN.test(bookingId)) return null;
  const booking = await db.booking.findUnique({ where: { id: bookingId }, include: trackedBookingInclude });
  if (!booking) return null;
  const viewer = viewerOf(booking, user);
  return viewer ? { booking, viewer } : null;
}

export type TrackedBooking = NonNullable<Awaited<ReturnType<typeof findTrackedBooking>>>["booking"];

function viewerOf(
  booking: { customerId: string | null; driver: { userId: string | null } | null },
  user: SessionUser,
): Viewer | null {
  if (user.role === "admin") return "admin";
  if (user.role === "customer" && booking.customerId === user.id) return "customer";
  if (user.role === "driver" && booking.driver?.userId && booking.driver.userId === user.id) return "driver";
  return null;
}

/** Where /booking-tracker without a booking sends each kind of account. */
export async function defaultTrackerTarget(user: SessionUser, tab: "updates" | "chat" = "updates") {
  if (user.role === "admin") return "/admin/bookings";
  if (user.role === "driver") return "/driver";
  const latest = await db.booking.findFirst({
    where: { customerId: user.id, status: { in: ["assigned", "in_progress", "pending"] } },
    orderBy: { moveDate: "asc" },
    select: { id: true },
  });
  if (!latest) return "/bookings";
  return trackerPath(latest.id, tab);
}

/** Everything the tracker shows, ready to render; the customer's contact details only to the driver and admins. */
export async function trackerView(booking: TrackedBooking, viewer: Viewer): Promise<TrackerView> {
  const events = await db.trackingEvent.findMany({
    where: { bookingId: booking.id },
    orderBy: [{ happenedAt: "desc" }, { createdAt: "desc" }],
    take: 50,
    select: { id: true, status: true, etaMinutes: true, note: true, stop: true, createdAt: true, happenedAt: true },
  });
  const latestEta =
    events.find((event) => event.status === booking.trackingStatus && event.stop === null)?.etaMinutes ?? null;
  const trackingStatus = booking.status === "cancelled" ? null : booking.trackingStatus;
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    statusLabel: BOOKING_STATUS_LABELS[booking.status],
    paymentLabel: PAYMENT_STATE_LABELS[booking.paymentState],
    pickupAddress: booking.pickupAddress,
    deliveryAddress: booking.deliveryAddress,
    stops: booking.stops.map(stopView),
    moveDateText: formatCalendarDate(booking.moveDate, "full"),
    moveTime: booking.moveTime,
    van: VAN_LABELS[booking.vanSize as VanSize],
    helpers: booking.helpers,
    helpersText: helpersText(booking.helpers),
    price: formatPounds(booking.finalPrice),
    cancellable: viewer === "customer" && isCancellable(booking.status),
    driver: booking.driver
      ? {
          name: booking.driver.name,
          rating: driverRatingText(booking.driver.ratingTenths),
          completedJobs: booking.driver.completedJobs,
          isNew: isNewDriver(booking.driver.completedJobs),
          phone: booking.driver.phone,
          van: VAN_LABELS[booking.driver.vanType as VanSize],
        }
      : null,
    customer:
      viewer === "customer"
        ? null
        : {
            name: booking.customerName ?? booking.customer?.username ?? "Customer",
            phone: booking.customerPhone ?? booking.customer?.phone ?? null,
          },
    tracking: {
      status: trackingStatus,
      label: trackingStatus ? TRACKING_STATUS_LABELS[trackingStatus] : "Waiting for a driver",
      progress: trackingProgress(trackingStatus),
      etaMinutes: trackingStatus === "en_route" || trackingStatus === "nearby" ? latestEta : null,
    },
    updates: events.map((event) => ({
      id: event.id,
      label: event.stop === null ? TRACKING_STATUS_LABELS[event.status] : `Stop ${event.stop} done`,
      text: event.note && event.note !== "Driver assigned" ? event.note : TRACKING_STATUS_UPDATES[event.status],
      etaMinutes: event.etaMinutes,
      // When it happened; a step the driver's phone kept offline says when it reached us too.
      at: stepDateTimeText(event.happenedAt, event.createdAt),
    })),
  };
}

type Refusal = { ok: false; status: 404 | 409; message: string };

/** The booking its driver (or an admin) may move along, or why not: not theirs, or cancelled. */
async function jobToWork(
  bookingId: string,
  user: SessionUser,
): Promise<{ booking: TrackedBooking } | { refused: Refusal }> {
  const found = await findTrackedBooking(bookingId, user);
  if (!found || found.viewer === "customer" || !found.booking.driver)
    return { refused: { ok: false, status: 404, message: TRACKING_MESSAGES.notYours } };
  if (found.booking.status === "cancelled")
    return { refused: { ok: false, status: 409, message: TRACKING_MESSAGES.cancelled } };
  return { booking: found.booking };
}

export type AdvanceResult = { ok: true; status: TrackingStatusValue } | Refusal;

export const TRACKING_MESSAGES = {
  notYours: "That job is not assigned to you.",
  needsProof: "Completing a job needs its proof of delivery: photos, the recipient's name and a signature.",
  outOfOrder: "That job has already moved on. The page now shows where it is.",
  cancelled: "That booking has been cancelled.",
} as const;

/**
 * The assigned driver (or an admin) moves the job one step along: assigned → en_route → nearby
 * → arrived → completed, setting off only within the move day's window (domain/tracking.ts)
 * and completing only with a proof of delivery saved (delivery-proofs.server.ts). The booking
 * follows (in_progress, completed); a completed job adds to the driver's count. The customer
 * gets an e-mail when the driver sets off and when the move is completed.
 * The step is conditional on the current status, so a double click or two devices make one
 * step. An admin who must break the rule uses overrideTracking (server/admin), with a reason.
 */
export async function advanceTracking({
  bookingId,
  user,
  to,
  etaMinutes,
  kept,
  queuedTime,
  now = new Date(),
}: {
  bookingId: string;
  user: SessionUser;
  to: TrackingStatusValue;
  etaMinutes?: number | null;
  /** An action the driver's phone kept offline: recorded once, at its accepted time. */
  kept?: QueuedAction;
  /** Its accepted time, when the caller settled it already (a proof's). */
  queuedTime?: PhoneTime;
  now?: Date;
}): Promise<AdvanceResult> {
  const job = await jobToWork(bookingId, user);
  if ("refused" in job) return job.refused;
  const { booking } = job;
  const from = booking.trackingStatus ?? "assigned";
  if (nextTrackingStatus(from) !== to) return { ok: false, status: 409, message: TRACKING_MESSAGES.outOfOrder };
  const time = queuedTime ?? (await stepTime(booking.id, user, kept, now));
  const at = time.at;
  // The day's rule is checked at the accepted time: a start the rule would refuse now passes
  // only when the phone's earlier time is believed.
  if (to === "en_route") {
    const tooSoon = startWindowMessage(startWindow(isoDateOf(booking.moveDate), booking.moveTime, at));
    if (tooSoon) return { ok: false, status: 409, message: tooSoon };
  }
  if (to === "completed") {
    // Every extra stop first, then the final delivery's own proof (stop 0).
    const stopsLeft = stopsLeftRefusal(booking.stops);
    if (stopsLeft) return { ok: false, status: 409, message: stopsLeft };
    const finalProof = await db.deliveryProof.findUnique({
      where: { bookingId_stop: { bookingId: booking.id, stop: 0 } },
      select: { id: true },
    });
    if (!finalProof) return { ok: false, status: 409, message: TRACKING_MESSAGES.needsProof };
  }

  const moved = await db.$transaction(async (tx) => {
    const stepped = await applyTrackingStep(tx, {
      booking: { ...booking, driverId: booking.driver!.id },
      to,
      byUserId: user.id,
      etaMinutes,
      now: at,
      receivedAt: now,
      phoneTime: time,
      recordArrival: true,
    });
    if (stepped && kept) await recordQueuedAction(tx, kept, { userId: user.id, bookingId: booking.id, time, now });
    // The customer's e-mail and text for the step, committed with it.
    const event = now.toISOString();
    const key = { key: messageKey(to, booking.id, event), bookingId: booking.id };
    if (stepped && to === "en_route") {
      await queueMessage(tx, "on-the-way", { bookingId: booking.id, etaMinutes: etaMinutes ?? null }, key);
      await queueCustomerText(tx, "text-on-the-way", booking.id, event);
    }
    if (stepped && to === "arrived") await queueCustomerText(tx, "text-arrived", booking.id, event);
    if (stepped && to === "completed") {
      await queueMessage(tx, "move-completed", { bookingId: booking.id }, key);
      await queueCustomerText(tx, "text-move-completed", booking.id, event);
    }
    return stepped;
  });
  if (!moved) return { ok: false, status: 409, message: TRACKING_MESSAGES.outOfOrder };
  await publishLiveEvent({ bookingId: booking.id, kind: "tracking" });
  return { ok: true, status: to };
}

/** What a tracking step needs of its booking, read before the step. */
export type StepBooking = {
  id: string;
  trackingStatus: TrackingStatusValue | null;
  driverId: string | null;
  driverShare: number;
  moveDate: Date;
  moveTime: string;
};

/**
 * One tracking step's writes, for the driver's steps and an admin's override alike, in the
 * caller's transaction: the booking follows (in_progress, completed), the step is in the
 * history, a completion counts for the driver and earns their share, and an arrival the driver
 * reports is on their record with its lateness. A completed job moved back by an admin
 * (EARNING_PAYABLE_BOOKING_STATUS in domain/payouts.ts) is counted off again; its earning (held),
 * rating and invoice stay. Conditional on the booking still being where it was read: false when it
 * moved meanwhile.
 */
export async function applyTrackingStep(
  tx: Prisma.TransactionClient,
  {
    booking,
    to,
    byUserId,
    etaMinutes = null,
    now,
    receivedAt = now,
    phoneTime,
    recordArrival = false,
  }: {
    booking: StepBooking;
    to: TrackingStatusValue;
    byUserId: string;
    etaMinutes?: number | null;
    /** When the step happened (the phone's accepted time for a step kept offline). */
    now: Date;
    /** When it reached us, if later. */
    receivedAt?: Date;
    /** What the phone said, for a step kept offline: the history shows it when it was not believed. */
    phoneTime?: PhoneTime;
    /** The driver said so: an arrival goes on their record (an admin's override is not one). */
    recordArrival?: boolean;
  },
): Promise<boolean> {
  const from = booking.trackingStatus;
  const { count } = await tx.booking.updateMany({
    where: { id: booking.id, trackingStatus: from, status: { not: "cancelled" } },
    // Completed starts the 48 hours for a problem report; moved back, it is not completed.
    data: { trackingStatus: to, status: bookingStatusForTracking(to), completedAt: to === "completed" ? now : null },
  });
  if (count === 0) return false;
  await tx.trackingEvent.create({
    data: {
      bookingId: booking.id,
      status: to,
      etaMinutes: etaMinutes ?? null,
      createdById: byUserId,
      createdAt: receivedAt,
      happenedAt: now,
      phoneAt: phoneTime?.phoneAt ?? null,
      phoneOnlineAt: phoneTime?.onlineAt ?? null,
    },
  });
  if (!booking.driverId) return true;
  const driverId = booking.driverId;
  if (to === "completed") {
    await tx.driver.update({ where: { id: driverId }, data: { completedJobs: { increment: 1 } } });
    // The driver's share is earned now, payable after the 48 hours for problem reports.
    await recordEarning(tx, { id: booking.id, driverId, driverShare: booking.driverShare }, now);
  } else if (from === "completed") {
    await tx.driver.update({ where: { id: driverId }, data: { completedJobs: { decrement: 1 } } });
  }
  if (to === "arrived" && recordArrival)
    // The driver's record: how late against the booked start (domain/driver-reliability.ts).
    await tx.driverJobEvent.create({
      data: {
        driverId,
        bookingId: booking.id,
        kind: "arrival",
        minutesLate: minutesLate(ukInstant(isoDateOf(booking.moveDate), booking.moveTime), now),
      },
    });
  return true;
}

export type StopResult = { ok: true; title: string } | Refusal;

/**
 * The stop, while it may be marked done (stopDoneRefusal's rule, as a condition of the write):
 * open, every earlier stop done, its driver arrived at the pickup, the booking not cancelled.
 */
export function stopOpenInTurn(stop: { id: string; position: number }) {
  return {
    id: stop.id,
    doneAt: null,
    booking: {
      trackingStatus: "arrived",
      status: { not: "cancelled" },
      stops: { none: { position: { lt: stop.position }, doneAt: null } },
    },
  } satisfies Prisma.BookingStopWhereInput;
}

/**
 * The driver (or an admin) marks an extra stop done: once arrived at the pickup, in route
 * order, a drop-off only with its proof of delivery saved (`withProof`, delivery-proofs.server.ts).
 * The customer's tracker shows it live.
 */
export async function completeStop({
  bookingId,
  user,
  position,
  withProof = false,
  kept,
  queuedTime,
  now = new Date(),
}: {
  bookingId: string;
  user: SessionUser;
  position: number;
  withProof?: boolean;
  /** An action the driver's phone kept offline: recorded once, at its accepted time. */
  kept?: QueuedAction;
  /** Its accepted time, when the caller settled it already (a proof's). */
  queuedTime?: PhoneTime;
  now?: Date;
}): Promise<StopResult> {
  const job = await jobToWork(bookingId, user);
  if ("refused" in job) return job.refused;
  const { booking } = job;
  const refusal = stopDoneRefusal(booking.trackingStatus, booking.stops, position, { withProof });
  if (refusal) return { ok: false, status: 409, message: refusal };
  const stop = booking.stops.find((candidate) => candidate.position === position)!;
  const title = stopTitle(stop.position, stop.type);
  const time = queuedTime ?? (await stepTime(booking.id, user, kept, now));
  const at = time.at;
  // Conditional on what the check above read still holding when it is written: the stop open,
  // every earlier stop done, the driver still arrived and the booking not cancelled. A double
  // click marks it once, and a stop never jumps the queue; the customer's updates list it.
  const marked = await db.$transaction(async (tx) => {
    const { count } = await tx.bookingStop.updateMany({ where: stopOpenInTurn(stop), data: { doneAt: at } });
    if (count === 0) return false;
    await tx.trackingEvent.create({
      data: {
        bookingId: booking.id,
        status: "arrived",
        stop: stop.position,
        note: `${title} is done: ${stop.address}.`,
        createdById: user.id,
        createdAt: now,
        happenedAt: at,
        phoneAt: time.phoneAt,
        phoneOnlineAt: time.onlineAt,
      },
    });
    if (kept) await recordQueuedAction(tx, kept, { userId: user.id, bookingId: booking.id, time, now });
    return true;
  });
  if (!marked) return { ok: false, status: 409, message: TRACKING_MESSAGES.outOfOrder };
  await publishLiveEvent({ bookingId: booking.id, kind: "tracking" });
  return { ok: true, title };
}

/** An action the driver's phone kept offline: its own id, what it was, and the phone's time. */
export type QueuedAction = { id: string; kind: QueuedActionKind; happenedAt: Date };

/**
 * When a queued action happened: the phone's time when it is believed (domain/offline-queue.ts:
 * nothing heard from the driver since, not before the job's previous step), else the time
 * received. An action made now (not kept) happened now.
 */
export async function queuedActionTime(
  user: SessionUser,
  kept: QueuedAction | undefined,
  now: Date,
  previousStepOf?: string,
): Promise<PhoneTime> {
  if (!kept || Number.isNaN(kept.happenedAt.getTime())) return { at: now, phoneAt: null, onlineAt: null };
  const [previous, heardAt] = await Promise.all([
    previousStepOf
      ? db.trackingEvent.findFirst({
          where: { bookingId: previousStepOf },
          orderBy: { happenedAt: "desc" },
          select: { happenedAt: true },
        })
      : null,
    heardFromDriverSince(user.id, kept.happenedAt),
  ]);
  return acceptedTime({ happenedAt: kept.happenedAt, receivedAt: now, previousStepAt: previous?.happenedAt, heardAt });
}

/** When a step of this job happened: queuedActionTime, never before the job's previous step. */
export function stepTime(bookingId: string, user: SessionUser, kept: QueuedAction | undefined, now: Date) {
  return queuedActionTime(user, kept, now, bookingId);
}

/**
 * The queued action is applied: its row, in the transaction of its change. A second delivery
 * racing this one fails on the row's key and rolls its own change back.
 */
export async function recordQueuedAction(
  tx: Prisma.TransactionClient,
  kept: QueuedAction,
  { userId, bookingId, time, now }: { userId: string; bookingId: string; time: PhoneTime; now: Date },
) {
  await tx.driverAction.create({
    data: {
      id: kept.id,
      userId,
      bookingId,
      kind: kept.kind,
      happenedAt: time.at,
      phoneAt: Number.isNaN(kept.happenedAt.getTime()) ? null : kept.happenedAt,
      receivedAt: now,
    },
  });
}
