// Discount codes (docs/decisions/009-discount-codes.md, docs/PRICING.md): a signed-in customer is offered the code of their
// tier (by previous paid bookings), one code per tier, valid 30 days from when it was first
// offered, used once. Applying it at checkout reprices the booking with the pricing module.
import {
  discountExpiry,
  discountTierByCode,
  discountTierFor,
  discountUnusableReason,
  normaliseDiscountCode,
} from "~/domain/discounts";
import { formatUkDate } from "~/domain/uk-datetime";
import { DISCOUNT_MESSAGES } from "~/schemas/checkout";
import { db } from "~/server/platform/db.server";
import { bookingPriceColumns } from "~/server/quotes/price-columns";
import { pricedQuote } from "~/server/quotes/quotes.server";
import { Prisma } from "../../../generated/prisma/client";
import { bookingPrice } from "./booking-cover.server";

async function paidBookingsCount(customerId: string) {
  return db.booking.count({ where: { customerId, paymentState: "paid" } });
}

/** The customer's code for their tier, issued the first time it is asked for. */
export async function discountOfferFor(customerId: string) {
  const tier = discountTierFor(await paidBookingsCount(customerId));
  // One code per customer and tier (a unique key): the first offer issues it, at once or not.
  // (createMany's skipDuplicates is INSERT … ON CONFLICT DO NOTHING: two first offers at once
  // issue one code, and neither fails.)
  await db.discountCode.createMany({
    data: [{ customerId, code: tier.code, percent: tier.percent, expiresAt: discountExpiry(new Date()) }],
    skipDuplicates: true,
  });
  const code = await db.discountCode.findUniqueOrThrow({ where: { customerId_code: { customerId, code: tier.code } } });
  return {
    code: code.code,
    percent: code.percent,
    expiresAt: code.expiresAt,
    /** "24 December 2026": worded here, so the date formatter stays out of the browser's code. */
    expiresText: formatUkDate(code.expiresAt, "long"),
    usable: discountUnusableReason(code) === null,
  };
}

/**
 * The thank-you offer on a move's tracker, unless the customer complained about that move (a
 * damage claim, a problem report, a support request): a discount is never offered beside a
 * complaint, nor right after one is sent.
 */
export async function discountOfferOnTracker(customerId: string, bookingId: string) {
  const complaints = await db.supportRequest.count({ where: { bookingId, userId: customerId } });
  return complaints > 0 ? null : discountOfferFor(customerId);
}

export type ApplyDiscountResult = { ok: true; code: string; percent: number } | { ok: false; message: string };

/**
 * Applies a typed code to an unpaid booking of this customer. A code is one customer's and
 * one booking's: applied to another booking, it moves there and the first is priced again
 * without it.
 */
