// The admin's changes to a booking: its status, its date, its driver (given, taken back), the
// move day's steps when a driver cannot press them. The pages and the JSON API both call these;
// every change writes its audit row in the same transaction.
import {
  BOOKING_STATUS_LABELS,
  canReschedule,
  DRIVER_ASSIGNABLE_STATUSES,
  type BookingStatusValue,
} from "~/domain/booking-status";
import { messageKey } from "~/domain/message-delivery";
import { type TrackingStatusValue } from "~/domain/tracking";
import { isoDateOf } from "~/domain/uk-calendar";
import { formatCalendarDate } from "~/domain/uk-datetime";
import { ADMIN_BOOKING_MESSAGES, RECORD_ID_PATTERN, type AdminBookingAction } from "~/schemas/admin-bookings";
import { BOOKING_ROW_SELECT, type BookingRowRecord } from "~/server/admin/bookings.server";
import { queueCustomerText, queueDriverText } from "~/server/bookings/move-day-texts.server";
import { closeOffers, markOffersStale, openForDrivers, reofferJob } from "~/server/bookings/open-jobs.server";
import { applyTrackingStep } from "~/server/bookings/tracking.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { recordAudit } from "~/server/platform/audit.server";
import { db } from "~/server/platform/db.server";
import { createId } from "~/server/platform/ids.server";
import { publishLiveEvent, publishOfferChange } from "~/server/platform/live.server";
import type { ToastInput } from "~/utils/toast";
import type { Prisma } from "../../../generated/prisma/client";

/** The booking's row, locked until the transaction ends, so "from" in the audit is what it was. */
async function lockBooking(tx: Prisma.TransactionClient, bookingId: string) {
  const rows = await tx.$queryRaw<{ status: BookingStatusValue; driverId: string | null }[]>`
    select "status"::text as "status", "driverId" from "Booking" where "id" = ${bookingId} for update`;
  return rows[0] ?? null;
}

export type StatusUpdateResult =
  { status: "updated" | "unchanged"; booking: BookingRowRecord } | { status: "not_found" };

/** An admin sets any of the five statuses (docs/decisions/007-booking-status-payment-state-tracking.md). Cancelling stamps cancelledAt. */
export async function updateBookingStatus(
  adminId: string,
  bookingId: string,
  status: BookingStatusValue,
): Promise<StatusUpdateResult> {
  const result = await db.$transaction(async (tx): Promise<StatusUpdateResult> => {
    const current = await lockBooking(tx, bookingId);
    if (!current) return { status: "not_found" };
    if (current.status === status) {
      return {
        status: "unchanged",
        booking: await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, select: BOOKING_ROW_SELECT }),
      };
    }
    const booking = await tx.booking.update({
      where: { id: bookingId },
      data: { status, cancelledAt: status === "cancelled" ? new Date() : null },
      select: BOOKING_ROW_SELECT,
    });
    await recordAudit(
      {
        actorId: adminId,
        action: "booking.status",
        targetType: "Booking",
        targetId: bookingId,
        details: { from: current.status, to: status },
      },
      tx,
    );
    // Its driver, if it has one, hears by text that the job is cancelled.
    if (status === "cancelled" && current.driverId) {
      const driver = await tx.driver.findUnique({ where: { id: current.driverId }, select: { id: true, phone: true } });
      if (driver) await queueDriverText(tx, "text-job-cancelled", bookingId, driver, createId());
    }
    return { status: "updated", booking };
  });
  // Open trackers show the change at once.
  if (result.status === "updated") await publishLiveEvent({ bookingId, kind: "booking" });
  return result;
}

export type RescheduleResult =
  | { ok: true; changed: boolean; reference: string; whenText: string; offeredTo?: string[] }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Puts a move to another day or time, at the customer's request, until it starts
 * (canReschedule); the price stays as paid. The day-before reminder goes again for the new
 * day. The customer hears by e-mail and its driver by text, committed with the change.
 */
