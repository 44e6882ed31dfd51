// The move day's texts, beside its e-mails: to the customer, a driver
// assigned (name, van), the day before, on the way (with the tracker's link), arrived, and the
// move completed (with the proof's link); to the driver, a job assigned, cancelled or changed
// (put to another day or time).
// A text is queued only to a number that can take texts (a mobile, domain/phone.ts) and did not
// reply STOP, and to a customer who did not turn texts off (text-consent.server.ts); a customer
// with a landline gets e-mail only. Composed by the queue's worker from the booking
// as it is then.
import { messageKey } from "~/domain/message-delivery";
import { sentLater, stepTimeText } from "~/domain/offline-queue";
import { normalisePhone } from "~/domain/phone";
import type { TrackingStatusValue } from "~/domain/tracking";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { VAN_LABELS, type VanSize } from "~/domain/vans";
import { claimNewsTitle, type ClaimNews } from "~/schemas/damage-claim-messages";
import { queueMessage, queueMessages, type QueuedMessage } from "~/server/messages/outbox.server";
import { customerWantsTexts, TEXT_CONSENT_SELECT } from "~/server/messages/text-consent.server";
import { optedOut } from "~/server/messages/twilio-webhooks.server";
import { db } from "~/server/platform/db.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import type { Text } from "~/server/platform/sms.server";
import { trackerPath } from "~/utils/tracker-path";
import type { Prisma } from "../../../generated/prisma/client";

export type CustomerTextKind =
  | "text-driver-assigned"
  | "text-day-before"
  | "text-on-the-way"
  | "text-arrived"
  | "text-move-completed"
  | "text-claim-news";
export type DriverTextKind = "text-job-assigned" | "text-job-cancelled" | "text-job-changed" | "text-job-offer";

const findBooking = (bookingId: string, client: Pick<typeof db, "booking"> | Prisma.TransactionClient = db) =>
  client.booking.findUnique({
    where: { id: bookingId },
    select: {
      id: true,
      reference: true,
      customerPhone: true,
      moveDate: true,
      moveTime: true,
      pickupAddress: true,
      driver: { select: { name: true, phone: true, vanType: true } },
      ...TEXT_CONSENT_SELECT,
    },
  });

/** A textable number: E.164 of a mobile, or null (none given, not valid, a landline). */
const textableNumber = (typed: string | null | undefined) => {
  const phone = typed ? normalisePhone(typed) : null;
  return phone?.canText ? phone.e164 : null;
};

/**
 * Queues a text to the booking's customer, when their number can take one; `event` makes its key,
 * `about` says what a claim's text is about.
 */
export async function queueCustomerText(
  tx: Prisma.TransactionClient,
  kind: CustomerTextKind,
  bookingId: string,
  event: string,
  about?: ClaimNews,
) {
  const booking = await findBooking(bookingId, tx);
  const to = textableNumber(booking?.customerPhone);
  if (!booking || !customerWantsTexts(booking) || !to || (await optedOut(to, tx))) return false;
  return queueMessage(
    tx,
    kind,
    { bookingId, ...(about ? { about } : {}) },
    { key: messageKey(kind, bookingId, event), bookingId, recipient: to },
  );
}

/** Queues a text to the booking's driver (as it is in `tx`), when their number can take one. */
export async function queueDriverText(
  tx: Prisma.TransactionClient,
  kind: DriverTextKind,
  bookingId: string,
  driver: { id: string; phone: string },
  event: string,
) {
  return (await queueMessages(tx, await driverTextMessages(tx, kind, event, [{ bookingId, driver }]))) === 1;
}

/**
 * The same text to many drivers, each about their job, as messages for queueMessages: one read
 * of the STOP list for all of them (queueDriverText is the case of one).
 */
export async function driverTextMessages(
  tx: Prisma.TransactionClient,
  kind: DriverTextKind,
  event: string,
  to: readonly { bookingId: string; driver: { id: string; phone: string } }[],
): Promise<QueuedMessage[]> {
  const numbered = to.flatMap((each) => {
    const number = textableNumber(each.driver.phone);
    return number ? [{ ...each, number }] : [];
  });
  if (numbered.length === 0) return [];
  const stopped = await tx.textOptOut.findMany({
    where: { phone: { in: [...new Set(numbered.map((each) => each.number))] } },
    select: { phone: true },
  });
  const stoppedNumbers = new Set(stopped.map((row) => row.phone));
  return numbered
    .filter((each) => !stoppedNumbers.has(each.number))
    .map(({ bookingId, driver, number }) => ({
      kind,
      refs: { bookingId, driverId: driver.id },
      key: messageKey(kind, bookingId, driver.id, event),
      bookingId,
      recipient: number,
    }));
}

const brand = () => env.BRAND_NAME;
const when = (booking: { moveDate: Date; moveTime: string }) =>
  `${formatCalendarDate(booking.moveDate, "full")} at ${booking.moveTime}`;

