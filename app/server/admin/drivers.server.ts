// Driver vetting for admins: the applications list (every status, newest first, one page at a
// time) and the decision. Approving gives the driver an account (role driver, no password
// yet) or enables the one they have, links it to the application and e-mails a set-password
// link; declining disables a driver account. The page's action and
// POST /api/admin/drivers/:id/status both call decideDriver. Also the dashboard's pending
// applications and the drivers offered to an admin assigning a booking.
import { DRIVER_ASSIGNABLE_STATUSES } from "~/domain/booking-status";
import { boxAround, DROP_LIMIT, recentDrops, takingPausedUntil } from "~/domain/dispatch";
import { formatDistance, greatCircleMiles } from "~/domain/distance";
import { ON_TIME_GRACE_MINUTES, onTimeText } from "~/domain/driver-reliability";
import { messageKey } from "~/domain/message-delivery";
import { formatPounds } from "~/domain/money";
import { nationalPhone } from "~/domain/phone";
import type { LatLng } from "~/domain/postcode-districts";
import { ratingText } from "~/domain/ratings";
import { formatUkDate, formatUkDateTime } from "~/domain/uk-datetime";
import { VAN_LABELS, type VanSize } from "~/domain/vans";
import {
  ADMIN_DRIVER_MESSAGES,
  decisionToast,
  driverDecisionFormSchema,
  type DriverDecision,
} from "~/schemas/admin-drivers";
import { DOCUMENT_FIELDS, EXPERIENCE_OPTIONS } from "~/schemas/driver-application";
import { pointOf } from "~/server/bookings/open-jobs.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { balancesOf } from "~/server/payouts/payouts.server";
import { recordAudit } from "~/server/platform/audit.server";
import { db } from "~/server/platform/db.server";
import { ADMIN_PAGE_SIZE, pageInfo } from "~/server/platform/pagination.server";
import type { ToastInput } from "~/utils/toast";
import type { AdminDriverCard, AssignableDriver } from "~/views/admin";
import type { Prisma } from "../../../generated/prisma/client";

// ---------------------------------------------------------------- the list

const DOCUMENT_ORDER = DOCUMENT_FIELDS.map((field) => field.kind as string);
const DOCUMENT_LABELS = Object.fromEntries(DOCUMENT_FIELDS.map((field) => [field.kind, field.label])) as Record<
  string,
  string
>;
const EXPERIENCE_LABELS = Object.fromEntries(
  EXPERIENCE_OPTIONS.map((option) => [option.value, option.label]),
) as Record<string, string>;

/**
 * Where a stored document opens. A full URL as it is, "/uploads/…" as it
 * is, "uploads/…" with a leading slash; the app's own documents ("uploads/…") are then served
 * by the authenticated route /uploads/*. Anything else (no http(s) scheme) gets no link.
 */
export function documentHref(path: string): string | null {
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith("/uploads/")) return path;
  if (path.startsWith("uploads/")) return `/${path}`;
  return null;
}

