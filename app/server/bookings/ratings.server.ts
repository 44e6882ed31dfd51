// Rating the driver of a completed booking: only the booking's customer, once per
// booking. The driver's ratingTenths and ratingCount are the average and count of all their
// ratings, written in the same transaction as the new rating.
import { averageTenths, siteRatingOf, type SiteRating } from "~/domain/ratings";
import { isoDateOf } from "~/domain/uk-calendar";
import { RATING_MESSAGES, type RatingInput } from "~/schemas/rating";
import { isUniqueViolation } from "~/server/platform/db-errors.server";
import { db } from "~/server/platform/db.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import type { SessionUser } from "~/views/session-user";

/** The site's rating is read again this often: it is on every page, and a new rating can wait. */
const SITE_RATING_FRESH_MS = 5 * 60_000;
let siteRatingRead: { at: number; rating: Promise<SiteRating | null> } | null = null;

/**
 * What the site may say of its rating: computed from customers' real ratings of completed moves
 * (domain/ratings.ts: nothing below 10 of them), read at most every few minutes per process.
 */
export function siteRating(now = Date.now()): Promise<SiteRating | null> {
  if (siteRatingRead && now - siteRatingRead.at < SITE_RATING_FRESH_MS) return siteRatingRead.rating;
  const rating = db.driverRating
    .aggregate({ where: { booking: { status: "completed" } }, _sum: { stars: true }, _count: { _all: true } })
    .then((all) => siteRatingOf(all._sum.stars ?? 0, all._count._all));
  siteRatingRead = { at: now, rating };
  // A failed read is not kept: the next page asks again.
  rating.catch(() => {
    if (siteRatingRead?.rating === rating) siteRatingRead = null;
  });
  return rating;
}

export type Rating = { stars: number; comment: string | null; createdAt: string };

export type RateDriverResult = { ok: true; rating: Rating } | { ok: false; status: 404 | 409; message: string };

function ratingOf(row: { stars: number; comment: string | null; createdAt: Date }): Rating {
  return { stars: row.stars, comment: row.comment, createdAt: row.createdAt.toISOString() };
}

/** The booking's rating, if its customer gave one. */
export async function ratingFor(bookingId: string): Promise<Rating | null> {
  const row = await db.driverRating.findUnique({
    where: { bookingId },
    select: { stars: true, comment: true, createdAt: true },
  });
  return row ? ratingOf(row) : null;
}

/** What the rating page needs: the customer's own booking (else null), its driver and rating. */
export async function bookingToRate(bookingId: string, user: Pick<SessionUser, "id">) {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: {
      id: true,
      reference: true,
      status: true,
      customerId: true,
      moveDate: true,
      pickupAddress: true,
      deliveryAddress: true,
      driver: { select: { name: true } },
      rating: { select: { stars: true, comment: true, createdAt: true } },
    },
  });
  if (!booking || booking.customerId !== user.id) return null;
  const { rating, customerId: _customerId, moveDate, ...rest } = booking;
  return {
    ...rest,
    moveDate: isoDateOf(moveDate),
    rating: rating ? ratingOf(rating) : null,
    refusal: rating
      ? RATING_MESSAGES.alreadyRated
      : booking.status !== "completed"
        ? RATING_MESSAGES.notCompleted
        : !booking.driver
          ? RATING_MESSAGES.noDriver
          : null,
  };
}

/**
 * Saves the customer's stars for the driver of a completed booking. A second rating of the
 * same booking is refused (409), two at once make one (the unique bookingId decides). The
 * driver's row is locked first, so ratings of two bookings at once both count in the average.
 */
export async function rateDriver({
  bookingId,
  user,
  stars,
  comment,
}: { bookingId: string; user: Pick<SessionUser, "id"> } & RatingInput): Promise<RateDriverResult> {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: { id: true, customerId: true, status: true, driverId: true },
  });
  if (!booking || booking.customerId !== user.id) return { ok: false, status: 404, message: RATING_MESSAGES.notFound };
  if (booking.status !== "completed") return { ok: false, status: 409, message: RATING_MESSAGES.notCompleted };
  const driverId = booking.driverId;
  if (!driverId) return { ok: false, status: 409, message: RATING_MESSAGES.noDriver };
  if (await db.driverRating.findUnique({ where: { bookingId }, select: { id: true } }))
    return { ok: false, status: 409, message: RATING_MESSAGES.alreadyRated };

  try {
    const row = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Driver" WHERE id = ${driverId} FOR UPDATE`;
      const created = await tx.driverRating.create({
        data: { bookingId, driverId, customerId: user.id, stars, comment: comment ?? null },
      });
      const all = await tx.driverRating.aggregate({
        where: { driverId },
        _sum: { stars: true },
        _count: { _all: true },
      });
      await tx.driver.update({
        where: { id: driverId },
        data: { ratingTenths: averageTenths(all._sum.stars ?? 0, all._count._all), ratingCount: all._count._all },
      });
      return created;
    });
    await publishLiveEvent({ bookingId, kind: "booking" });
    return { ok: true, rating: ratingOf(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: RATING_MESSAGES.alreadyRated };
    throw error;
  }
}
