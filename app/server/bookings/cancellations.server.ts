// Cancelling a booking under the terms: more than 24 hours before the move
// the refund is full, under 24 hours half. The refund goes back through the provider that took
// each payment, is recorded as a Payment row of its own (refundOfId = the charge), and the
// booking becomes cancelled, once: a conditional update on the booking's status is the gate, so
// of any number of parallel cancels exactly one refunds; a refund the provider refuses puts the
// booking back as it was and says so.
import { cancellationTerms, isCancellable, type CancellationOffer } from "~/domain/cancellation";
import { messageKey } from "~/domain/message-delivery";
import { formatPounds } from "~/domain/money";
import { coverCostPence } from "~/domain/pricing";
import { isoDateOf, ukInstant } from "~/domain/uk-calendar";
import { queueMessage } from "~/server/messages/outbox.server";
import { refundPayment } from "~/server/payments/index.server";
import { isUniqueViolation } from "~/server/platform/db-errors.server";
import { db } from "~/server/platform/db.server";
import { publishLiveEvent, publishOfferChange } from "~/server/platform/live.server";
import type { SessionUser } from "~/views/session-user";
import { Prisma } from "../../../generated/prisma/client";
import { issueCreditNotes } from "./invoices.server";
import { queueDriverText } from "./move-day-texts.server";
import { closeOffers, markOffersStale } from "./open-jobs.server";

export const CANCELLATION_MESSAGES = {
  notFound: "Booking not found.",
  alreadyCancelled: "This booking is already cancelled.",
  notCancellable: "This booking can no longer be cancelled: the move has started or is over. Please contact support.",
  refundFailed:
    "We could not refund your payment just now, so your booking has not been cancelled. Please try again in a few minutes, or contact support.",
  termsChanged:
    "Your refund has changed since you opened this page (your move is now less than 24 hours away). Your booking has not been cancelled: please read the new refund and confirm again.",
} as const;

const BOOKING_FIELDS = {
  id: true,
  reference: true,
  status: true,
  paymentState: true,
  customerId: true,
  customerName: true,
  customerEmail: true,
  moveDate: true,
  moveTime: true,
  pickupAddress: true,
  deliveryAddress: true,
  vanSize: true,
  finalPrice: true,
  platformFee: true,
  coverFee: true,
  cancelledAt: true,
  customer: { select: { username: true, email: true } },
} satisfies Prisma.BookingSelect;

type CancelBooking = Prisma.BookingGetPayload<{ select: typeof BOOKING_FIELDS }>;

/** The booking if this user may cancel it: its own customer, or an admin. Else null, as unknown. */
export async function findBookingToCancel(bookingId: string | null | undefined, user: SessionUser) {
  if (!bookingId || bookingId.length > 64) return null;
  const booking = await db.booking.findUnique({ where: { id: bookingId }, select: BOOKING_FIELDS });
  if (!booking) return null;
  if (user.role === "admin") return booking;
  return user.role === "customer" && booking.customerId === user.id ? booking : null;
}

/** When the move starts: its date and time on the UK clock. */
function moveStartOf(booking: Pick<CancelBooking, "moveDate" | "moveTime">) {
  return ukInstant(isoDateOf(booking.moveDate), booking.moveTime);
}

/** The booking's charges not yet given back: succeeded payments that are not refunds themselves. */
function unrefundedCharges(bookingId: string) {
  return db.payment.findMany({
    where: { bookingId, refundOfId: null, status: "succeeded", refunds: { none: {} } },
    orderBy: { createdAt: "asc" },
  });
}

/**
 * Each charge refunded under the terms (half of an odd amount rounds down, per charge). The
 * cost of extended cover is counted in the first charges, the ones that paid for it.
 */
function offerOf(
  charges: { amountPence: number }[],
  moveAt: Date,
  now: Date,
  coverPence: number,
): CancellationOffer & { perCharge: number[] } {
  let coverLeft = coverPence;
  const terms = charges.map((charge) => {
    const cover = Math.min(coverLeft, charge.amountPence);
    coverLeft -= cover;
    return cancellationTerms(charge.amountPence, moveAt, now, cover);
  });
  const { refundPercent } = cancellationTerms(0, moveAt, now);
  const paidPence = charges.reduce((sum, charge) => sum + charge.amountPence, 0);
  const refundPence = terms.reduce((sum, term) => sum + term.refundPence, 0);
  const coverRefundPence = terms.reduce((sum, term) => sum + term.coverRefundPence, 0);
  const kind = paidPence === 0 ? "unpaid" : refundPercent === 100 ? "full" : "half";
  return {
    paidPence,
    refundPence,
    refundPercent,
    kind,
    coverRefundPence,
    summary: refundSummary(kind, refundPence, paidPence, coverRefundPence),
    perCharge: terms.map((term) => term.refundPence),
  };
}