/** Each driver's arrivals, arrivals on time and dropped jobs, in three queries for a whole page. */
async function reliabilityOf(driverIds: string[], now: Date) {
  // The drops that can still pause taking: the last DROP_LIMIT.days days before the last pause's start.
  const dropsSince = new Date(now.getTime() - (DROP_LIMIT.days * 24 + DROP_LIMIT.pauseHours) * 3_600_000);
  const [byKind, onTime, lately] = await Promise.all([
    db.driverJobEvent.groupBy({ by: ["driverId", "kind"], where: { driverId: { in: driverIds } }, _count: true }),
    db.driverJobEvent.groupBy({
      by: ["driverId"],
      where: { driverId: { in: driverIds }, kind: "arrival", minutesLate: { lte: ON_TIME_GRACE_MINUTES } },
      _count: true,
    }),
    db.driverJobEvent.findMany({
      where: { driverId: { in: driverIds }, kind: "dropped", createdAt: { gt: dropsSince } },
      select: { driverId: true, createdAt: true },
    }),
  ]);
  const dropTimes = (driverId: string) =>
    lately.filter((drop) => drop.driverId === driverId).map((drop) => drop.createdAt);
  const countOf = (kind: "arrival" | "dropped") =>
    new Map(byKind.filter((row) => row.kind === kind).map((row) => [row.driverId, row._count]));
  return {
    arrivals: countOf("arrival"),
    dropped: countOf("dropped"),
    onTime: new Map(onTime.map((row) => [row.driverId, row._count])),
    /** "4 · taking paused until 29 Nov 2026, 14:02": the jobs given back lately (DROP_LIMIT). */
    droppedLately: (driverId: string) => {
      const times = dropTimes(driverId);
      const pausedUntil = takingPausedUntil(times, now);
      const count = String(recentDrops(times, now));
      return pausedUntil ? `${count} · taking paused until ${formatUkDateTime(pausedUntil)}` : count;
    },
  };
}

export async function listDrivers({
  page,
  take = ADMIN_PAGE_SIZE,
  now = new Date(),
}: {
  page: number;
  take?: number;
  now?: Date;
}) {
  const skip = (page - 1) * take;
  // Newest first on Driver(createdAt); the documents come with the same findMany (no N+1).
  const [total, rows] = await Promise.all([
    db.driver.count(),
    db.driver.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip,
      take,
      select: {
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
        reviewedAt: true,
        basePostcode: true,
        workingRadiusMiles: true,
        jobsPerDay: true,
        documents: { select: { id: true, kind: true, storageKey: true } },
      },
    }),
  ]);
  const [records, balances] = await Promise.all([
    reliabilityOf(
      rows.map((row) => row.id),
      now,
    ),
    balancesOf(rows.map((row) => row.id)),
  ]);
  const drivers = rows.map((row): AdminDriverCard => ({
    id: row.id,
    name: row.name,
    email: row.email,
    // Stored as E.164 (the application's rule); written as people write it.
    phone: nationalPhone(row.phone),
    experience: EXPERIENCE_LABELS[row.experience] ?? row.experience,
    vanType: VAN_LABELS[row.vanType],
    location: row.location,
    status: row.approvalStatus,
    appliedOn: formatUkDate(row.createdAt, "long"),
    appliedAt: row.createdAt.toISOString(),
    // "N/A" without a rating, 0 completed jobs without any.
    rating: ratingText(row.ratingTenths) ?? "N/A",
    completedJobs: row.completedJobs ?? 0,
    onTime: onTimeText(records.onTime.get(row.id) ?? 0, records.arrivals.get(row.id) ?? 0),
    droppedJobs: records.dropped.get(row.id) ?? 0,
    droppedLately: records.droppedLately(row.id),
    // Self-dispatch: what decides the jobs they are offered.
    dispatch: row.basePostcode
      ? `From ${row.basePostcode}, within ${row.workingRadiusMiles} miles, up to ${row.jobsPerDay} a day`
      : "No base set: offered no jobs",
    balance: formatPounds(balances.get(row.id) ?? 0),
    documents: [...row.documents]
      .sort((a, b) => DOCUMENT_ORDER.indexOf(a.kind) - DOCUMENT_ORDER.indexOf(b.kind))
      .map((document) => ({
        id: document.id,
        kind: document.kind,
        label: DOCUMENT_LABELS[document.kind] ?? document.kind,
        href: documentHref(document.storageKey),
      }))
      .filter((document): document is typeof document & { href: string } => document.href !== null),
  }));
  return { drivers, info: pageInfo(total, { page, take }) };
}

// ---------------------------------------------------------------- the decision

/** A new driver has three days to set a password (a reset link, asked for by them, has one hour). */
export { SET_PASSWORD_LINK_HOURS } from "~/server/drivers/driver-emails.server";

