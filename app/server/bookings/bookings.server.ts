// Bookings: made from a quote by "Proceed to Checkout", read by the checkout, payment and
// confirmation pages and the JSON API. Who may see a booking is decided here, once.
import { bookingReference } from "~/domain/booking-reference";
import { formatDistance } from "~/domain/distance";
import { coverView } from "~/domain/goods-cover";
import { formatPounds } from "~/domain/money";
import { customerBreakdown, estimatedTimeText, type BreakdownLine } from "~/domain/pricing";
import { routeLegs, routePoints, stopView } from "~/domain/route-stops";
import { isoDateOf } from "~/domain/uk-calendar";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { helpersText, VAN_LABELS, type VanSize } from "~/domain/vans";
import { isUniqueViolation } from "~/server/platform/db-errors.server";
import { db } from "~/server/platform/db.server";
import { getSession, sessionStorage } from "~/server/platform/session.server";
import { bookingPriceColumns, moveColumns } from "~/server/quotes/price-columns";
import { pricedQuote, quoteForCheckout } from "~/server/quotes/quotes.server";
import type { BookingView } from "~/views/booking";
import type { SessionUser } from "~/views/session-user";
import { Prisma } from "../../../generated/prisma/client";

const GUEST_BOOKINGS_KEY = "guestBookings";
const MAX_GUEST_BOOKINGS = 5;

export type BookQuoteResult =
  | { status: "booked"; bookingId: string; setCookie: string | null }
  /** The quote is an estimate and the distance still cannot be measured. */
  | { status: "estimate"; quoteId: string; failure: string }
  | { status: "unknown_quote" };

/**
 * "Proceed to Checkout": the quote's booking (pending, unpaid) with its items, made in one
 * transaction. A quote has at most one booking, so a second click or a retry finds the first.
 * A visitor who is not signed in yet may look at it from this browser only (a cookie).
 */
export async function bookQuote(request: Request, quoteId: string, user: SessionUser | null): Promise<BookQuoteResult> {
  const checkout = await quoteForCheckout(quoteId);
  if (!checkout) return { status: "unknown_quote" };
  if (checkout.failure) return { status: "estimate", quoteId: checkout.id, failure: checkout.failure };
  const existing = await db.booking.findUnique({
    where: { quoteId: checkout.id },
    select: { id: true, customerId: true },
  });
  // A quote's id is no key to its booking: only whoever may already see that booking gets it
  // again (a double click, a retry); anyone else is told the quote is not there.
  if (existing && !(await mayOpenBooking(request, existing, user))) return { status: "unknown_quote" };
  const bookingId = existing?.id ?? (await createBooking(checkout.id, user));
  return { status: "booked", bookingId, setCookie: user ? null : await rememberGuestBooking(request, bookingId) };
}

/** The booking's customer, an admin, or the browser that made it before anyone claimed it. */
async function mayOpenBooking(
  request: Request,
  booking: { id: string; customerId: string | null },
  user: SessionUser | null,
) {
  if (user?.role === "admin") return true;
  if (booking.customerId) return booking.customerId === user?.id;
  const session = await getSession(request);
  return guestIds(session.get(GUEST_BOOKINGS_KEY)).includes(booking.id);
}

async function createBooking(quoteId: string, user: SessionUser | null): Promise<string> {
  const priced = await pricedQuote(quoteId);
  if (!priced) throw new Error(`Quote ${quoteId} vanished`);
  const { quote, price } = priced;
  for (let attempt = 0; ; attempt++) {
    try {
      const booking = await db.booking.create({
        data: {
          reference: bookingReference(),
          quoteId: quote.id,
          customerId: user?.id ?? null,
          customerName: user?.username ?? null,
          customerEmail: user?.email ?? null,
          ...moveColumns(price),
          ...bookingPriceColumns(price),
          legTenths: quote.legTenths,
          items: {
            create: quote.items.map(({ id: _id, quoteId: _quoteId, ...item }) => item),
          },
          stops: {
            create: quote.stops.map(({ id: _id, quoteId: _quoteId, ...stop }) => stop),
          },
        },
        select: { id: true },
      });
      return booking.id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another request booked this quote at the same moment: that booking is the one.
      const raced = await db.booking.findUnique({ where: { quoteId: quote.id }, select: { id: true } });
      if (raced) return raced.id;
      if (attempt >= 5) throw error; // a reference collision five times running is not luck
    }
  }
}

