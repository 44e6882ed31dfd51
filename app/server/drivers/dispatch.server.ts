// Self-dispatch: a paid booking without a driver is an open job; the drivers who may
// do it (domain/dispatch.ts) see it in their portal and take it, first come first served. An
// admin's assignment stays the override: it closes the offer.
import { DISPATCH_MESSAGES, jobWindow, needsADriver, offerWave } from "~/domain/dispatch";
import { messageKey } from "~/domain/message-delivery";
import { formatPounds } from "~/domain/money";
import { estimatedTimeText } from "~/domain/pricing";
import { isoDateOf, ukToday } from "~/domain/uk-calendar";
import { formatCalendarDate, formatUkDateTime } from "~/domain/uk-datetime";
import { helpersText, VAN_LABELS } from "~/domain/vans";
import { MAX_DAYS_OFF } from "~/schemas/driver-availability";
import { queueCustomerText } from "~/server/bookings/move-day-texts.server";
import { closeOffers, districtOfAddress, markOffersStale, OPEN_JOB, pointOf } from "~/server/bookings/open-jobs.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { db } from "~/server/platform/db.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { createId } from "~/server/platform/ids.server";
import { publishLiveEvent, publishOfferChange } from "~/server/platform/live.server";
import { hitRateLimit, type RateLimitRule } from "~/server/platform/rate-limit.server";
import { asOpenJob, driverFacts, lockDriver, openJobSelect, refusal } from "./dispatch-rules.server";
import { offerOpenJobs, recomputeOffersOf } from "./offers.server";

export type TakeResult =
  { ok: true; bookingId: string; reference: string } | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * "Take this job": the first eligible driver wins. The rules are checked inside the taking
 * transaction, under a lock on the driver (lockDriver), so five takes sent at once for five
 * jobs at the same hour win one; the others read the rule's sentence. The conditional update
 * is the gate between drivers: of any number pressing at once one changes the row, the rest
 * read that another driver took it. The customer then hears as after an admin's assignment.
 */
export async function takeJob(userId: string, bookingId: string, now = new Date()): Promise<TakeResult> {
  const driverRow = await db.driver.findUnique({ where: { userId }, select: { id: true, name: true } });
  if (!driverRow) return { ok: false, status: 403, message: DISPATCH_MESSAGES.notApproved };

  const outcome = await db.$transaction(
    async (tx): Promise<"gone" | "lost" | { refused: string } | { reference: string; offeredTo: string[] }> => {
      await lockDriver(tx, driverRow.id);
      const [driver, row] = await Promise.all([
        driverFacts(tx, userId, now),
        tx.booking.findFirst({ where: { id: bookingId, ...OPEN_JOB }, select: openJobSelect }),
      ]);
      if (!row) return "gone";
      const refused = refusal(driver!, row, now);
      if (refused) return { refused };
      const { count } = await tx.booking.updateMany({
        where: { id: bookingId, ...OPEN_JOB },
        data: {
          driverId: driverRow.id,
          status: "assigned",
          trackingStatus: "assigned",
          openedAt: null,
          needsDriverAt: null,
          takenAt: now,
        },
      });
      if (count === 0) return "lost";
      // The job leaves every list it was on; the taker's own offers are worked out again (a job
      // at the same time, or a day now full, is no longer theirs to take).
      const offeredTo = await closeOffers(tx, bookingId);
      await markOffersStale(tx, [driverRow.id]);
      await tx.trackingEvent.create({
        data: { bookingId, status: "assigned", createdById: userId, note: "Driver assigned" },
      });
      await tx.auditLog.create({
        data: {
          actorId: userId,
          action: "booking.taken",
          targetType: "Booking",
          targetId: bookingId,
          details: { driverId: driverRow.id, driverName: driverRow.name },
        },
      });
      // The customer hears exactly as after an admin's assignment.
      const assignment = createId();
      await queueMessage(
        tx,
        "driver-assigned",
        { bookingId },
        { key: messageKey("driver-assigned", bookingId, driverRow.id, assignment), bookingId },
      );
      await queueCustomerText(tx, "text-driver-assigned", bookingId, assignment);
      return { reference: row.reference, offeredTo };
    },
  );

  if (typeof outcome === "object" && "refused" in outcome) return { ok: false, status: 403, message: outcome.refused };
  if (typeof outcome === "object") {
    await publishLiveEvent({ bookingId, kind: "booking" });
    // Only the drivers who had it are told; the taker's page reloads with the answer.
    await publishOfferChange(
      { bookingId, change: "taken" },
      outcome.offeredTo.filter((id) => id !== driverRow.id),
    );
    return { ok: true, bookingId, reference: outcome.reference };
  }
  // Not open (any more): a second tap of the same driver racing the first is theirs either way.
  const mine = await takenBy(bookingId, driverRow.id);
  if (mine) return { ok: true, bookingId, reference: mine.reference };
  if (outcome === "lost") return { ok: false, status: 409, message: DISPATCH_MESSAGES.taken };
  const taken = await db.booking.count({ where: { id: bookingId, takenAt: { not: null }, driverId: { not: null } } });
  return taken
    ? { ok: false, status: 409, message: DISPATCH_MESSAGES.taken }
    : { ok: false, status: 404, message: DISPATCH_MESSAGES.notFound };
}