export async function rescheduleBooking(
  adminId: string,
  bookingId: string,
  change: { moveDate: string; moveTime: string; reason: string },
): Promise<RescheduleResult> {
  const result = await db.$transaction(async (tx): Promise<RescheduleResult> => {
    if (!(await lockBooking(tx, bookingId)))
      return { ok: false, status: 404, message: ADMIN_BOOKING_MESSAGES.bookingNotFound };
    const booking = await tx.booking.findUniqueOrThrow({
      where: { id: bookingId },
      select: {
        reference: true,
        status: true,
        trackingStatus: true,
        moveDate: true,
        moveTime: true,
        driver: { select: { id: true, phone: true } },
      },
    });
    if (!canReschedule(booking.status, booking.trackingStatus))
      return { ok: false, status: 409, message: ADMIN_BOOKING_MESSAGES.notReschedulable };
    const when = (date: Date, time: string) => `${formatCalendarDate(date, "full")} at ${time}`;
    const moveDate = new Date(`${change.moveDate}T00:00:00Z`);
    const whenText = when(moveDate, change.moveTime);
    if (isoDateOf(booking.moveDate) === change.moveDate && booking.moveTime === change.moveTime)
      return { ok: true, changed: false, reference: booking.reference, whenText };
    const from = when(booking.moveDate, booking.moveTime);
    await tx.booking.update({
      where: { id: bookingId },
      data: { moveDate, moveTime: change.moveTime, reminderSentAt: null },
    });
    await recordAudit(
      {
        actorId: adminId,
        action: "booking.reschedule",
        targetType: "Booking",
        targetId: bookingId,
        details: { from, to: whenText, reason: change.reason },
      },
      tx,
    );
    const event = createId();
    await queueMessage(
      tx,
      "move-rescheduled",
      { bookingId, from },
      { key: messageKey("move-rescheduled", bookingId, event), bookingId },
    );
    if (booking.driver) await queueDriverText(tx, "text-job-changed", bookingId, booking.driver, event);
    // Another day or time changes who may take it: an open job is offered again, a driver's own
    // offers are worked out again.
    await markOffersStale(tx, [booking.driver?.id]);
    const offeredTo = await reofferJob(tx, bookingId);
    return { ok: true, changed: true, reference: booking.reference, whenText, offeredTo };
  });
  if (result.ok && result.changed) {
    await publishLiveEvent({ bookingId, kind: "booking" });
    await publishOfferChange({ bookingId, change: "closed" }, result.offeredTo ?? []);
  }
  return result;
}

export type UnassignResult = { ok: true; reference: string } | { ok: false; status: 404 | 409; message: string };

/**
 * Takes the driver off a job that has not started: it goes back to pending and opens to drivers
 * again; the driver is texted that it is no longer theirs.
 */
export async function unassignDriver(adminId: string, bookingId: string): Promise<UnassignResult> {
  const result = await db.$transaction(async (tx): Promise<UnassignResult> => {
    const current = await lockBooking(tx, bookingId);
    if (!current) return { ok: false, status: 404, message: ADMIN_BOOKING_MESSAGES.bookingNotFound };
    const booking = await tx.booking.findUniqueOrThrow({
      where: { id: bookingId },
      select: { reference: true, trackingStatus: true, driver: { select: { id: true, name: true, phone: true } } },
    });
    if (!booking.driver || current.status !== "assigned" || !["assigned", null].includes(booking.trackingStatus))
      return { ok: false, status: 409, message: ADMIN_BOOKING_MESSAGES.notUnassignable };
    await tx.booking.update({
      where: { id: bookingId },
      data: { driverId: null, status: "pending", trackingStatus: null, takenAt: null },
    });
    await openForDrivers(tx, bookingId);
    await markOffersStale(tx, [booking.driver.id]);
    await recordAudit(
      {
        actorId: adminId,
        action: "booking.unassign",
        targetType: "Booking",
        targetId: bookingId,
        details: { driverId: booking.driver.id, driverName: booking.driver.name },
      },
      tx,
    );
    await queueDriverText(tx, "text-job-cancelled", bookingId, booking.driver, createId());
    return { ok: true, reference: booking.reference };
  });
  if (result.ok) await publishLiveEvent({ bookingId, kind: "booking" });
  return result;
}

export type AssignResult =
  | { status: "assigned" | "unchanged"; booking: BookingRowRecord; offeredTo?: string[] }
  | { status: "not_found" | "driver_not_approved" | "driver_disabled" | "not_assignable" };