export type DecisionResult =
  | { status: "not_found" }
  | { status: "conflict"; message: string }
  | {
      status: "ok";
      /** false when the driver already had this status (and account state): nothing was written or sent. */
      changed: boolean;
      driver: {
        id: string;
        name: string;
        approvalStatus: DriverDecision;
        userId: string | null;
        reviewedAt: string | null;
      };
      emailSent: boolean;
    };

class AdminEmail extends Error {}

type Account = { id: string; username: string; email: string };

/**
 * Approves or declines a driver. The driver's row is locked for the transaction, so parallel
 * decisions on one driver run one after another: twenty approvals at once make one account
 * and queue one e-mail, and the later ones find nothing left to change. The audit row and
 * the e-mail's message are written in the same transaction, so a rolled-back approval never
 * sends one.
 */
export async function decideDriver(adminId: string, driverId: string, status: DriverDecision): Promise<DecisionResult> {
  let outcome: {
    changed: boolean;
    driver: {
      id: string;
      name: string;
      email: string;
      approvalStatus: DriverDecision;
      userId: string | null;
      reviewedAt: Date | null;
    };
    welcome: Account | null;
  } | null;
  try {
    outcome = await db.$transaction(
      async (tx) => {
        const locked = await tx.$queryRaw<
          { id: string }[]
        >`select "id" from "Driver" where "id" = ${driverId} for update`;
        if (locked.length === 0) return null;
        const driver = await tx.driver.findUniqueOrThrow({
          where: { id: driverId },
          select: {
            id: true,
            name: true,
            email: true,
            approvalStatus: true,
            reviewedAt: true,
            userId: true,
            user: { select: { id: true, role: true, isActive: true } },
          },
        });
        const unchanged = { changed: false, driver: { ...driver, approvalStatus: status }, welcome: null };

        if (status === "declined") {
          const accountToDisable = driver.user?.role === "driver" && driver.user.isActive ? driver.user : null;
          if (driver.approvalStatus === "declined" && !accountToDisable) return unchanged;
          const now = new Date();
          await tx.driver.update({
            where: { id: driver.id },
            data: { approvalStatus: "declined", reviewedAt: now, reviewedById: adminId },
          });
          // Disabled, not deleted: its sessions and tokens stop working at once (isActive is
          // checked on every request), and a later approval enables it again.
          if (accountToDisable) await tx.user.update({ where: { id: accountToDisable.id }, data: { isActive: false } });
          await queueMessage(
            tx,
            "driver-declined",
            { driverId: driver.id },
            { key: messageKey("driver-declined", driver.id, now.toISOString()), recipient: driver.email },
          );
          await recordAudit(
            {
              actorId: adminId,
              action: "driver.decline",
              targetType: "Driver",
              targetId: driver.id,
              details: { from: driver.approvalStatus, accountDisabled: accountToDisable?.id ?? null },
            },
            tx,
          );
          return {
            changed: true,
            driver: { ...driver, approvalStatus: "declined" as const, reviewedAt: now },
            welcome: null,
          };
        }

        // Approve: nothing to do when the driver is approved with a working driver account.
        const linked = driver.user;
        if (driver.approvalStatus === "approved" && linked?.role === "driver" && linked.isActive) return unchanged;

        // Their account: the one linked, else one with their e-mail, else a new one.
        const existing = linked
          ? await tx.user.findUniqueOrThrow({
              where: { id: linked.id },
              select: { id: true, username: true, email: true, role: true },
            })
          : await tx.user.findUnique({
              where: { email: driver.email.toLowerCase() },
              select: { id: true, username: true, email: true, role: true },
            });
        if (existing?.role === "admin") throw new AdminEmail();
        const account: Account = existing
          ? await tx.user.update({
              where: { id: existing.id },
              data: { role: "driver", isActive: true },
              select: { id: true, username: true, email: true },
            })
          : await tx.user.create({
              data: {
                username: driver.name,
                email: driver.email.toLowerCase(),
                role: "driver",
                passwordHash: null,
                isActive: true,
              },
              select: { id: true, username: true, email: true },
            });
        // One account, one driver profile (Driver.userId is unique): an earlier application of
        // the same person lets go of the account; this approved one is their profile now.
        await tx.driver.updateMany({ where: { userId: account.id, id: { not: driver.id } }, data: { userId: null } });
        const now = new Date();
        await tx.driver.update({
          where: { id: driver.id },
          data: { approvalStatus: "approved", reviewedAt: now, reviewedById: adminId, userId: account.id },
        });
        await queueMessage(
          tx,
          "driver-approved",
          { userId: account.id },
          {
            key: messageKey("driver-approved", driver.id, now.toISOString()),
            userId: account.id,
            recipient: account.email,
          },
        );
        await recordAudit(
          {
            actorId: adminId,
            action: "driver.approve",
            targetType: "Driver",
            targetId: driver.id,
            details: { from: driver.approvalStatus, userId: account.id, accountCreated: !existing },
          },
          tx,
        );
        return {
          changed: true,
          driver: { ...driver, approvalStatus: "approved" as const, reviewedAt: now, userId: account.id },
          welcome: account,
        };
      },
      // Parallel decisions queue on the row lock; give them time to take their turn.
      { maxWait: 15_000, timeout: 20_000 },
    );
  } catch (error) {
    if (error instanceof AdminEmail) return { status: "conflict", message: ADMIN_DRIVER_MESSAGES.adminEmail };
    throw error;
  }
  if (!outcome) return { status: "not_found" };

  // The decision's e-mail was queued with it (a decline, or an approval's set-password link).
  const emailSent = outcome.changed;
  const { driver } = outcome;
  return {
    status: "ok",
    changed: outcome.changed,
    driver: {
      id: driver.id,
      name: driver.name,
      approvalStatus: driver.approvalStatus,
      userId: driver.userId,
      reviewedAt: driver.reviewedAt?.toISOString() ?? null,
    },
    emailSent,
  };
}