async function rememberGuestBooking(request: Request, bookingId: string) {
  const session = await getSession(request);
  const ids = guestIds(session.get(GUEST_BOOKINGS_KEY));
  session.set(GUEST_BOOKINGS_KEY, [bookingId, ...ids.filter((id) => id !== bookingId)].slice(0, MAX_GUEST_BOOKINGS));
  return sessionStorage.commitSession(session);
}

function guestIds(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}

/** What bookingView needs besides the booking's own columns. */
export const BOOKING_VIEW_INCLUDE = {
  items: { orderBy: { position: "asc" } },
  stops: { orderBy: { position: "asc" } },
  discountCode: { select: { code: true, percent: true } },
  // Which providers took the money (a sandbox payment is a test payment: PAYMENTS_SANDBOX).
  payments: { where: { status: "succeeded", refundOfId: null }, select: { provider: true } },
} satisfies Prisma.BookingInclude;

/**
 * The booking if this caller may see it: its customer, an admin, or (before anyone has
 * claimed it) the browser that made it. Everyone else gets null, as for an unknown id.
 */
export async function findBookingFor(request: Request, bookingId: string | null | undefined, user: SessionUser | null) {
  if (!bookingId || bookingId.length > 64) return null;
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    include: BOOKING_VIEW_INCLUDE,
  });
  if (!booking) return null;
  return (await mayOpenBooking(request, booking, user)) ? booking : null;
}

export type BookingRecord = NonNullable<Awaited<ReturnType<typeof findBookingFor>>>;

/** The signed-in customer becomes the booking's customer when they start paying for it. */
export async function claimBooking(booking: BookingRecord, user: SessionUser) {
  if (booking.customerId) return booking;
  await db.booking.updateMany({ where: { id: booking.id, customerId: null }, data: { customerId: user.id } });
  return { ...booking, customerId: user.id };
}

/** What the checkout, confirmation, receipt and e-mail show: display-ready, no secrets. */
/** The breakdown lines saved with the booking when it was priced (pricing module's lines). */
export function savedBreakdown(booking: { breakdown: unknown }): BreakdownLine[] {
  return (booking.breakdown as BreakdownLine[] | null) ?? [];
}

export function bookingView(booking: BookingRecord): BookingView {
  const lines = customerBreakdown(savedBreakdown(booking), booking);
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    paymentState: booking.paymentState,
    pickupAddress: booking.pickupAddress,
    deliveryAddress: booking.deliveryAddress,
    moveDate: isoDateOf(booking.moveDate),
    driverFound: booking.driverId !== null,
    moveDateText: formatCalendarDate(booking.moveDate, "full"),
    moveTime: booking.moveTime,
    vanSize: booking.vanSize,
    van: VAN_LABELS[booking.vanSize as VanSize],
    helpers: booking.helpers,
    helpersText: helpersText(booking.helpers),
    distance: formatDistance(booking.distanceTenths / 10),
    estimatedTime: estimatedTimeText(booking.estimatedHours),
    customerName: booking.customerName ?? "",
    customerEmail: booking.customerEmail ?? "",
    customerPhone: booking.customerPhone ?? "",
    textUpdates: booking.textUpdates,
    specialRequirements: booking.specialRequirements ?? "",
    breakdown: lines.map((line) => ({
      key: line.key,
      label: line.label,
      amount: formatPounds(line.amountPence),
      note: line.note,
      partOfAbove: line.partOfAbove,
    })),
    totalPence: booking.finalPrice,
    total: formatPounds(booking.finalPrice),
    originalTotal: booking.originalPrice !== booking.finalPrice ? formatPounds(booking.originalPrice) : null,
    discount:
      booking.discountCode && booking.discountPercent
        ? { code: booking.discountCode.code, percent: booking.discountPercent }
        : null,
    items: booking.items.map((item) => ({ name: item.name, quantity: item.quantity })),
    stops: booking.stops.map(stopView),
    legs: routeLegs(routePoints(booking), booking.legTenths),
    cover: coverView(booking.declaredValue),
    paid: booking.paymentState === "paid",
    /** Paid in the built-in sandbox: no real money moved (a local demo, or a staging site). */
    testPayment: booking.payments.some((payment) => payment.provider === "sandbox"),
    cancelled: booking.status === "cancelled",
  };
}
