// The e-mails of the move day, to the booking's customer: a driver is assigned (name, van,
// phone), the reminder the day before (queued once per booking by the queue's schedule), the
// driver is on the way, and the move is completed with its proof. Each is queued in the
// transaction of the change it reports (server/messages) and composed here by the queue's
// worker, from the booking as it is then.
import { Buffer } from "node:buffer";
import { PROBLEM_REPORT_HOURS } from "~/domain/delivery-proof";
import { messageKey } from "~/domain/message-delivery";
import { stepDateTimeText } from "~/domain/offline-queue";
import { routeTextLines, stopTitle, stopView } from "~/domain/route-stops";
import { reminderMoveDate } from "~/domain/tracking";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { VAN_LABELS, type VanSize } from "~/domain/vans";
import { queueMessage } from "~/server/messages/outbox.server";
import { db } from "~/server/platform/db.server";
import { escapeHtml, type Email, type EmailAttachment } from "~/server/platform/email.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { readPhoto } from "~/server/uploads/photos.server";
import { trackerPath } from "~/utils/tracker-path";
import { queueCustomerText, sentLaterText } from "./move-day-texts.server";

const moveDaySelect = {
  id: true,
  reference: true,
  pickupAddress: true,
  deliveryAddress: true,
  stops: {
    orderBy: { position: "asc" },
    select: { position: true, type: true, address: true, floorAccess: true, liftAvailable: true },
  },
  moveDate: true,
  moveTime: true,
  customerName: true,
  customerEmail: true,
  customer: { select: { username: true, email: true } },
  driver: { select: { name: true, phone: true, vanType: true } },
} as const;

type MoveDayBooking = NonNullable<Awaited<ReturnType<typeof findMoveDayBooking>>>;

function findMoveDayBooking(bookingId: string) {
  return db.booking.findUnique({ where: { id: bookingId }, select: moveDaySelect });
}

const moveDateText = (booking: MoveDayBooking) =>
  `${formatCalendarDate(booking.moveDate, "full")} at ${booking.moveTime}`;

const driverLines = (booking: MoveDayBooking) =>
  booking.driver
    ? [
        `Driver: ${booking.driver.name}`,
        `Van: ${VAN_LABELS[booking.driver.vanType as VanSize] ?? booking.driver.vanType}`,
        `Driver's phone: ${booking.driver.phone}`,
      ]
    : [];

/** One e-mail to the booking's customer: a greeting, the lines, the tracker link, support. */
function toCustomer(
  booking: MoveDayBooking,
  {
    subject,
    lead,
    lines,
    attachments,
  }: { subject: string; lead: string; lines: string[]; attachments?: EmailAttachment[] },
): Email | null {
  const to = booking.customerEmail ?? booking.customer?.email;
  if (!to) return null;
  const name = booking.customerName ?? booking.customer?.username ?? "there";
  const trackerUrl = absoluteUrl(trackerPath(booking.id));
  const support = `Questions? Call ${env.SUPPORT_PHONE} or write to ${env.SUPPORT_EMAIL}.`;
  const text = [
    `Hello ${name},`,
    "",
    lead,
    "",
    ...lines,
    "",
    `Follow your move: ${trackerUrl}`,
    support,
    "",
    `The ${env.BRAND_NAME} team`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    `<p><a href="${escapeHtml(trackerUrl)}">Follow your move</a></p>`,
    `<p>${escapeHtml(support)}</p>`,
  ].join("\n");
  return { to, subject: `${subject}: ${booking.reference}`, text, html, attachments };
}

const bookingLines = (booking: MoveDayBooking) => [
  `Booking reference: ${booking.reference}`,
  `Moving date: ${moveDateText(booking)}`,
  ...routeTextLines({ ...booking, stops: booking.stops.map(stopView) }),
];

export async function composeDriverAssigned({ bookingId }: { bookingId: string }) {
  const booking = await findMoveDayBooking(bookingId);
  if (!booking?.driver) return null;
  return toCustomer(booking, {
    subject: "Your driver",
    lead: `${booking.driver.name} will do your move. You can call them on the day, and chat with them from the tracker.`,
    lines: [...driverLines(booking), ...bookingLines(booking)],
  });
}

/** The driver gave the job back before the day: another driver is being found. */
export async function composeDriverDropped({ bookingId }: { bookingId: string }) {
  const booking = await findMoveDayBooking(bookingId);
  if (!booking || booking.driver) return null;
  return toCustomer(booking, {
    subject: "We are finding you another driver",
    lead:
      "The driver we assigned to your move can no longer do it. Your booking and its price stay as they are: " +
      "we are assigning another driver and will e-mail you their details.",
    lines: bookingLines(booking),
  });
}

/** An admin put the move to another day or time, at the customer's request. */
export async function composeMoveRescheduled({ bookingId, from }: { bookingId: string; from: string }) {
  const booking = await findMoveDayBooking(bookingId);
  if (!booking) return null;
  return toCustomer(booking, {
    subject: "Your move's new date",
    lead: `Your move is now on ${moveDateText(booking)} (it was ${from}). Its price stays as it is.`,
    lines: [...bookingLines(booking), ...driverLines(booking)],
  });
}

