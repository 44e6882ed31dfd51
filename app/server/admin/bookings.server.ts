// The admin's bookings: the searchable list, the dashboard's recent
// bookings and pending drivers, a booking's status and driver, and its history. The pages
// and the JSON API both call these. Every change writes its audit row in the same transaction.
import {
  BOOKING_STATUS_LABELS,
  canReschedule,
  DRIVER_ASSIGNABLE_STATUSES,
  PAYMENT_STATE_LABELS,
  type BookingStatusValue,
} from "~/domain/booking-status";
import { offerWave } from "~/domain/dispatch";
import { stepHistoryText } from "~/domain/kept-actions";
import { messageKey } from "~/domain/message-delivery";
import { formatPounds, penceToPounds } from "~/domain/money";
import { PAYMENT_PROVIDER_LABELS, PAYMENT_STATUS_LABELS } from "~/domain/payments";
import { countOf, extraStopsText } from "~/domain/plural";
import { routeLegs, routePoints, stopView } from "~/domain/route-stops";
import { TRACKING_STATUS_LABELS, type TrackingStatusValue } from "~/domain/tracking";
import { isoDateOf } from "~/domain/uk-calendar";
import { formatCalendarDate, formatUkDateTime } from "~/domain/uk-datetime";
import { helpersText, VAN_LABELS } from "~/domain/vans";
import { ADMIN_BOOKING_MESSAGES, RECORD_ID_PATTERN, type AdminBookingAction } from "~/schemas/admin-bookings";
import { queueCustomerText, queueDriverText } from "~/server/bookings/move-day-texts.server";
import { openForDrivers } from "~/server/bookings/open-jobs.server";
import { applyTrackingStep } from "~/server/bookings/tracking.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { auditTrail, recordAudit } from "~/server/platform/audit.server";
import { db } from "~/server/platform/db.server";
import { createId } from "~/server/platform/ids.server";
import { publishLiveEvent, publishOpenJobsChanged } from "~/server/platform/live.server";
import { ADMIN_PAGE_SIZE, pageInfo } from "~/server/platform/pagination.server";
import type { ToastInput } from "~/utils/toast";
import type { AdminBookingRow } from "~/views/admin";
import type { Prisma } from "../../../generated/prisma/client";

// One query per list: the customer's and driver's names come in the same select, not per row.
const BOOKING_ROW_SELECT = {
  id: true,
  reference: true,
  createdAt: true,
  status: true,
  paymentState: true,
  trackingStatus: true,
  pickupAddress: true,
  deliveryAddress: true,
  moveDate: true,
  moveTime: true,
  vanSize: true,
  distanceTenths: true,
  finalPrice: true,
  customerName: true,
  customerEmail: true,
  customer: { select: { username: true, email: true } },
  driver: { select: { id: true, name: true } },
  openedAt: true,
  needsDriverAt: true,
  takenAt: true,
  _count: { select: { stops: true, offers: true } },
} satisfies Prisma.BookingSelect;

type BookingRowRecord = Prisma.BookingGetPayload<{ select: typeof BOOKING_ROW_SELECT }>;

/** The customer as the booking knows them: their account, else the details given at payment. */
function customerOf(row: BookingRowRecord) {
  const name = row.customer?.username ?? row.customerName;
  const email = row.customer?.email ?? row.customerEmail;
  return name || email ? { username: name ?? "", email: email ?? "" } : null;
}

/** A booking as the admin pages show it: plain strings, ready to render. */
export function bookingRow(row: BookingRowRecord): AdminBookingRow {
  return {
    id: row.id,
    reference: row.reference,
    createdText: formatUkDateTime(row.createdAt),
    status: row.status,
    statusLabel: BOOKING_STATUS_LABELS[row.status],
    paymentState: row.paymentState,
    paymentLabel: PAYMENT_STATE_LABELS[row.paymentState],
    trackingStatus: row.trackingStatus,
    pickupAddress: row.pickupAddress,
    deliveryAddress: row.deliveryAddress,
    stopsText: extraStopsText(row._count.stops),
    moveDateText: `${formatCalendarDate(row.moveDate)}, ${row.moveTime}`,
    van: VAN_LABELS[row.vanSize],
    priceText: formatPounds(row.finalPrice),
    customer: customerOf(row),
    driver: row.driver,
    dispatchText: dispatchText(row),
    needsDriver: Boolean(row.needsDriverAt && row.openedAt && !row.driver),
  };
}

