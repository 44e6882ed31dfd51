// The e-mails of the move day, to the booking's customer: a driver is assigned (name, van,
// phone), the reminder the day before (sent once, by the one instance that has the
// housekeeping round), the driver is on the way, and the move is completed with its proof.
// Each is sent after the change it reports has been saved; a failed send is logged, never
// undoes the change.
import { Buffer } from "node:buffer";
import { PROBLEM_REPORT_HOURS } from "~/domain/delivery-proof";
import { routeTextLines, stopTitle, stopView } from "~/domain/route-stops";
import { reminderMoveDate } from "~/domain/tracking";
import { formatCalendarDate, formatUkDateTime } from "~/domain/uk-datetime";
import { VAN_LABELS, type VanSize } from "~/domain/vans";
import { db } from "~/server/platform/db.server";
import { escapeHtml, sendEmail, type EmailAttachment } from "~/server/platform/email.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { readPhoto } from "~/server/uploads/photos.server";
import { trackerPath } from "~/utils/tracker-path";

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
async function sendToCustomer(
  booking: MoveDayBooking,
  {
    subject,
    lead,
    lines,
    attachments,
  }: { subject: string; lead: string; lines: string[]; attachments?: EmailAttachment[] },
) {
  const to = booking.customerEmail ?? booking.customer?.email;
  if (!to) return false;
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
  await sendEmail({ to, subject: `${subject}: ${booking.reference}`, text, html, attachments });
  return true;
}

const bookingLines = (booking: MoveDayBooking) => [
  `Booking reference: ${booking.reference}`,
  `Moving date: ${moveDateText(booking)}`,
  ...routeTextLines({ ...booking, stops: booking.stops.map(stopView) }),
];

export async function sendDriverAssignedEmail(bookingId: string) {
  const booking = await findMoveDayBooking(bookingId);
  if (!booking?.driver) return false;
  return sendToCustomer(booking, {
    subject: "Your driver",
    lead: `${booking.driver.name} will do your move. You can call them on the day, and chat with them from the tracker.`,
    lines: [...driverLines(booking), ...bookingLines(booking)],
  });
}

/** The driver gave the job back before the day: another driver is being found. */
export async function sendDriverDroppedEmail(bookingId: string) {
  const booking = await findMoveDayBooking(bookingId);
  if (!booking || booking.driver) return false;
  return sendToCustomer(booking, {
    subject: "We are finding you another driver",
    lead:
      "The driver we assigned to your move can no longer do it. Your booking and its price stay as they are: " +
      "we are assigning another driver and will e-mail you their details.",
    lines: bookingLines(booking),
  });
}

export async function sendOnTheWayEmail(bookingId: string, etaMinutes: number | null) {
  const booking = await findMoveDayBooking(bookingId);
  if (!booking?.driver) return false;
  const eta = etaMinutes ? ` They expect to reach the pickup address in about ${etaMinutes} minutes.` : "";
  return sendToCustomer(booking, {
    subject: "Your driver is on the way",
    lead: `${booking.driver.name} is on the way to ${booking.pickupAddress}.${eta}`,
    lines: [...driverLines(booking), `Booking reference: ${booking.reference}`],
  });
}

export async function sendMoveCompletedEmail(bookingId: string) {
  const booking = await findMoveDayBooking(bookingId);
  if (!booking) return false;
  const proof = await proofsForEmail(bookingId, booking.stops);
  return sendToCustomer(booking, {
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
      `Delivered: ${formatUkDateTime(proof.createdAt)}`,
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
 * Tomorrow's moves get their reminder, from 10:00 UK time today. Each booking is claimed
 * (reminderSentAt) before its e-mail goes, so two runs never send one twice; a failed send
 * lets go of the claim, and the next round tries again. Returns how many were sent.
 */
export async function sendDayBeforeReminders(now = new Date()) {
  const moveDate = reminderMoveDate(now);
  if (!moveDate) return 0;
  const due = await db.booking.findMany({
    where: {
      moveDate: new Date(`${moveDate}T00:00:00Z`),
      reminderSentAt: null,
      status: { in: ["pending", "assigned"] },
      paymentState: "paid",
    },
    select: moveDaySelect,
    take: 500,
  });
  let sent = 0;
  for (const booking of due) {
    const claimed = await db.booking.updateMany({
      where: { id: booking.id, reminderSentAt: null },
      data: { reminderSentAt: now },
    });
    if (claimed.count === 0) continue;
    const driver = booking.driver
      ? driverLines(booking)
      : ["We are choosing your driver now; the tracker shows them as soon as they are assigned."];
    try {
      const mailed = await sendToCustomer(booking, {
        subject: "Your move is tomorrow",
        lead: "A reminder: your move is tomorrow. Please have everything ready to load, and keep your phone on.",
        lines: [...bookingLines(booking), ...driver],
      });
      if (mailed) sent += 1;
    } catch (error) {
      await db.booking.update({ where: { id: booking.id }, data: { reminderSentAt: null } });
      console.error("Could not send a day-before reminder", error instanceof Error ? error.message : error);
    }
  }
  return sent;
}

/** Sends an e-mail that reports a change already saved: a failure is logged, not thrown. */
export async function sendAfterTheFact(what: string, send: () => Promise<unknown>) {
  await send().catch((error) => console.error(`Could not send the ${what} e-mail`, error));
}