export async function applyDiscountCode(
  bookingId: string,
  customerId: string,
  typed: string,
): Promise<ApplyDiscountResult> {
  const tier = discountTierByCode(typed);
  if (!tier) return { ok: false, message: DISCOUNT_MESSAGES.invalid };
  const offer = await discountOfferFor(customerId);
  if (offer.code !== normaliseDiscountCode(typed)) return { ok: false, message: DISCOUNT_MESSAGES.notYours };
  const booking = await db.booking.findUnique({ where: { id: bookingId } });
  if (
    !booking ||
    booking.customerId !== customerId ||
    booking.paymentState !== "unpaid" ||
    booking.status === "cancelled" ||
    !booking.quoteId
  ) {
    return { ok: false, message: DISCOUNT_MESSAGES.notPayable };
  }
  const priced = await pricedQuote(booking.quoteId);
  if (!priced) return { ok: false, message: DISCOUNT_MESSAGES.notPayable };
  // Where the code is now decides which booking loses it; if another apply moves it in the
  // meantime, the transaction sees that and this apply starts over.
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await db.discountCode.findUnique({
      where: { customerId_code: { customerId, code: offer.code } },
      select: { bookingId: true },
    });
    const previousId = current?.bookingId && current.bookingId !== booking.id ? current.bookingId : null;
    const previousPrice = previousId ? await undiscountedPrice(previousId) : null;
    try {
      const result = await db.$transaction(
        async (tx): Promise<ApplyDiscountResult | "moved"> => {
          // The code's row stays locked until this transaction ends, so applies of one code
          // take turns, and two bookings never both carry it.
          const [code] = await tx.$queryRaw<LockedCode[]>`
            SELECT "id", "code", "percent", "bookingId", "usedAt", "expiresAt" FROM "DiscountCode"
            WHERE "customerId" = ${customerId} AND "code" = ${offer.code} FOR UPDATE`;
          if (!code) return { ok: false, message: DISCOUNT_MESSAGES.invalid };
          const unusable = discountUnusableReason(code);
          if (unusable === "used") return { ok: false, message: DISCOUNT_MESSAGES.used };
          if (unusable === "expired") return { ok: false, message: DISCOUNT_MESSAGES.expired };
          if ((code.bookingId ?? null) !== (current?.bookingId ?? null)) return "moved";
          if (previousId && previousPrice) {
            await tx.booking.updateMany({
              where: { id: previousId, paymentState: "unpaid" },
              data: bookingPriceColumns(previousPrice),
            });
          }
          await tx.discountCode.update({ where: { id: code.id }, data: { bookingId: booking.id } });
          // The booking's cover as it is now (its row locked: a cover chosen meanwhile waits).
          const [cover] = await tx.$queryRaw<{ declaredValue: number | null }[]>`
            SELECT "declaredValue" FROM "Booking" WHERE "id" = ${booking.id} FOR UPDATE`;
          const price = bookingPrice(priced.price, {
            declaredValue: cover?.declaredValue ?? null,
            discount: { percent: code.percent, code: code.code },
          });
          // Only a booking still unpaid takes the discount (a payment may have landed meanwhile).
          const repriced = await tx.booking.updateMany({
            where: { id: booking.id, paymentState: "unpaid" },
            data: bookingPriceColumns(price),
          });
          if (repriced.count === 0) throw new DiscountRefused(DISCOUNT_MESSAGES.notPayable);
          return { ok: true, code: code.code, percent: code.percent };
        },
        { maxWait: 10_000, timeout: 10_000 },
      );
      if (result !== "moved") return result;
    } catch (error) {
      if (error instanceof DiscountRefused) return { ok: false, message: error.message };
      // A deadlock, a write conflict or no connection in time: say so, never a 500.
      if (error instanceof Prisma.PrismaClientKnownRequestError && ["P2034", "P2028"].includes(error.code))
        return { ok: false, message: DISCOUNT_MESSAGES.busy };
      throw error;
    }
  }
  return { ok: false, message: DISCOUNT_MESSAGES.busy };
}

/** A booking's price without any discount (its quote priced again), or null if it has none. */
async function undiscountedPrice(bookingId: string) {
  const previous = await db.booking.findUnique({
    where: { id: bookingId },
    select: { quoteId: true, paymentState: true, declaredValue: true },
  });
  if (!previous?.quoteId || previous.paymentState !== "unpaid") return null;
  const priced = await pricedQuote(previous.quoteId);
  return priced ? bookingPrice(priced.price, { declaredValue: previous.declaredValue }) : null;
}

type LockedCode = {
  id: string;
  code: string;
  percent: number;
  bookingId: string | null;
  usedAt: Date | null;
  expiresAt: Date;
};

/** Rolls the apply back with a message for the customer. */
class DiscountRefused extends Error {}

/** Once the booking is paid, its code is spent. */
export async function spendDiscountCode(bookingId: string, client: Prisma.TransactionClient | typeof db = db) {
  await client.discountCode.updateMany({ where: { bookingId, usedAt: null }, data: { usedAt: new Date() } });
}