/**
 * Gives a booking an approved driver. A pending booking becomes assigned, and the customer's
 * tracker shows "assigned" (a tracking event, as the driver's own updates are). The customer
 * gets an e-mail with the driver's name, van and phone.
 */
export async function assignDriver(adminId: string, bookingId: string, driverId: string): Promise<AssignResult> {
  const result = await db.$transaction(async (tx): Promise<AssignResult> => {
    const current = await lockBooking(tx, bookingId);
    if (!current) return { status: "not_found" };
    const driver = await tx.driver.findUnique({
      where: { id: driverId },
      select: { id: true, name: true, phone: true, approvalStatus: true, user: { select: { isActive: true } } },
    });
    if (!driver || driver.approvalStatus !== "approved") return { status: "driver_not_approved" };
    // A driver whose account is disabled cannot sign in to see the job (dispatch skips them too).
    if (driver.user && !driver.user.isActive) return { status: "driver_disabled" };
    if (!DRIVER_ASSIGNABLE_STATUSES.includes(current.status)) return { status: "not_assignable" };
    if (current.driverId === driverId) {
      return {
        status: "unchanged",
        booking: await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, select: BOOKING_ROW_SELECT }),
      };
    }
    const nextStatus: BookingStatusValue = current.status === "pending" ? "assigned" : current.status;
    const tracking = nextStatus === "assigned";
    const booking = await tx.booking.update({
      where: { id: bookingId },
      // An admin's assignment closes the job's offer to drivers.
      data: {
        driverId,
        status: nextStatus,
        openedAt: null,
        needsDriverAt: null,
        ...(tracking ? { trackingStatus: "assigned" as const } : {}),
      },
      select: BOOKING_ROW_SELECT,
    });
    if (tracking)
      await tx.trackingEvent.create({
        data: { bookingId, status: "assigned", createdById: adminId, note: "Driver assigned" },
      });
    const offeredTo = await closeOffers(tx, bookingId);
    await markOffersStale(tx, [driverId, current.driverId]);
    await recordAudit(
      {
        actorId: adminId,
        action: "booking.assign_driver",
        targetType: "Booking",
        targetId: bookingId,
        details: {
          driverId,
          driverName: driver.name,
          fromDriverId: current.driverId,
          from: current.status,
          to: nextStatus,
        },
      },
      tx,
    );
    // The customer hears by e-mail and text, the driver by text, all committed with the change.
    const assignment = createId();
    await queueMessage(
      tx,
      "driver-assigned",
      { bookingId },
      { key: messageKey("driver-assigned", bookingId, driverId, assignment), bookingId },
    );
    await queueCustomerText(tx, "text-driver-assigned", bookingId, assignment);
    await queueDriverText(tx, "text-job-assigned", bookingId, driver, assignment);
    // A driver the job was taken from hears that it is no longer theirs.
    if (current.driverId) {
      const previous = await tx.driver.findUnique({
        where: { id: current.driverId },
        select: { id: true, phone: true },
      });
      if (previous) await queueDriverText(tx, "text-job-cancelled", bookingId, previous, assignment);
    }
    return { status: "assigned", booking, offeredTo };
  });
  if (result.status === "assigned") {
    await publishLiveEvent({ bookingId, kind: "booking" });
    // An admin's assignment closes the offer: to the drivers who had it, another driver took it.
    await publishOfferChange(
      { bookingId, change: "taken" },
      (result.offeredTo ?? []).filter((id) => id !== driverId),
    );
  }
  return result;
}

/**
 * The page's row forms, answered as a toast: ok, or why not. Messages are the product's
 * ("Failed to update booking status") with the reason beneath.
 */
