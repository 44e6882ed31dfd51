// The e-mails a booking sends its customer. Plain text first (every client shows it), with a
// simple HTML copy; the receipt is the same lines the confirmation page shows. Composed by the
// message queue's worker (server/messages) from the booking as it is then.
import { whatsNextSteps } from "~/domain/dispatch";
import { formatDistance } from "~/domain/distance";
import { COVER_PAGE_PATH } from "~/domain/goods-cover";
import { TEST_PAYMENT_NOTE } from "~/domain/payments";
import { breakdownText, customerBreakdown } from "~/domain/pricing";
import { routeTextLines } from "~/domain/route-stops";
import { ukToday } from "~/domain/uk-calendar";
import { db } from "~/server/platform/db.server";
import { escapeHtml, type Email } from "~/server/platform/email.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { BOOKING_VIEW_INCLUDE, bookingView, savedBreakdown } from "./bookings.server";

export async function composeBookingConfirmation({ bookingId }: { bookingId: string }): Promise<Email | null> {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    include: BOOKING_VIEW_INCLUDE,
  });
  if (!booking?.customerEmail) return null;
  const view = bookingView(booking);
  const whatsNext = whatsNextSteps({ driverFound: view.driverFound, moveDate: view.moveDate, today: ukToday() });
  const receiptUrl = absoluteUrl(`/booking-receipt?booking=${view.id}`);
  const details = [
    `Booking reference: ${view.reference}`,
    ...routeTextLines(view),
    `Moving date: ${view.moveDateText} at ${view.moveTime}`,
    `Van: ${view.van}`,
    `Estimated time: ${view.estimatedTime}`,
  ];
  const receipt = [
    ...breakdownText(customerBreakdown(savedBreakdown(booking), booking), { notes: true }),
    ...view.legs.map((leg, index) => `Leg ${index + 1}: ${leg.from} to ${leg.to}, ${formatDistance(leg.miles)}`),
    `Paid: ${view.total}${view.testPayment ? ` (${TEST_PAYMENT_NOTE})` : ""}`,
  ];
  const coverUrl = absoluteUrl(COVER_PAGE_PATH);
  const cover = [`${view.cover.name}: ${view.cover.limits}`, `What is covered and how to claim: ${coverUrl}`];
  const text = [
    `Hello ${view.customerName},`,
    "",
    `Thank you for booking with ${env.BRAND_NAME}. Your move is confirmed and paid.`,
    "",
    ...details,
    "",
    "Receipt",
    ...receipt,
    "",
    "Cover for your goods",
    ...cover,
    "",
    "What's Next",
    ...whatsNext.map((step, index) => `${index + 1}. ${step}`),
    "",
    `Your receipt online: ${receiptUrl}`,
    `Questions? Call ${env.SUPPORT_PHONE} or write to ${env.SUPPORT_EMAIL}.`,
  ].join("\n");
  const list = (lines: string[]) => `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;
  const html = [
    `<p>Hello ${escapeHtml(view.customerName)},</p>`,
    `<p>Thank you for booking with ${escapeHtml(env.BRAND_NAME)}. Your move is confirmed and paid.</p>`,
    list(details),
    "<h2>Receipt</h2>",
    list(receipt),
    "<h2>Cover for your goods</h2>",
    `<p>${escapeHtml(cover[0]!)} <a href="${escapeHtml(coverUrl)}">What is covered and how to claim</a></p>`,
    "<h2>What's Next</h2>",
    `<ol>${whatsNext.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ol>`,
    `<p><a href="${escapeHtml(receiptUrl)}">Your receipt online</a></p>`,
  ].join("\n");
  return { to: booking.customerEmail, subject: `Booking confirmed: ${view.reference}`, text, html };
}