/**
 * Where self-dispatch stands: "Open since 27 Nov 2026, 09:00; offered to 3 drivers
 * (wave 2)", "Needs a driver: open since …", "Taken by Dana Driver at 27 Nov 2026, 09:12"; null
 * when the booking was never open to drivers.
 */
function dispatchText(row: BookingRowRecord, now = new Date()) {
  if (row.driver && row.takenAt) return `Taken by ${row.driver.name} at ${formatUkDateTime(row.takenAt)}`;
  if (!row.openedAt || row.driver) return null;
  const wave = offerWave({ moveDate: isoDateOf(row.moveDate), moveTime: row.moveTime }, row.openedAt, now);
  const open = `open since ${formatUkDateTime(row.openedAt)}; offered to ${countOf(row._count.offers, "driver")} (wave ${wave})`;
  return row.needsDriverAt ? `Needs a driver: ${open}` : `${open[0]!.toUpperCase()}${open.slice(1)}`;
}

/** Open jobs flagged as needing a driver, for the dashboard. */
export function needsDriverCount() {
  return db.booking.count({ where: { needsDriverAt: { not: null }, openedAt: { not: null }, driverId: null } });
}

/** A booking in the JSON API: pounds, ISO dates. */
export function bookingJson(row: BookingRowRecord) {
  return {
    id: row.id,
    reference: row.reference,
    date: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    pickupAddress: row.pickupAddress,
    collectionAddress: row.pickupAddress,
    deliveryAddress: row.deliveryAddress,
    moveDate: isoDateOf(row.moveDate),
    moveTime: row.moveTime,
    distance: row.distanceTenths / 10,
    price: penceToPounds(row.finalPrice),
    van: VAN_LABELS[row.vanSize],
    vanSize: row.vanSize,
    status: row.status,
    paymentState: row.paymentState,
    trackingStatus: row.trackingStatus,
    driver: row.driver,
    customer: customerOf(row),
  };
}

// ---------------------------------------------------------------- lists

export type BookingFilters = { searchTerm?: string; status?: BookingStatusValue };

function bookingWhere({ searchTerm, status }: BookingFilters): Prisma.BookingWhereInput {
  const term = searchTerm?.trim();
  const contains = term ? { contains: term, mode: "insensitive" as const } : null;
  return {
    ...(status ? { status } : {}),
    ...(contains
      ? {
          OR: [
            { reference: contains },
            { customerName: contains },
            { customerEmail: contains },
            { pickupAddress: contains },
            { deliveryAddress: contains },
            { customer: { is: { OR: [{ username: contains }, { email: contains }] } } },
          ],
        }
      : {}),
  };
}

/** One page of bookings, newest first, matching the search term and status. */
export async function listBookings({
  searchTerm,
  status,
  page = 1,
  pageSize = ADMIN_PAGE_SIZE,
}: BookingFilters & { page?: number; pageSize?: number }) {
  const where = bookingWhere({ searchTerm, status });
  const take = pageSize;
  const [rows, total] = await Promise.all([
    db.booking.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * take,
      take,
      select: BOOKING_ROW_SELECT,
    }),
    db.booking.count({ where }),
  ]);
  return { rows, page: pageInfo(total, { page, take }) };
}

/** The dashboard's newest bookings. */
export function recentBookings(limit = 5) {
  return db.booking.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: BOOKING_ROW_SELECT,
  });
}

const PENDING_DRIVER_SELECT = {
  id: true,
  name: true,
  email: true,
  phone: true,
  experience: true,
  vanType: true,
  location: true,
  approvalStatus: true,
  ratingTenths: true,
  completedJobs: true,
  createdAt: true,
} satisfies Prisma.DriverSelect;