export async function runAdminBookingAction(
  adminId: string,
  action: AdminBookingAction,
): Promise<{ ok: boolean; httpStatus: number; toast: ToastInput }> {
  const failed = (title: string, description: string, httpStatus: number) => ({
    ok: false,
    httpStatus,
    toast: { title, description, variant: "error" as const },
  });
  if (action.intent === "status") {
    const result = await updateBookingStatus(adminId, action.bookingId, action.status);
    if (result.status === "not_found")
      return failed(ADMIN_BOOKING_MESSAGES.updateFailed, ADMIN_BOOKING_MESSAGES.bookingNotFound, 404);
    const label = BOOKING_STATUS_LABELS[result.booking.status];
    return result.status === "unchanged"
      ? {
          ok: true,
          httpStatus: 200,
          toast: {
            title: ADMIN_BOOKING_MESSAGES.statusUnchanged,
            description: `${result.booking.reference} is already ${label}.`,
          },
        }
      : {
          ok: true,
          httpStatus: 200,
          toast: {
            title: ADMIN_BOOKING_MESSAGES.statusUpdated,
            description: `${result.booking.reference} is now ${label}.`,
            variant: "success",
          },
        };
  }
  const result = await assignDriver(adminId, action.bookingId, action.driverId);
  switch (result.status) {
    case "not_found":
      return failed(ADMIN_BOOKING_MESSAGES.assignFailed, ADMIN_BOOKING_MESSAGES.bookingNotFound, 404);
    case "driver_not_approved":
      return failed(ADMIN_BOOKING_MESSAGES.assignFailed, ADMIN_BOOKING_MESSAGES.driverNotApproved, 400);
    case "driver_disabled":
      return failed(ADMIN_BOOKING_MESSAGES.assignFailed, ADMIN_BOOKING_MESSAGES.driverDisabled, 409);
    case "not_assignable":
      return failed(ADMIN_BOOKING_MESSAGES.assignFailed, ADMIN_BOOKING_MESSAGES.notAssignable, 409);
    default: {
      const { reference, driver } = result.booking;
      const description =
        result.status === "unchanged"
          ? `${driver?.name} was already assigned to ${reference}.`
          : `${driver?.name} is now assigned to ${reference}.`;
      return {
        ok: true,
        httpStatus: 200,
        toast: { title: ADMIN_BOOKING_MESSAGES.driverAssigned, description, variant: "success" },
      };
    }
  }
}

export type TrackingOverrideResult =
  { ok: true; changed: boolean; reference: string } | { ok: false; status: 404 | 409; message: string };

const OVERRIDE_REFUSALS = {
  notFound: { ok: false, status: 404, message: ADMIN_BOOKING_MESSAGES.bookingNotFound },
  noDriver: { ok: false, status: 409, message: ADMIN_BOOKING_MESSAGES.trackingNeedsDriver },
  cancelled: { ok: false, status: 409, message: ADMIN_BOOKING_MESSAGES.trackingCancelled },
} as const;

/**
 * An admin sets a job's tracking status by hand, past the driver's one-step-on-the-day rule
 * (a missed day, a driver without signal), with the reason in the audit log. The step's writes
 * are the driver's own (applyTrackingStep): the booking follows, the driver's completed count
 * stays true, and a completed job moved back keeps its earning (held), rating and invoice.
 */
export async function overrideTracking(
  adminId: string,
  bookingId: string,
  to: TrackingStatusValue,
  reason: string,
): Promise<TrackingOverrideResult> {
  if (!RECORD_ID_PATTERN.test(bookingId)) return OVERRIDE_REFUSALS.notFound;
  const result = await db.$transaction(async (tx): Promise<TrackingOverrideResult> => {
    const current = await lockBooking(tx, bookingId);
    if (!current) return OVERRIDE_REFUSALS.notFound;
    if (current.status === "cancelled") return OVERRIDE_REFUSALS.cancelled;
    if (!current.driverId) return OVERRIDE_REFUSALS.noDriver;
    const booking = await tx.booking.findUniqueOrThrow({
      where: { id: bookingId },
      select: {
        id: true,
        reference: true,
        trackingStatus: true,
        driverId: true,
        driverShare: true,
        moveDate: true,
        moveTime: true,
      },
    });
    const from = booking.trackingStatus ?? "assigned";
    if (from === to) return { ok: true, changed: false, reference: booking.reference };
    // The row is locked: the step cannot find it moved.
    await applyTrackingStep(tx, { booking, to, byUserId: adminId, now: new Date() });
    await recordAudit(
      {
        actorId: adminId,
        action: "booking.tracking_override",
        targetType: "Booking",
        targetId: bookingId,
        details: { from, to, reason },
      },
      tx,
    );
    return { ok: true, changed: true, reference: booking.reference };
  });
  if (result.ok && result.changed) await publishLiveEvent({ bookingId, kind: "tracking" });
  return result;
}

// ---------------------------------------------------------------- one booking