export async function composeOnTheWay({ bookingId, etaMinutes }: { bookingId: string; etaMinutes: number | null }) {
  const booking = await findMoveDayBooking(bookingId);
  if (!booking?.driver) return null;
  const eta = etaMinutes ? ` They expect to reach the pickup address in about ${etaMinutes} minutes.` : "";
  // Set off while the driver had no signal: when they did, and when we heard.
  const at = await sentLaterText(bookingId, "en_route");
  return toCustomer(booking, {
    subject: "Your driver is on the way",
    lead: `${booking.driver.name}${at ? ` set off${at} and` : ""} is on the way to ${booking.pickupAddress}.${eta}`,
    lines: [...driverLines(booking), `Booking reference: ${booking.reference}`],
  });
}

export async function composeMoveCompleted({ bookingId }: { bookingId: string }) {
  const booking = await findMoveDayBooking(bookingId);
  if (!booking) return null;
  const proof = await proofsForEmail(bookingId, booking.stops);
  return toCustomer(booking, {
    subject: "Your move is complete",
    lead: `Your move is complete. Thank you for moving with ${env.BRAND_NAME}! The proof of delivery is below, with its photos attached.`,
    lines: [...bookingLines(booking), ...proof.lines, proof.reportLine],
    attachments: proof.attachments,
  });
}

/**
 * Every proof of delivery of the move in words, in route order (each drop-off stop's, then the
 * final delivery's), with all their photos (already resized, so small) attached.
 */
async function proofsForEmail(bookingId: string, stops: MoveDayBooking["stops"]) {
  const proofs = await db.deliveryProof.findMany({
    where: { bookingId },
    include: { photos: { orderBy: { createdAt: "asc" } } },
  });
  // Stop 0 is the final delivery: last on the route.
  proofs.sort((a, b) => (a.stop || Infinity) - (b.stop || Infinity));
  const reportLine = `Something wrong? You can report a problem from the tracker for ${PROBLEM_REPORT_HOURS} hours.`;
  const attachments: EmailAttachment[] = [];
  const lines: string[] = [];
  for (const proof of proofs) {
    const stop = stops.find((candidate) => candidate.position === proof.stop);
    const prefix = stop ? `stop-${stop.position}-photo` : "delivery-photo";
    for (const [index, photo] of proof.photos.entries()) {
      const stored = await readPhoto(photo.storageKey);
      if (!stored) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
      attachments.push({
        filename: `${prefix}-${index + 1}.${photo.mimeType === "image/png" ? "png" : "jpg"}`,
        content: Buffer.concat(chunks),
        contentType: photo.mimeType,
      });
    }
    if (proofs.length > 1)
      lines.push(stop ? `${stopTitle(stop.position, stop.type)}, ${stop.address}:` : "Final delivery:");
    lines.push(
      `Delivered: ${stepDateTimeText(proof.happenedAt, proof.createdAt)}`,
      `Received by: ${proof.recipientName}`,
      proof.signatureKey
        ? "Signature: signed on the driver's screen"
        : `Signature: typed as ${proof.signedName ?? proof.recipientName}`,
      `Damage noted: ${proof.damageNotes ?? "none"}`,
      `Photos: ${proof.photos.length} (attached, and on the tracker)`,
    );
  }
  return { lines, reportLine, attachments };
}

/**
 * Tomorrow's moves get their reminder, from 10:00 UK time today (the queue's schedule asks every
 * 15 minutes). Each booking is claimed (reminderSentAt) in the transaction that queues its
 * message, so two runs never queue one twice. Returns how many were queued.
 */
export async function queueDayBeforeReminders(now = new Date()) {
  const moveDate = reminderMoveDate(now);
  if (!moveDate) return 0;
  const due = await db.booking.findMany({
    where: {
      moveDate: new Date(`${moveDate}T00:00:00Z`),
      reminderSentAt: null,
      status: { in: ["pending", "assigned"] },
      paymentState: "paid",
    },
    select: { id: true },
    take: 500,
  });
  let queued = 0;
  for (const booking of due) {
    const claimed = await db.$transaction(async (tx) => {
      const { count } = await tx.booking.updateMany({
        where: { id: booking.id, reminderSentAt: null },
        data: { reminderSentAt: now },
      });
      if (count === 0) return false;
      await queueCustomerText(tx, "text-day-before", booking.id, moveDate);
      return queueMessage(
        tx,
        "day-before-reminder",
        { bookingId: booking.id },
        { key: messageKey("day-before-reminder", booking.id, moveDate), bookingId: booking.id },
      );
    });
    if (claimed) queued += 1;
  }
  return queued;
}

export async function composeDayBeforeReminder({ bookingId }: { bookingId: string }) {
  const booking = await findMoveDayBooking(bookingId);
  if (!booking) return null;
  const driver = booking.driver
    ? driverLines(booking)
    : ["We are choosing your driver now; the tracker shows them as soon as they are assigned."];
  return toCustomer(booking, {
    subject: "Your move is tomorrow",
    lead: "A reminder: your move is tomorrow. Please have everything ready to load, and keep your phone on.",
    lines: [...bookingLines(booking), ...driver],
  });
}
