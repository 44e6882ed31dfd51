// Discount codes (DECISIONS.md, PRICING.md): a signed-in customer is offered the code of their
// tier (by previous paid bookings), one code per tier, valid 30 days from when it was first
// offered, used once. Applying it at checkout reprices the booking with the pricing module.
import { discountExpiry, discountTierByCode, discountTierFor, discountUnusableReason, normaliseDiscountCode } from "~/domain/discounts";
import { applyDiscount } from "~/domain/pricing";
import { DISCOUNT_MESSAGES } from "~/schemas/checkout";
import { db } from "./db.server";
import { bookingPriceColumns } from "./price-columns";
import { pricedQuote } from "./quotes.server";

export async function paidBookingsCount(customerId: string) {
  return db.booking.count({ where: { customerId, paymentState: "paid" } });
}

/** The customer's code for their tier, issued the first time it is asked for. */
export async function discountOfferFor(customerId: string) {
  const tier = discountTierFor(await paidBookingsCount(customerId));
  const existing = await db.discountCode.findFirst({ where: { customerId, code: tier.code }, orderBy: { issuedAt: "asc" } });
  const code =
    existing ??
    (await db.discountCode.create({ data: { customerId, code: tier.code, percent: tier.percent, expiresAt: discountExpiry(new Date()) } }));
  return { code: code.code, percent: code.percent, expiresAt: code.expiresAt, usable: discountUnusableReason(code) === null };
}

export type ApplyDiscountResult = { ok: true; code: string; percent: number } | { ok: false; message: string };

/**
 * Applies a typed code to an unpaid booking of this customer. A code is one customer's and
 * one booking's: applied to another booking, it moves there and the first is priced again
 * without it.
 */
export async function applyDiscountCode(bookingId: string, customerId: string, typed: string): Promise<ApplyDiscountResult> {
  const tier = discountTierByCode(typed);
  if (!tier) return { ok: false, message: DISCOUNT_MESSAGES.invalid };
  const offer = await discountOfferFor(customerId);
  if (offer.code !== normaliseDiscountCode(typed)) return { ok: false, message: DISCOUNT_MESSAGES.notYours };
  const code = await db.discountCode.findFirst({ where: { customerId, code: offer.code }, orderBy: { issuedAt: "asc" } });
  if (!code) return { ok: false, message: DISCOUNT_MESSAGES.invalid };
  const unusable = discountUnusableReason(code);
  if (unusable === "used") return { ok: false, message: DISCOUNT_MESSAGES.used };
  if (unusable === "expired") return { ok: false, message: DISCOUNT_MESSAGES.expired };

  const booking = await db.booking.findUnique({ where: { id: bookingId } });
  if (!booking || booking.customerId !== customerId || booking.paymentState !== "unpaid" || booking.status === "cancelled" || !booking.quoteId) {
    return { ok: false, message: DISCOUNT_MESSAGES.notPayable };
  }
  const priced = await pricedQuote(booking.quoteId);
  if (!priced) return { ok: false, message: DISCOUNT_MESSAGES.notPayable };

  await db.$transaction(async (tx) => {
    if (code.bookingId && code.bookingId !== booking.id) {
      const previous = await tx.booking.findUnique({ where: { id: code.bookingId }, select: { id: true, quoteId: true, paymentState: true } });
      const previousQuote = previous?.quoteId && previous.paymentState === "unpaid" ? await pricedQuote(previous.quoteId) : null;
      if (previous && previousQuote) await tx.booking.update({ where: { id: previous.id }, data: bookingPriceColumns(previousQuote.price) });
    }
    await tx.discountCode.update({ where: { id: code.id }, data: { bookingId: booking.id } });
    await tx.booking.update({ where: { id: booking.id }, data: bookingPriceColumns(applyDiscount(priced.price, code.percent, code.code)) });
  });
  return { ok: true, code: code.code, percent: code.percent };
}

/** Once the booking is paid, its code is spent. */
export async function spendDiscountCode(bookingId: string) {
  await db.discountCode.updateMany({ where: { bookingId, usedAt: null }, data: { usedAt: new Date() } });
}
