// What the tracker embeds beside its own panels (issue 12): the rating of a completed move,
// the customer's discount offer and the help actions' phone numbers, for the side looking.
import { discountOfferFor } from "~/server/bookings/discount-codes.server";
import { ratingFor } from "~/server/bookings/ratings.server";
import { env } from "~/server/platform/env.server";

type TrackedBookingLike = {
  id: string;
  status: string;
  trackingStatus: string | null;
  customerId: string | null;
  driver: { phone: string } | null;
};

export type TrackerExtras = {
  /** Show the rating form (or the rating given): the customer of a completed booking with a driver. */
  canRate: boolean;
  rating: { stars: number; comment: string | null } | null;
  /** The customer's own code, once the driver has arrived (spec/02: the popup follows arrival). */
  discount: { code: string; percent: number; expiresAt: string } | null;
  /** The help actions: for the customer and the driver, not for admins. */
  help: { driverPhone: string | null; supportPhone: string } | null;
};

export async function trackerExtras({
  booking,
  viewer,
}: {
  booking: TrackedBookingLike;
  viewer: "customer" | "driver" | "admin";
}): Promise<TrackerExtras> {
  const customer = viewer === "customer" && booking.customerId ? booking.customerId : null;
  const canRate = customer !== null && booking.status === "completed" && booking.driver !== null;
  const arrived =
    booking.status === "completed" || booking.trackingStatus === "arrived" || booking.trackingStatus === "completed";
  const [rating, offer] = await Promise.all([
    canRate ? ratingFor(booking.id) : null,
    customer && arrived && booking.status !== "cancelled" ? discountOfferFor(customer) : null,
  ]);
  return {
    canRate,
    rating: rating ? { stars: rating.stars, comment: rating.comment } : null,
    discount: offer?.usable
      ? { code: offer.code, percent: offer.percent, expiresAt: offer.expiresAt.toISOString() }
      : null,
    help:
      viewer === "admin"
        ? null
        : {
            driverPhone: viewer === "customer" ? (booking.driver?.phone ?? null) : null,
            supportPhone: env.SUPPORT_PHONE,
          },
  };
}