/** The job, if this driver took it: a second "take" (a double tap, a retry) is answered as the first. */
function takenBy(bookingId: string, driverId: string) {
  return db.booking.findFirst({
    where: { id: bookingId, driverId, takenAt: { not: null }, status: { not: "cancelled" } },
    select: { reference: true },
  });
}

/**
 * The dispatch queue's work, each minute and whenever a job opens: the jobs that are due are
 * offered to the drivers who may take them as their waves open (offers.server.ts: rows, e-mail and
 * text, each driver told live); a job open too long is flagged to admins once (needsADriver), by
 * e-mail to OPS_EMAIL.
 */
export async function runDispatch(now = new Date()) {
  const offered = await offerOpenJobs(now);
  const flagged = await flagJobsNeedingADriver(now);
  return { offered, flagged };
}

/** Open jobs not yet flagged: each one still open too close to its start is flagged, once. */
async function flagJobsNeedingADriver(now: Date) {
  const jobs = await db.booking.findMany({
    where: { ...OPEN_JOB, needsDriverAt: null, moveDate: { gte: new Date(`${ukToday(now)}T00:00:00Z`) } },
    select: { id: true, moveDate: true, moveTime: true, openedAt: true },
  });
  let flagged = 0;
  for (const job of jobs) {
    const asJob = { moveDate: isoDateOf(job.moveDate), moveTime: job.moveTime };
    if (!needsADriver(asJob, job.openedAt!, now)) continue;
    const wave = offerWave({ ...asJob }, job.openedAt!, now);
    flagged += await db.$transaction(async (tx) => {
      const { count } = await tx.booking.updateMany({
        where: { id: job.id, needsDriverAt: null },
        data: { needsDriverAt: now },
      });
      if (count === 0) return 0;
      await tx.auditLog.create({
        data: { action: "booking.needs_driver", targetType: "Booking", targetId: job.id, details: { wave } },
      });
      await queueMessage(
        tx,
        "needs-a-driver",
        { bookingId: job.id },
        { key: messageKey("needs-a-driver", job.id), bookingId: job.id, recipient: opsEmail() },
      );
      return 1;
    });
  }
  return flagged;
}

const opsEmail = () => env.OPS_EMAIL ?? env.SUPPORT_EMAIL;

/** The e-mail telling a driver of a job they may take: districts, date, window, share; no street. */
export async function composeJobOffer({ bookingId, driverId }: { bookingId: string; driverId: string }) {
  const [row, driver] = await Promise.all([
    db.booking.findFirst({ where: { id: bookingId, ...OPEN_JOB }, select: openJobSelect }),
    db.driver.findUnique({ where: { id: driverId }, select: { name: true, email: true, basePostcode: true } }),
  ]);
  // Taken or given meanwhile: nothing to announce.
  if (!row || !driver) return null;
  const { start, end } = jobWindow(asOpenJob(row));
  const brand = env.BRAND_NAME;
  return {
    to: driver.email,
    subject: `A new job for you: ${districtOfAddress(row.pickupAddress)} to ${districtOfAddress(row.deliveryAddress)}, ${formatCalendarDate(row.moveDate)}`,
    text: [
      `Hello ${driver.name},`,
      "",
      `A job you can take is open on ${brand}. The first driver to take it gets it.`,
      "",
      `When: ${formatCalendarDate(row.moveDate, "full")}, ${formatUkDateTime(start).slice(-5)} to ${formatUkDateTime(end).slice(-5)}`,
      `From ${districtOfAddress(row.pickupAddress)} to ${districtOfAddress(row.deliveryAddress)}`,
      `Van: ${VAN_LABELS[row.vanSize]}, ${helpersText(row.helpers)}; about ${estimatedTimeText(row.estimatedHours)}`,
      `Your share: ${formatPounds(row.driverShare)}`,
      "",
      `Take it: ${absoluteUrl("/driver")}`,
      "",
      `The ${brand} team`,
    ].join("\n"),
  };
}