/** The dashboard's newest driver applications still waiting for a decision. */
export function pendingDrivers(limit = 5) {
  return db.driver.findMany({
    where: { approvalStatus: "pending" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: PENDING_DRIVER_SELECT,
  });
}

type PendingDriverRecord = Prisma.DriverGetPayload<{ select: typeof PENDING_DRIVER_SELECT }>;

/** A driver in the JSON API. */
export function driverJson(driver: PendingDriverRecord) {
  const { ratingTenths, createdAt, ...rest } = driver;
  return { ...rest, rating: ratingTenths === null ? null : ratingTenths / 10, createdAt: createdAt.toISOString() };
}

export function pendingDriverRow(driver: PendingDriverRecord) {
  return {
    id: driver.id,
    name: driver.name,
    location: driver.location,
    van: VAN_LABELS[driver.vanType],
    appliedText: formatUkDateTime(driver.createdAt),
  };
}

/** Drivers a booking may be given: approved ones only, by name. */
export function approvedDrivers() {
  return db.driver.findMany({
    where: { approvalStatus: "approved" },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 500,
    select: { id: true, name: true, location: true },
  });
}

// ---------------------------------------------------------------- changes

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
  | { ok: true; changed: boolean; reference: string; whenText: string }
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
    return { ok: true, changed: true, reference: booking.reference, whenText };
  });
  if (result.ok && result.changed) await publishLiveEvent({ bookingId, kind: "booking" });
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
  if (result.ok) {
    await publishLiveEvent({ bookingId, kind: "booking" });
    await publishOpenJobsChanged();
  }
  return result;
}