function refundSummary(kind: CancellationOffer["kind"], refundPence: number, paidPence: number, coverPence: number) {
  if (kind === "unpaid") return "Nothing has been paid for this booking yet, so there is nothing to refund.";
  if (kind === "full")
    return `You will get ${formatPounds(refundPence)} back: a full refund, because your move is more than 24 hours away.`;
  if (coverPence > 0)
    return `You will get ${formatPounds(refundPence)} back: half of the ${formatPounds(paidPence - coverPence)} you paid for the move, because your move is less than 24 hours away, and the ${formatPounds(coverPence)} you paid for extended cover in full.`;
  return `You will get ${formatPounds(refundPence)} back: half of the ${formatPounds(paidPence)} you paid, because your move is less than 24 hours away.`;
}

/** The booking's extended cover cost, counted once however many charges paid for it. */
const coverOf = (booking: Pick<CancelBooking, "platformFee" | "coverFee">) => coverCostPence(booking);

/** What cancelling now would give back, for the confirmation step. */
export async function cancellationOffer(
  booking: Pick<CancelBooking, "id" | "moveDate" | "moveTime" | "platformFee" | "coverFee">,
  now: Date = new Date(),
): Promise<CancellationOffer> {
  const { perCharge: _perCharge, ...offer } = offerOf(
    await unrefundedCharges(booking.id),
    moveStartOf(booking),
    now,
    coverOf(booking),
  );
  return offer;
}

export type CancelResult =
  | { status: "cancelled"; reference: string; offer: CancellationOffer }
  | { status: "already_cancelled"; reference: string; message: string }
  | { status: "not_cancellable"; reference: string; message: string }
  | { status: "refund_failed"; reference: string; message: string }
  | { status: "terms_changed"; reference: string; message: string };

/**
 * Cancels the booking for its customer (or an admin) and refunds under the terms. Null when
 * the user may not see the booking. Cancelling twice, or twenty times at once, cancels and
 * refunds once; the others are told the booking is already cancelled.
 */
export async function cancelBooking({
  bookingId,
  user,
  expectedRefundPence,
  now = new Date(),
}: {
  bookingId: string;
  user: SessionUser;
  /** The refund the confirmation step stated: if the terms give another now, nothing happens. */
  expectedRefundPence?: number;
  now?: Date;
}): Promise<CancelResult | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const booking = await findBookingToCancel(bookingId, user);
    if (!booking) return null;
    const { reference } = booking;
    if (booking.status === "cancelled")
      return { status: "already_cancelled", reference, message: CANCELLATION_MESSAGES.alreadyCancelled };
    if (!isCancellable(booking.status))
      return { status: "not_cancellable", reference, message: CANCELLATION_MESSAGES.notCancellable };
    if (
      expectedRefundPence !== undefined &&
      (await cancellationOffer(booking, now)).refundPence !== expectedRefundPence
    ) {
      return { status: "terms_changed", reference, message: CANCELLATION_MESSAGES.termsChanged };
    }

    // The gate: of any number of callers, one changes the row from the status it read.
    const { count } = await db.booking.updateMany({
      where: { id: booking.id, status: booking.status },
      data: { status: "cancelled", cancelledAt: now },
    });
    if (count === 0) continue; // cancelled meanwhile (said above on the next read), or its status moved on

    const result = await refundAndRecord(booking, now);
    if (!result.ok) {
      // Put the booking back as it was (only if it is still this cancellation's).
      await db.booking.updateMany({
        where: { id: booking.id, status: "cancelled", cancelledAt: now },
        data: { status: booking.status, cancelledAt: null },
      });
      console.error(`Cancellation of booking ${booking.id} undone, the refund failed:`, result.error);
      return { status: "refund_failed", reference, message: result.message };
    }
    const { offer } = result;
    // The refund's state and the customer's e-mail commit together; an open job leaves the
    // drivers' lists, and a driver's day is free again.
    const closedFor = await db.$transaction(async (tx) => {
      if (offer.kind !== "unpaid")
        await tx.booking.update({
          where: { id: booking.id },
          data: { paymentState: offer.kind === "full" ? "refunded" : "partially_refunded" },
        });
      const refund = { kind: offer.kind, refundPence: offer.refundPence, paidPence: offer.paidPence };
      await queueMessage(
        tx,
        "booking-cancelled",
        { bookingId: booking.id, offer: refund },
        { key: messageKey("booking-cancelled", booking.id), bookingId: booking.id },
      );
      // Its driver, if it had one, is told by text.
      const { driver } = await tx.booking.findUniqueOrThrow({
        where: { id: booking.id },
        select: { driver: { select: { id: true, phone: true } } },
      });
      if (driver) await queueDriverText(tx, "text-job-cancelled", booking.id, driver, "cancelled");
      await markOffersStale(tx, [driver?.id]);
      return closeOffers(tx, booking.id);
    });
    await publishOfferChange({ bookingId: booking.id, change: "closed" }, closedFor);
    if (offer.kind !== "unpaid") {
      // Each refund corrects the VAT invoice with a credit note (housekeeping issues it later if this fails).
      await issueCreditNotes(booking.id).catch((error) =>
        console.error(`Credit notes for booking ${booking.id} failed:`, error),
      );
    }
    await publishLiveEvent({ bookingId: booking.id, kind: "booking" });
    return { status: "cancelled", reference, offer };
  }
  // The status kept moving under us: say what it is now.
  const booking = await findBookingToCancel(bookingId, user);
  if (!booking) return null;
  return booking.status === "cancelled"
    ? { status: "already_cancelled", reference: booking.reference, message: CANCELLATION_MESSAGES.alreadyCancelled }
    : { status: "not_cancellable", reference: booking.reference, message: CANCELLATION_MESSAGES.notCancellable };
}