/** To admins (OPS_EMAIL): a job still open too close to its start. */
export async function composeNeedsADriver({ bookingId }: { bookingId: string }) {
  const row = await db.booking.findUnique({
    where: { id: bookingId },
    select: { ...openJobSelect, driverId: true },
  });
  if (!row || row.driverId) return null;
  const offered = await db.dispatchOffer.count({ where: { bookingId } });
  return {
    to: opsEmail(),
    subject: `Needs a driver: ${row.reference}, ${formatCalendarDate(row.moveDate)} at ${row.moveTime}`,
    text: [
      `Booking ${row.reference} (${formatCalendarDate(row.moveDate, "full")} at ${row.moveTime}) has no driver yet.`,
      `It has been open to drivers since ${formatUkDateTime(row.openedAt ?? new Date())} and was offered to ${offered} of them.`,
      `${VAN_LABELS[row.vanSize]}, ${districtOfAddress(row.pickupAddress)} to ${districtOfAddress(row.deliveryAddress)}.`,
      "",
      `Assign a driver: ${absoluteUrl(`/admin/bookings/${row.id}`)}`,
    ].join("\n"),
  };
}

// ---------------------------------------------------------------- the driver's settings

/** The driver's dispatch settings and days off to come, for /driver/availability and the admins' card. */
export async function availabilityOf(driverId: string, now = new Date()) {
  const driver = await db.driver.findUniqueOrThrow({
    where: { id: driverId },
    select: { basePostcode: true, workingRadiusMiles: true, jobsPerDay: true, unavailableDates: true },
  });
  const today = ukToday(now);
  return {
    basePostcode: driver.basePostcode,
    workingRadiusMiles: driver.workingRadiusMiles,
    jobsPerDay: driver.jobsPerDay,
    daysOff: driver.unavailableDates
      .map(isoDateOf)
      .filter((date) => date >= today)
      .sort()
      .map((date) => ({ date, text: formatCalendarDate(date, "full") })),
  };
}

/**
 * A driver changes what they are offered at most this often: each change reads their offers
 * again, and a script saving in a loop must not keep the database busy.
 */
const AVAILABILITY_CHANGES: RateLimitRule = { name: "driver-availability", limit: 20, windowSeconds: 600 };

/** Counts one change of this driver's availability; false when they have made too many lately. */
export async function mayChangeAvailability(driverId: string) {
  return (await hitRateLimit(AVAILABILITY_CHANGES, driverId)).allowed;
}

/**
 * Saves where and how much the driver works, and works out their offers again: only this
 * driver's rows change and no other driver's page is told, so a driver saving in a loop cannot
 * make other drivers' lists reload.
 */
export async function saveAvailability(
  driverId: string,
  settings: { basePostcode: string; workingRadiusMiles: number; jobsPerDay: number },
  now = new Date(),
) {
  const base = pointOf(settings.basePostcode);
  await db.$transaction(async (tx) => {
    await lockDriver(tx, driverId); // not while one of their takes is checking the old settings
    await tx.driver.update({
      where: { id: driverId },
      data: { ...settings, baseLat: base?.[0] ?? null, baseLng: base?.[1] ?? null },
    });
    await recomputeOffersOf(tx, driverId, now);
  });
}

/** Adds or removes a day off; past days drop off as they pass. False when the list is full. */
export async function changeDayOff(driverId: string, intent: "add-day" | "remove-day", day: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    await lockDriver(tx, driverId); // read and written whole, one change at a time, never beside a take
    const driver = await tx.driver.findUniqueOrThrow({ where: { id: driverId }, select: { unavailableDates: true } });
    const today = ukToday(now);
    const days = new Set(driver.unavailableDates.map(isoDateOf).filter((date) => date >= today));
    if (intent === "add-day") days.add(day);
    else days.delete(day);
    if (days.size > MAX_DAYS_OFF) return false;
    await tx.driver.update({
      where: { id: driverId },
      data: { unavailableDates: [...days].sort().map((date) => new Date(`${date}T00:00:00Z`)) },
    });
    await recomputeOffersOf(tx, driverId, now);
    return true;
  });
}