export type AssignResult =
  | { status: "assigned" | "unchanged"; booking: BookingRowRecord }
  | { status: "not_found" | "driver_not_approved" | "not_assignable" };

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
      select: { id: true, name: true, phone: true, approvalStatus: true },
    });
    if (!driver || driver.approvalStatus !== "approved") return { status: "driver_not_approved" };
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
    return { status: "assigned", booking };
  });
  if (result.status === "assigned") {
    await publishLiveEvent({ bookingId, kind: "booking" });
    await publishOpenJobsChanged(); // an admin's assignment closes the offer
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

/** What an audit row says, in words. */
function describeAuditEntry(action: string, details: unknown) {
  const info = (details && typeof details === "object" ? details : {}) as Record<string, unknown>;
  const label = (value: unknown) =>
    typeof value === "string" && value in BOOKING_STATUS_LABELS
      ? BOOKING_STATUS_LABELS[value as BookingStatusValue]
      : String(value ?? "?");
  if (action === "booking.status") return `Status changed from ${label(info.from)} to ${label(info.to)}`;
  if (action === "booking.tracking_override") {
    const tracking = (value: unknown) =>
      typeof value === "string" && value in TRACKING_STATUS_LABELS
        ? TRACKING_STATUS_LABELS[value as TrackingStatusValue]
        : String(value ?? "?");
    return `Tracking set by hand from ${tracking(info.from)} to ${tracking(info.to)}: ${String(info.reason ?? "")}`;
  }
  if (action === "booking.unassign")
    return `${typeof info.driverName === "string" ? info.driverName : "The driver"} taken off the job; open to drivers again`;
  if (action === "booking.taken")
    return `${typeof info.driverName === "string" ? info.driverName : "A driver"} took the job`;
  if (action === "booking.needs_driver") return "Flagged: still needs a driver";
  if (action === "booking.reschedule")
    return `Moved from ${String(info.from ?? "?")} to ${String(info.to ?? "?")}: ${String(info.reason ?? "")}`;
  if (action === "booking.refund") {
    const amount = typeof info.amountPence === "number" ? formatPounds(info.amountPence) : "?";
    return `Refunded ${amount}: ${String(info.reason ?? "")}`;
  }
  if (action === "booking.driver_dropped") {
    const who = typeof info.driverName === "string" ? info.driverName : "The driver";
    return `${who} dropped the job${typeof info.reason === "string" && info.reason ? `: ${info.reason}` : ""}`;
  }
  if (action === "booking.assign_driver") {
    const who = typeof info.driverName === "string" ? info.driverName : "A driver";
    const moved =
      info.from && info.to && info.from !== info.to ? ` (status ${label(info.from)} → ${label(info.to)})` : "";
    return `${who} assigned${moved}`;
  }
  return action;
}

function refundableText(payments: { status: string; amountPence: number; refundOfId: string | null }[]) {
  const charged = payments
    .filter((payment) => payment.status === "succeeded" && !payment.refundOfId)
    .reduce((sum, payment) => sum + payment.amountPence, 0);
  const refunded = payments
    .filter((payment) => payment.refundOfId)
    .reduce((sum, payment) => sum + payment.amountPence, 0);
  return charged - refunded > 0 ? formatPounds(charged - refunded) : null;
}

/** A booking with its details and history (the audit trail and the driver's steps, newest first); null if unknown. */
export async function bookingDetails(id: string) {
  const [booking, trail, steps] = await Promise.all([
    db.booking.findUnique({
      where: { id },
      select: {
        ...BOOKING_ROW_SELECT,
        customerPhone: true,
        specialRequirements: true,
        helpers: true,
        updatedAt: true,
        cancelledAt: true,
        legTenths: true,
        stops: {
          orderBy: { position: "asc" },
          select: { position: true, type: true, address: true, floorAccess: true, liftAvailable: true, doneAt: true },
        },
        payments: {
          orderBy: { createdAt: "desc" },
          take: 10,
          select: { id: true, provider: true, status: true, amountPence: true, createdAt: true, refundOfId: true },
        },
      },
    }),
    auditTrail("Booking", id),
    // The driver's own steps on the day (a take, an assignment and an admin's override are in the audit trail).
    db.trackingEvent.findMany({
      where: { bookingId: id, createdBy: { role: "driver" }, status: { not: "assigned" } },
      orderBy: { happenedAt: "desc" },
      take: 50,
      select: {
        id: true,
        status: true,
        stop: true,
        happenedAt: true,
        createdAt: true,
        phoneAt: true,
        phoneOnlineAt: true,
        createdBy: { select: { username: true } },
      },
    }),
  ]);
  if (!booking) return null;
  const history = [
    ...trail.map((entry) => ({
      id: entry.id,
      action: entry.action,
      details: entry.details,
      text: describeAuditEntry(entry.action, entry.details),
      by: entry.actor?.username ?? "Unknown",
      atText: formatUkDateTime(entry.createdAt),
      at: entry.createdAt.toISOString(),
    })),
    ...steps.map((step) => ({
      id: step.id,
      action: "booking.driver_step",
      details: null,
      text: step.stop === null ? TRACKING_STATUS_LABELS[step.status] : `Stop ${step.stop} done`,
      by: step.createdBy?.username ?? "Unknown",
      // When it happened, when it reached us if later, and the phone's own time when it was not believed.
      atText: stepHistoryText({
        happenedAt: step.happenedAt,
        receivedAt: step.createdAt,
        phoneAt: step.phoneAt,
        onlineAt: step.phoneOnlineAt,
      }),
      at: step.happenedAt.toISOString(),
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return {
    ...bookingRow(booking),
    customerPhone: booking.customerPhone,
    specialRequirements: booking.specialRequirements,
    helpersText: helpersText(booking.helpers),
    distanceText: `${(booking.distanceTenths / 10).toFixed(1)} miles`,
    stops: booking.stops.map(stopView),
    legs: routeLegs(routePoints(booking), booking.legTenths),
    updatedText: formatUkDateTime(booking.updatedAt),
    cancelledText: booking.cancelledAt ? formatUkDateTime(booking.cancelledAt) : null,
    /** The move's day and time as the reschedule form starts from them, while it may still move. */
    /** The driver may be taken off (the job opens to drivers again) until it starts. */
    unassignable:
      Boolean(booking.driver) && booking.status === "assigned" && (booking.trackingStatus ?? "assigned") === "assigned",
    reschedule: canReschedule(booking.status, booking.trackingStatus)
      ? { moveDate: isoDateOf(booking.moveDate), moveTime: booking.moveTime }
      : null,
    /** What is left to refund (charges less refunds), or null when nothing is. */
    refundable: refundableText(booking.payments),
    payments: booking.payments.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      status: payment.status,
      text: `${PAYMENT_PROVIDER_LABELS[payment.provider]}, ${PAYMENT_STATUS_LABELS[payment.status]}`,
      amountText: formatPounds(payment.amountPence),
      createdText: formatUkDateTime(payment.createdAt),
    })),
    history,
  };
}