// ---------------------------------------------------------------- the page's form

export type FormDecision = { ok: boolean; httpStatus: 200 | 400 | 404 | 409 | 500; toast: ToastInput };

/**
 * The Approve / Decline form of /admin/drivers: its fields checked, the decision made, and
 * the toast that says how it went ("Failed to update driver status to {status}" otherwise).
 */
export async function submitDriverDecision(adminId: string, fields: Record<string, unknown>): Promise<FormDecision> {
  const asked = typeof fields.status === "string" && fields.status ? fields.status.slice(0, 40) : "unknown";
  const failed = (httpStatus: FormDecision["httpStatus"], description?: string): FormDecision => ({
    ok: false,
    httpStatus,
    toast: { title: ADMIN_DRIVER_MESSAGES.updateFailed(asked), description, variant: "error" },
  });
  const parsed = driverDecisionFormSchema.safeParse(fields);
  if (!parsed.success) return failed(400, parsed.error.issues[0]?.message);
  try {
    const result = await decideDriver(adminId, parsed.data.driverId, parsed.data.status);
    if (result.status === "not_found") return failed(404, ADMIN_DRIVER_MESSAGES.notFound);
    if (result.status === "conflict") return failed(409, result.message);
    return { ok: true, httpStatus: 200, toast: decisionToast(parsed.data.status, result.driver.name, result) };
  } catch (error) {
    console.error("Could not update a driver's status", error);
    return failed(500);
  }
}

// ---------------------------------------------------------------- for the dashboard and bookings

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

/** How many drivers the assign form offers at once. */
const DRIVERS_TO_ASSIGN = 10;
/** The boxes searched in turn for the drivers nearest a pickup, widest last: all of Great Britain. */
const NEAREST_REACHES_MILES = [10, 30, 100, 700];

