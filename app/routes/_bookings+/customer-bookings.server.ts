// /bookings: a signed-in customer's own bookings, newest first, a page at a time (the
// (customerId, createdAt) index), ready to render.
import { BOOKING_STATUS_LABELS, PAYMENT_STATE_LABELS } from "~/domain/booking-status";
import { isCancellable } from "~/domain/cancellation";
import { claimWindow } from "~/domain/damage-claims";
import { formatPounds } from "~/domain/money";
import { extraStopsText } from "~/domain/plural";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { VAN_LABELS } from "~/domain/vans";
import { db } from "~/server/platform/db.server";
import { pageInfo } from "~/server/platform/pagination.server";
import type { Prisma } from "../../../generated/prisma/client";

export const CUSTOMER_BOOKINGS_PAGE_SIZE = 10;

const ROW_SELECT = {
  id: true,
  reference: true,
  status: true,
  paymentState: true,
  pickupAddress: true,
  deliveryAddress: true,
  moveDate: true,
  moveTime: true,
  vanSize: true,
  finalPrice: true,
  completedAt: true,
  // Ids, not Prisma's _count: that counts the whole tables' rows in a subquery for each page.
  stops: { select: { id: true } },
  damageClaims: { select: { id: true }, take: 1 },
  // Refunds of the price; a claim's compensation shows on the claim.
  payments: { where: { refundOfId: { not: null }, damageClaimId: null }, select: { amountPence: true } },
} satisfies Prisma.BookingSelect;

type Row = Prisma.BookingGetPayload<{ select: typeof ROW_SELECT }>;

export function customerBookingRow(row: Row, now = new Date()) {
  const refundedPence = row.payments.reduce((sum, payment) => sum + payment.amountPence, 0);
  return {
    id: row.id,
    reference: row.reference,
    moveDateText: `${formatCalendarDate(row.moveDate, "weekday")}, ${row.moveTime}`,
    pickupAddress: row.pickupAddress,
    deliveryAddress: row.deliveryAddress,
    stopsText: extraStopsText(row.stops.length),
    van: VAN_LABELS[row.vanSize],
    status: row.status,
    statusLabel: BOOKING_STATUS_LABELS[row.status],
    paymentState: row.paymentState,
    paymentLabel: PAYMENT_STATE_LABELS[row.paymentState],
    priceText: formatPounds(row.finalPrice),
    refundedText: refundedPence > 0 ? formatPounds(refundedPence) : null,
    cancellable: isCancellable(row.status),
    // Booked but not paid yet (a payment abandoned or declined): it can still be paid.
    payable: row.status === "pending" && row.paymentState === "unpaid",
    /** Paid once (refunds too): its VAT invoice and credit notes can be downloaded. */
    invoiceable: row.paymentState !== "unpaid",
    /** Damage claims: made for 7 days from delivery; followed afterwards. */
    claimable: row.status === "completed" && row.completedAt !== null && claimWindow(row.completedAt, now).open,
    hasClaims: row.damageClaims.length > 0,
  };
}
export type CustomerBookingRow = ReturnType<typeof customerBookingRow>;

export async function listCustomerBookings(
  customerId: string,
  { page, take, skip }: { page: number; take: number; skip: number },
) {
  const where = { customerId } satisfies Prisma.BookingWhereInput;
  const rows = await db.booking.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    skip,
    select: ROW_SELECT,
  });
  // A first page that is not full is every booking: most customers have a few, so no count.
  const total = page === 1 && rows.length < take ? rows.length : await db.booking.count({ where });
  return { bookings: rows.map((row) => customerBookingRow(row)), info: pageInfo(total, { page, take }) };
}
