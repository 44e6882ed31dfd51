// What the tracker embeds beside its own panels: the rating of a completed move,
// the customer's discount offer and the help actions' phone numbers, for the side looking.
import { claimWindow, type ClaimWindow } from "~/domain/damage-claims";
import { problemReportOpen } from "~/domain/delivery-proof";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { CLAIM_MESSAGES } from "~/schemas/damage-claim-messages";
import { deliveryProofViews } from "~/server/bookings/delivery-proofs.server";
import { discountOfferOnTracker } from "~/server/bookings/discount-codes.server";
import { ratingFor } from "~/server/bookings/ratings.server";
import { claimsOnBooking } from "~/server/claims/damage-claims.server";
import { env } from "~/server/platform/env.server";
import type { ClaimSummary } from "~/views/claims";
import type { DeliveryProofView } from "~/views/tracker";

type TrackedBookingLike = {
  id: string;
  status: string;
  trackingStatus: string | null;
  customerId: string | null;
  completedAt: Date | null;
  driver: { phone: string } | null;
};

export type TrackerSections = {
  /** Show the rating form (or the rating given): the customer of a completed booking with a driver. */
  canRate: boolean;
  rating: { stars: number; comment: string | null } | null;
  /** The customer's own code, once the driver has arrived (the popup follows arrival). */
  discount: { code: string; percent: number; expiresAt: string; expiresText: string } | null;
  /** The help actions: for the customer and the driver, not for admins. */
  help: { driverPhone: string | null; supportPhone: string } | null;
  /** What the driver handed in at the delivery, once completed. */
  /** The drop-off stops' proofs as they come in on the day, then the final delivery's. */
  proofs: DeliveryProofView[];
  /** The customer may report a problem: for 48 hours after completion. */
  canReportProblem: boolean;
  /** The customer's damage claims, and whether one may be made now (7 days from delivery). */
  claims: { canClaim: boolean; windowText: string; list: ClaimSummary[] } | null;
};

/** The tracker's claims card: while a claim may be made, or once one has been. */
/** The tracker's claims card: its window's end in the words the claim page uses, and the claims made. */
function claimsCard(window: ClaimWindow, list: ClaimSummary[]) {
  const lastDay = formatCalendarDate(window.lastDay, "long");
  return window.open || list.length > 0
    ? {
        canClaim: window.open,
        windowText: window.open ? CLAIM_MESSAGES.windowOpen(lastDay) : CLAIM_MESSAGES.windowClosed(lastDay),
        list,
      }
    : null;
}

export async function trackerSections({
  booking,
  viewer,
  now = new Date(),
}: {
  booking: TrackedBookingLike;
  viewer: "customer" | "driver" | "admin";
  now?: Date;
}): Promise<TrackerSections> {
  const customer = viewer === "customer" && booking.customerId ? booking.customerId : null;
  const canRate = customer !== null && booking.status === "completed" && booking.driver !== null;
  const arrived =
    booking.status === "completed" || booking.trackingStatus === "arrived" || booking.trackingStatus === "completed";
  const completed = customer !== null && booking.status === "completed" && booking.completedAt !== null;
  const [rating, offer, proofs, claims] = await Promise.all([
    canRate ? ratingFor(booking.id) : null,
    customer && arrived && booking.status !== "cancelled" ? discountOfferOnTracker(customer, booking.id) : null,
    arrived && booking.status !== "cancelled" ? deliveryProofViews(booking.id) : [],
    completed ? claimsOnBooking(booking.id) : null,
  ]);
  return {
    canRate,
    rating: rating ? { stars: rating.stars, comment: rating.comment } : null,
    discount: offer?.usable
      ? {
          code: offer.code,
          percent: offer.percent,
          expiresAt: offer.expiresAt.toISOString(),
          expiresText: offer.expiresText,
        }
      : null,
    help:
      viewer === "admin"
        ? null
        : {
            driverPhone: viewer === "customer" ? (booking.driver?.phone ?? null) : null,
            supportPhone: env.SUPPORT_PHONE,
          },
    proofs,
    canReportProblem:
      customer !== null && booking.status === "completed" && problemReportOpen(booking.completedAt, now),
    claims: completed && claims ? claimsCard(claimWindow(booking.completedAt!, now), claims) : null,
  };
}