async function toCustomer(
  bookingId: string,
  body: (booking: NonNullable<Awaited<ReturnType<typeof findBooking>>>) => string | null,
) {
  const booking = await findBooking(bookingId);
  const to = textableNumber(booking?.customerPhone);
  // Texts turned off, or a STOP, since the text was queued: nothing is sent.
  if (!booking || !customerWantsTexts(booking) || !to || (await optedOut(to))) return null;
  const text = body(booking);
  return text ? ({ to, body: `${brand()}: ${text}` } satisfies Text) : null;
}

export const composeTextDriverAssigned = ({ bookingId }: { bookingId: string }) =>
  toCustomer(bookingId, (booking) =>
    booking.driver
      ? `${booking.driver.name} will do your move ${booking.reference} (${VAN_LABELS[booking.driver.vanType as VanSize] ?? booking.driver.vanType}).`
      : null,
  );

export const composeTextDayBefore = ({ bookingId }: { bookingId: string }) =>
  toCustomer(
    bookingId,
    (booking) =>
      `your move ${booking.reference} is tomorrow, ${when(booking)}. Follow it: ${absoluteUrl(trackerPath(booking.id))}`,
  );

/**
 * " at 14:02 (sent 14:19)" for a step the driver's phone sent later (more than 2 minutes),
 * for the customer's e-mail and text about it; "" when it reached us as it happened.
 */
export async function sentLaterText(bookingId: string, status: TrackingStatusValue) {
  const step = await db.trackingEvent.findFirst({
    where: { bookingId, status, stop: null },
    orderBy: { happenedAt: "desc" },
    select: { happenedAt: true, createdAt: true },
  });
  return step && sentLater(step.happenedAt, step.createdAt)
    ? ` at ${stepTimeText(step.happenedAt, step.createdAt)}`
    : "";
}

// A step the driver's phone sent later says when it happened: "has arrived at 14:02 (sent 14:19)".
export async function composeTextOnTheWay({ bookingId }: { bookingId: string }) {
  const at = await sentLaterText(bookingId, "en_route");
  return toCustomer(bookingId, (booking) =>
    booking.driver
      ? `${booking.driver.name}${at ? ` set off${at} and` : ""} is on the way to ${booking.pickupAddress}. Follow them: ${absoluteUrl(trackerPath(booking.id))}`
      : null,
  );
}

export async function composeTextArrived({ bookingId }: { bookingId: string }) {
  const at = await sentLaterText(bookingId, "arrived");
  return toCustomer(bookingId, (booking) => (booking.driver ? `${booking.driver.name} has arrived${at}.` : null));
}

export async function composeTextMoveCompleted({ bookingId }: { bookingId: string }) {
  const at = await sentLaterText(bookingId, "completed");
  return toCustomer(
    bookingId,
    (booking) =>
      `your move ${booking.reference} ${at ? `was completed${at}` : "is complete"}. The proof of delivery: ${absoluteUrl(`${trackerPath(booking.id)}#proof`)}`,
  );
}

/** A claim's offer, decision or payment: the e-mail's subject, and where to read it. */
export const composeTextClaimNews = ({ bookingId, about }: { bookingId: string; about: ClaimNews }) =>
  toCustomer(
    bookingId,
    (booking) =>
      `${claimNewsTitle(about, booking.reference)}. ${about.kind === "claim-offer" ? "See it and answer" : "Read it"}: ${absoluteUrl(`/bookings/${booking.id}/claim`)}`,
  );

async function toDriver(bookingId: string, driverId: string, body: (reference: string, whenText: string) => string) {
  const [booking, driver] = await Promise.all([
    findBooking(bookingId),
    db.driver.findUnique({ where: { id: driverId }, select: { phone: true } }),
  ]);
  const to = textableNumber(driver?.phone);
  if (!booking || !to || (await optedOut(to))) return null;
  return { to, body: `${brand()}: ${body(booking.reference, when(booking))}` } satisfies Text;
}

export const composeTextJobAssigned = ({ bookingId, driverId }: { bookingId: string; driverId: string }) =>
  toDriver(
    bookingId,
    driverId,
    (reference, whenText) => `job ${reference} is yours, ${whenText}. Details: ${absoluteUrl("/driver")}`,
  );

export const composeTextJobCancelled = ({ bookingId, driverId }: { bookingId: string; driverId: string }) =>
  toDriver(bookingId, driverId, (reference, whenText) => `job ${reference} (${whenText}) is cancelled.`);

export const composeTextJobChanged = ({ bookingId, driverId }: { bookingId: string; driverId: string }) =>
  toDriver(
    bookingId,
    driverId,
    (reference, whenText) => `job ${reference} has changed: it is now ${whenText}. Details: ${absoluteUrl("/driver")}`,
  );

/** A new job the driver may take: where, when and their share; no street until taken. */
export const composeTextJobOffer = ({ bookingId, driverId }: { bookingId: string; driverId: string }) =>
  toDriver(
    bookingId,
    driverId,
    (reference, whenText) => `a new job near you, ${reference}, ${whenText}. Take it: ${absoluteUrl("/driver")}`,
  );
