// The admin's bookings as read: the searchable list, the dashboard's recent bookings, and one
// booking's page with its history. The pages and the JSON API both call these.
import {
  BOOKING_STATUS_LABELS,
  canReschedule,
  PAYMENT_STATE_LABELS,
  type BookingStatusValue,
} from "~/domain/booking-status";
import { offerWave } from "~/domain/dispatch";
import { formatPounds, penceToPounds } from "~/domain/money";
import { stepHistoryText } from "~/domain/offline-queue";
import { PAYMENT_PROVIDER_LABELS, PAYMENT_STATUS_LABELS } from "~/domain/payments";
import { countOf, extraStopsText } from "~/domain/plural";
import { routeLegs, routePoints, stopView } from "~/domain/route-stops";
import { TRACKING_STATUS_LABELS, type TrackingStatusValue } from "~/domain/tracking";
import { isoDateOf } from "~/domain/uk-calendar";
import { formatCalendarDate, formatUkDateTime } from "~/domain/uk-datetime";
import { helpersText, VAN_LABELS } from "~/domain/vans";
import { auditTrail } from "~/server/platform/audit.server";
import { db } from "~/server/platform/db.server";
import { ADMIN_PAGE_SIZE, pageInfo } from "~/server/platform/pagination.server";
import { runningTotals, totalOf } from "~/server/platform/running-totals.server";
import type { AdminBookingRow } from "~/views/admin";
import type { Prisma } from "../../../generated/prisma/client";

// One query per list: the customer's and driver's names come in the same select, not per row.
export const BOOKING_ROW_SELECT = {
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
  // The stops' ids, not Prisma's _count: that counts the whole table's rows in a subquery.
  stops: { select: { id: true } },
} satisfies Prisma.BookingSelect;

/** A booking's row, and for an open job how many drivers it is offered to (withOfferCounts). */
export type BookingRowRecord = Prisma.BookingGetPayload<{ select: typeof BOOKING_ROW_SELECT }> & { offered?: number };

type BookingRowColumns = Omit<BookingRowRecord, "customer" | "driver" | "stops" | "offered">;

/**
 * These bookings' rows, in the order of `ids`, with their people, stops and offer counts in one
 * statement: a list page asks this, and Prisma would read the customers, drivers, stops and
 * offers in four more round trips. An open job's `offered` is how many drivers have it.
 */
async function bookingRowsByIds(ids: string[]): Promise<BookingRowRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<
    (BookingRowColumns & {
      customerUsername: string | null;
      customerAccountEmail: string | null;
      driverId: string | null;
      driverName: string | null;
      stopIds: string[];
      offered: number | null;
    })[]
  >`
    SELECT b."id", b."reference", b."createdAt", b."status"::text AS "status", b."paymentState"::text AS "paymentState",
           b."trackingStatus"::text AS "trackingStatus", b."pickupAddress", b."deliveryAddress", b."moveDate",
           b."moveTime", b."vanSize"::text AS "vanSize", b."distanceTenths", b."finalPrice", b."customerName",
           b."customerEmail", b."openedAt", b."needsDriverAt", b."takenAt", b."driverId",
           u."username" AS "customerUsername", u."email" AS "customerAccountEmail", d."name" AS "driverName",
           ARRAY(SELECT s."id" FROM "BookingStop" s WHERE s."bookingId" = b."id") AS "stopIds",
           CASE WHEN b."openedAt" IS NOT NULL AND b."driverId" IS NULL
             THEN (SELECT count(*)::int FROM "DispatchOffer" o WHERE o."bookingId" = b."id") END AS "offered"
    FROM "Booking" b
    LEFT JOIN "User" u ON u."id" = b."customerId"
    LEFT JOIN "Driver" d ON d."id" = b."driverId"
    WHERE b."id" = ANY(${ids})`;
  const byId = new Map(
    rows.map(({ customerUsername, customerAccountEmail, driverId, driverName, stopIds, offered, ...row }) => [
      row.id,
      {
        ...row,
        customer: customerUsername !== null ? { username: customerUsername, email: customerAccountEmail ?? "" } : null,
        driver: driverId !== null ? { id: driverId, name: driverName ?? "" } : null,
        stops: stopIds.map((id) => ({ id })),
        ...(offered !== null ? { offered } : {}),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

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
    stopsText: extraStopsText(row.stops.length),
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
  const open = `open since ${formatUkDateTime(row.openedAt)}; offered to ${countOf(row.offered ?? 0, "driver")} (wave ${wave})`;
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
    db.booking
      .findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip: (page - 1) * take,
        take,
        select: { id: true },
      })
      .then((page) => bookingRowsByIds(page.map((row) => row.id))),
    // Without a search, the running totals count them (every booking, or those of a status).
    searchTerm?.trim()
      ? db.booking.count({ where })
      : runningTotals().then((totals) => totalOf(totals, status ? `bookings:${status}` : "bookings:")),
  ]);
  return { rows, page: pageInfo(total, { page, take }) };
}

/** The dashboard's newest bookings. */
export async function recentBookings(limit = 5) {
  const newest = await db.booking.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true },
  });
  return bookingRowsByIds(newest.map((row) => row.id));
}

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
  const [booking, trail, steps, offered] = await Promise.all([
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
          select: {
            id: true,
            position: true,
            type: true,
            address: true,
            floorAccess: true,
            liftAvailable: true,
            doneAt: true,
          },
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
    db.dispatchOffer.count({ where: { bookingId: id } }),
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
    ...bookingRow({ ...booking, offered }),
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
