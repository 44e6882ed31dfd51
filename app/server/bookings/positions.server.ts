// The driver's live position. While a job is under way (on the way, nearby,
// arrived) its driver shares where they are: the latest point is kept per job, and every point
// on the job's track, which the housekeeping deletes 30 days after the job ends. Only the
// booking's customer, its driver and admins ever see a position (they are the only ones who
// can open its tracker). Each new point is announced on the booking's live stream.
import { estimateTrip, locateAddress } from "~/domain/distance";
import { isSharingStatus, lastSeenText, nextStopOf, TRACK_KEEP_DAYS } from "~/domain/live-position";
import { POSITION_MESSAGES, type PositionInput } from "~/schemas/position";
import { db } from "~/server/platform/db.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import { hitRateLimit, TOO_MANY_REQUESTS_MESSAGE, type RateLimitRule } from "~/server/platform/rate-limit.server";
import { findGbPlaces } from "~/server/quotes/distance.server";
import type { SessionUser } from "~/views/session-user";
import type { LivePositionView } from "~/views/tracker";
import {
  findTrackedBooking,
  queuedActionTime,
  recordQueuedAction,
  type QueuedAction,
  type TrackedBooking,
} from "./tracking.server";

/** A phone sends one every 15 s; this leaves room for retries, not for a flood. */
export const POSITION_RATE_LIMIT: RateLimitRule = { name: "driver-position", limit: 20, windowSeconds: 60 };

export type PositionResult =
  { ok: true } | { ok: false; status: 400 | 404 | 409 | 429; field?: "place"; message: string };

/** Saves the driver's position for their job (coordinates, or a typed postcode or town). */
export async function sharePosition({
  bookingId,
  user,
  input,
  now = new Date(),
}: {
  bookingId: string;
  user: SessionUser;
  input: PositionInput;
  now?: Date;
}): Promise<PositionResult> {
  const found = await findTrackedBooking(bookingId, user);
  if (!found || found.viewer !== "driver") return { ok: false, status: 404, message: POSITION_MESSAGES.notYours };
  const { booking } = found;
  if (booking.status === "cancelled" || booking.status === "completed" || !isSharingStatus(booking.trackingStatus))
    return { ok: false, status: 409, message: POSITION_MESSAGES.notActive };
  const limit = await hitRateLimit(POSITION_RATE_LIMIT, user.id);
  if (!limit.allowed) return { ok: false, status: 429, message: TOO_MANY_REQUESTS_MESSAGE };

  let point: { latitude: number; longitude: number; accuracyMetres: number | null };
  if (input.latitude !== undefined && input.longitude !== undefined) {
    point = {
      latitude: input.latitude,
      longitude: input.longitude,
      accuracyMetres: input.accuracy === undefined ? null : Math.round(input.accuracy),
    };
  } else {
    const place = locateAddress(input.place ?? "", findGbPlaces);
    if (!place) return { ok: false, status: 400, field: "place", message: POSITION_MESSAGES.placeNotFound };
    // A postcode district or a town: good to a mile or two, and said to be so.
    point = { latitude: place.point[0], longitude: place.point[1], accuracyMetres: 2000 };
  }

  await db.$transaction([
    db.driverPosition.upsert({
      where: { bookingId: booking.id },
      create: { bookingId: booking.id, ...point, recordedAt: now },
      update: { ...point, recordedAt: now },
    }),
    db.positionPoint.create({
      data: { bookingId: booking.id, latitude: point.latitude, longitude: point.longitude, recordedAt: now },
    }),
  ]);
  await publishLiveEvent({ bookingId: booking.id, kind: "position" });
  return { ok: true };
}

/**
 * A position the driver's phone kept offline: on the job's track at the time it was
 * taken, and the latest position only if nothing newer came meanwhile. Once the job is no
 * longer under way it has no use, and is taken as done without being kept.
 */
export async function keepPosition({
  bookingId,
  user,
  input,
  kept,
  now = new Date(),
}: {
  bookingId: string;
  user: SessionUser;
  input: { latitude: number; longitude: number; accuracy?: number };
  kept: QueuedAction;
  now?: Date;
}): Promise<PositionResult> {
  const found = await findTrackedBooking(bookingId, user);
  if (!found || found.viewer !== "driver") return { ok: false, status: 404, message: POSITION_MESSAGES.notYours };
  const { booking } = found;
  const time = await queuedActionTime(user, kept, now);
  const at = time.at;
  const underWay = booking.status === "in_progress" && isSharingStatus(booking.trackingStatus);
  const point = {
    latitude: input.latitude,
    longitude: input.longitude,
    accuracyMetres: input.accuracy === undefined ? null : Math.round(input.accuracy),
  };
  await db.$transaction(async (tx) => {
    if (underWay) {
      await tx.positionPoint.create({
        data: { bookingId, latitude: point.latitude, longitude: point.longitude, recordedAt: at },
      });
      const latest = await tx.driverPosition.findUnique({ where: { bookingId }, select: { recordedAt: true } });
      if (!latest || latest.recordedAt < at)
        await tx.driverPosition.upsert({
          where: { bookingId },
          create: { bookingId, ...point, recordedAt: at },
          update: { ...point, recordedAt: at },
        });
    }
    await recordQueuedAction(tx, kept, { userId: user.id, bookingId, time, now });
  });
  if (underWay) await publishLiveEvent({ bookingId, kind: "position" });
  return { ok: true };
}

/**
 * Where the driver is, for the tracker: the distance to the next stop and an arrival
 * estimate from it, and "last seen …" once positions stop coming. Null when the job is not
 * under way or nothing has been shared.
 */
export async function livePositionView(booking: TrackedBooking, now = new Date()): Promise<LivePositionView | null> {
  if (booking.status !== "in_progress" || !isSharingStatus(booking.trackingStatus)) return null;
  const position = await db.driverPosition.findUnique({ where: { bookingId: booking.id } });
  if (!position) return null;
  const { address, label } = nextStopOf(booking);
  const located = locateAddress(address, findGbPlaces);
  const toStop = located ? estimateTrip([position.latitude, position.longitude], located.point) : null;
  return {
    latitude: position.latitude,
    longitude: position.longitude,
    stop: located
      ? {
          label,
          address,
          latitude: located.point[0],
          longitude: located.point[1],
        }
      : null,
    miles: toStop?.miles ?? null,
    minutes: toStop?.minutes ?? null,
    recordedAt: position.recordedAt.toISOString(),
    lastSeen: lastSeenText(position.recordedAt, now),
  };
}

/** Deletes the positions of jobs that ended (completed or cancelled) over 30 days ago. */
export async function deleteOldTracks(now = new Date()) {
  const before = new Date(now.getTime() - TRACK_KEEP_DAYS * 86_400_000);
  const ended = { OR: [{ completedAt: { lt: before } }, { cancelledAt: { lt: before } }] };
  const [points, latest] = await db.$transaction([
    db.positionPoint.deleteMany({ where: { booking: ended } }),
    db.driverPosition.deleteMany({ where: { booking: ended } }),
  ]);
  return points.count + latest.count;
}
