// Cover chosen at checkout (docs/PRICING.md v3): the unpaid booking priced again from its quote with
// the new declared value (or standard cover), any discount kept. The payment is always for the
// booking's price on the server, so the browser only ever names the declared value.
import { applyDiscount, PricingInputError, withCover, type PriceResult } from "~/domain/pricing";
import { COVER_CHOICE_MESSAGES } from "~/schemas/checkout-messages";
import { db } from "~/server/platform/db.server";
import { bookingPriceColumns } from "~/server/quotes/price-columns";
import { pricedQuote } from "~/server/quotes/quotes.server";

/** A booking's price from its quote, with the booking's own cover and discount. */
export function bookingPrice(
  quotePrice: PriceResult,
  { declaredValue, discount }: { declaredValue: number | null; discount?: { percent: number; code: string } | null },
): PriceResult {
  const covered = withCover(quotePrice, declaredValue);
  return discount ? applyDiscount(covered, discount.percent, discount.code) : covered;
}

export type CoverChoiceResult = { ok: true; price: PriceResult } | { ok: false; field?: string; message: string };

/** Extended cover for `declaredValue` (whole pounds), or standard cover for null, on an unpaid booking of this customer. */
export async function chooseBookingCover(
  bookingId: string,
  customerId: string,
  declaredValue: number | null,
): Promise<CoverChoiceResult> {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: { customerId: true, paymentState: true, status: true, quoteId: true },
  });
  if (
    !booking?.quoteId ||
    booking.customerId !== customerId ||
    booking.paymentState !== "unpaid" ||
    booking.status === "cancelled"
  )
    return { ok: false, message: COVER_CHOICE_MESSAGES.notPayable };
  const priced = await pricedQuote(booking.quoteId);
  if (!priced) return { ok: false, message: COVER_CHOICE_MESSAGES.notPayable };
  try {
    // The booking's row is locked while it is priced, so a discount applied at the same moment
    // waits, and the price written is the one for both.
    return await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "Booking" WHERE "id" = ${bookingId} FOR UPDATE`;
      const discount = await tx.discountCode.findFirst({ where: { bookingId }, select: { percent: true, code: true } });
      const price = bookingPrice(priced.price, { declaredValue, discount });
      const { count } = await tx.booking.updateMany({
        where: { id: bookingId, paymentState: "unpaid" },
        data: bookingPriceColumns(price),
      });
      if (count === 0) return { ok: false as const, message: COVER_CHOICE_MESSAGES.notPayable };
      return { ok: true as const, price };
    });
  } catch (error) {
    if (error instanceof PricingInputError) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}
