// The e-mail that confirms a cancellation and states its refund (plain text first, with a
// simple HTML copy, as the booking e-mails do). Queued with the cancellation, composed by the
// message queue's worker (server/messages).
import type { CancellationOffer, CancellationRefund } from "~/domain/cancellation";
import { formatPounds } from "~/domain/money";
import { db } from "~/server/platform/db.server";
import { escapeHtml, type Email } from "~/server/platform/email.server";
import { absoluteUrl, env } from "~/server/platform/env.server";

/** The refund in words, once it is done. */
export function refundDoneText(offer: Pick<CancellationOffer, "kind" | "refundPence" | "paidPence">) {
  if (offer.kind === "unpaid") return "Nothing had been paid for this booking, so there is nothing to refund.";
  const amount = formatPounds(offer.refundPence);
  if (offer.kind === "full")
    return `We have refunded ${amount} in full, because you cancelled more than 24 hours before your move.`;
  return `We have refunded ${amount}, half of the ${formatPounds(offer.paidPence)} you paid, because you cancelled less than 24 hours before your move.`;
}

export async function composeCancellation({
  bookingId,
  offer,
}: {
  bookingId: string;
  offer: CancellationRefund;
}): Promise<Email | null> {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: {
      reference: true,
      customerName: true,
      customerEmail: true,
      customer: { select: { username: true, email: true } },
    },
  });
  const to = booking?.customerEmail ?? booking?.customer?.email;
  if (!booking || !to) return null;
  const name = booking.customerName ?? booking.customer?.username ?? "";
  const { reference } = booking;
  const refund = refundDoneText(offer);
  const timing =
    offer.kind === "unpaid"
      ? []
      : [
          "The money goes back to the card or PayPal account you paid with; banks usually take 5 to 10 working days to show it.",
        ];
  const bookingsUrl = absoluteUrl("/bookings");
  const text = [
    `Hello ${name || "there"},`,
    "",
    `Your booking ${reference} with ${env.BRAND_NAME} is cancelled.`,
    "",
    refund,
    ...timing,
    "",
    `Your bookings: ${bookingsUrl}`,
    `Questions? Call ${env.SUPPORT_PHONE} or write to ${env.SUPPORT_EMAIL}.`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(name || "there")},</p>`,
    `<p>Your booking <strong>${escapeHtml(reference)}</strong> with ${escapeHtml(env.BRAND_NAME)} is cancelled.</p>`,
    `<p>${escapeHtml(refund)}</p>`,
    ...timing.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(bookingsUrl)}">Your bookings</a></p>`,
    `<p>Questions? Call ${escapeHtml(env.SUPPORT_PHONE)} or write to ${escapeHtml(env.SUPPORT_EMAIL)}.</p>`,
  ].join("\n");
  return { to, subject: `Booking cancelled: ${reference}`, text, html };
}