type DriverToAssignRecord = {
  id: string;
  name: string;
  location: string;
  vanType: VanSize;
  baseLat: number | null;
  baseLng: number | null;
};

/**
 * The approved drivers an admin may give a booking, a few at a time: those whose names hold
 * `name`, or else those based nearest the pickup in a straight line (boxes of widening reach
 * on the bases' index, so 20,000 drivers are never all read). Never the booking's own driver,
 * nor one whose account is disabled (assignDriver refuses them).
 * Null when the booking may not be given a driver (it is over, or gone).
 */
export async function driversToAssign(bookingId: string, name: string) {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: { status: true, pickupAddress: true, pickupLat: true, pickupLng: true, driverId: true },
  });
  if (!booking || !DRIVER_ASSIGNABLE_STATUSES.includes(booking.status)) return null;
  const found = await findDriversToAssign(booking, name);
  return { ...found, name };
}

async function findDriversToAssign(
  booking: { pickupAddress: string; pickupLat: number | null; pickupLng: number | null; driverId: string | null },
  name: string,
): Promise<{ drivers: AssignableDriver[]; by: "name" | "distance" }> {
  const pickup: LatLng | null =
    booking.pickupLat !== null && booking.pickupLng !== null
      ? [booking.pickupLat, booking.pickupLng]
      : pointOf(booking.pickupAddress);
  const view = (driver: DriverToAssignRecord): AssignableDriver => ({
    id: driver.id,
    name: driver.name,
    location: driver.location,
    van: VAN_LABELS[driver.vanType],
    milesText:
      pickup && driver.baseLat !== null && driver.baseLng !== null
        ? `${formatDistance(greatCircleMiles(pickup, [driver.baseLat, driver.baseLng]))} from the pickup`
        : null,
  });
  if (name || !pickup) {
    const found = await db.driver.findMany({
      where: {
        approvalStatus: "approved",
        OR: [{ userId: null }, { user: { isActive: true } }],
        id: { not: booking.driverId ?? "" },
        ...(name ? { name: { contains: name, mode: "insensitive" as const } } : {}),
      },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: DRIVERS_TO_ASSIGN,
      select: DRIVER_TO_ASSIGN_SELECT,
    });
    return { drivers: found.map(view), by: "name" };
  }
  for (const miles of NEAREST_REACHES_MILES) {
    const box = boxAround(pickup, miles);
    const near = await db.$queryRaw<DriverToAssignRecord[]>`
      SELECT d."id", d."name", d."location", d."vanType", d."baseLat", d."baseLng" FROM "Driver" d
      LEFT JOIN "User" u ON u."id" = d."userId"
      WHERE d."approvalStatus" = 'approved' AND d."id" <> ${booking.driverId ?? ""} AND (u."id" IS NULL OR u."isActive")
        AND d."baseLat" BETWEEN ${box.minLat} AND ${box.maxLat} AND d."baseLng" BETWEEN ${box.minLng} AND ${box.maxLng}
      ORDER BY (d."baseLat" - ${pickup[0]}) ^ 2 + ((d."baseLng" - ${pickup[1]}) * ${Math.cos((pickup[0] * Math.PI) / 180)}) ^ 2, d."id"
      LIMIT ${DRIVERS_TO_ASSIGN}`;
    // Ten within the reach are the nearest ten; ten found only in the box's corners may not be.
    const tenth = near[DRIVERS_TO_ASSIGN - 1];
    const enough = tenth && greatCircleMiles(pickup, [tenth.baseLat!, tenth.baseLng!]) <= miles;
    if (enough || miles === NEAREST_REACHES_MILES.at(-1)) return { drivers: near.map(view), by: "distance" };
  }
  return { drivers: [], by: "distance" };
}

const DRIVER_TO_ASSIGN_SELECT = {
  id: true,
  name: true,
  location: true,
  vanType: true,
  baseLat: true,
  baseLng: true,
} satisfies Prisma.DriverSelect;