type RefundOutcome = { ok: true; offer: CancellationOffer } | { ok: false; message: string; error: unknown };

/**
 * Refunds each charge not yet refunded through its own provider and records the refund. The
 * idempotency key is derived from the booking, the charge and the amount, so a retry of the
 * same refund is the same refund at the provider. A charge refunded by an earlier attempt
 * (whose later charge failed) keeps its refund row and is not refunded again.
 */
async function refundAndRecord(booking: CancelBooking, now: Date): Promise<RefundOutcome> {
  const charges = await unrefundedCharges(booking.id);
  // Charges an earlier attempt refunded already (a later charge of it failed) are not refunded again.
  const earlier = await db.payment.findMany({
    where: { bookingId: booking.id, refundOfId: null, status: "succeeded", refunds: { some: {} } },
    select: { amountPence: true, refunds: { select: { amountPence: true } } },
  });
  const { perCharge, ...offer } = offerOf(charges, moveStartOf(booking), now, coverOf(booking));
  for (const [index, charge] of charges.entries()) {
    const amount = perCharge[index]!;
    if (amount <= 0) continue;
    let refund: { id: string; amountPence: number };
    try {
      refund = await refundPayment(
        { provider: charge.provider, paymentId: charge.providerPaymentId },
        amount,
        `easymove-cancel-${booking.id}-${charge.id}-${amount}`,
      );
    } catch (error) {
      // The provider's own words go to the log; the customer hears what it means for them.
      return { ok: false, message: CANCELLATION_MESSAGES.refundFailed, error };
    }
    try {
      await db.payment.create({
        data: {
          bookingId: booking.id,
          provider: charge.provider,
          providerPaymentId: refund.id,
          amountPence: refund.amountPence,
          currency: charge.currency,
          status: "refunded",
          method: "refund",
          refundOfId: charge.id,
          customerName: charge.customerName,
          customerEmail: charge.customerEmail,
        },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // else this very refund is recorded already
    }
  }
  if (earlier.length > 0) {
    // The customer hears the whole of what comes back, that attempt's refunds included.
    const paidPence = offer.paidPence + earlier.reduce((sum, charge) => sum + charge.amountPence, 0);
    const refundPence =
      offer.refundPence +
      earlier.reduce((sum, charge) => sum + charge.refunds.reduce((total, refund) => total + refund.amountPence, 0), 0);
    const kind = offer.refundPercent === 100 ? "full" : "half";
    return {
      ok: true,
      offer: {
        ...offer,
        paidPence,
        refundPence,
        kind,
        summary: refundSummary(kind, refundPence, paidPence, offer.coverRefundPence),
      },
    };
  }
  return { ok: true, offer };
}
