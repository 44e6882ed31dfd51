// Bookings open to drivers: a paid booking without a driver is opened when it is
// paid, when its driver gives it back, or when an admin unassigns it; the drivers' side
// (server/drivers/offers.server.ts) offers it to the drivers who may take it, as stored offer
// rows, and lets one take it. Here: what opens and closes a job's offers, for every room that
// changes a booking.
import { districtOf } from "~/domain/dispatch";
import { estimateTrip, locateAddress, type LatLng } from "~/domain/distance";
import { addJob, QUEUES } from "~/server/jobs/job-queue.server";
import { findGbPlaces } from "~/server/quotes/distance.server";
import { Prisma } from "../../../generated/prisma/client";

/** What makes a booking an open job: paid, pending, without a driver, and opened to drivers. */
export const OPEN_JOB = {
  openedAt: { not: null },
  driverId: null,
  status: "pending",
  paymentState: "paid",
} satisfies Prisma.BookingWhereInput;

/** OPEN_JOB in SQL, on the booking aliased "b": for reads that join the offers to their jobs. */
export const OPEN_JOB_SQL = Prisma.sql`b."openedAt" IS NOT NULL AND b."driverId" IS NULL AND b."status" = 'pending' AND b."paymentState" = 'paid'`;

/**
 * Opens a paid booking without a driver to drivers, from now: its offers are worked out by the
 * dispatch queue within a second or so of the commit (the job is added in this transaction).
 */
export async function openForDrivers(tx: Prisma.TransactionClient, bookingId: string, now = new Date()) {
  const { count } = await tx.booking.updateMany({
    where: { id: bookingId, driverId: null, status: "pending", paymentState: "paid" },
    data: { openedAt: now, needsDriverAt: null, takenAt: null, offersWave: null },
  });
  if (count === 0) return;
  await tx.dispatchOffer.deleteMany({ where: { bookingId } });
  await addJob(tx, QUEUES.dispatch, { bookingId });
}

/**
 * Closes a job's offers (it was taken, assigned or ended): its rows go, and the drivers who had
 * it are returned, for publishOfferChange once the transaction commits.
 */
export async function closeOffers(tx: Prisma.TransactionClient, bookingId: string): Promise<string[]> {
  const gone = await tx.$queryRaw<{ driverId: string }[]>`
    DELETE FROM "DispatchOffer" WHERE "bookingId" = ${bookingId} RETURNING "driverId"`;
  return gone.map((row) => row.driverId);
}

/**
 * An open job changed (put to another day or time): its offers go and are worked out again by
 * the dispatch queue, as when it opened (its wave and opening time kept; an offer's messages go
 * once per driver and job all the same). Returns the drivers who had it, for publishOfferChange.
 */
export async function reofferJob(tx: Prisma.TransactionClient, bookingId: string): Promise<string[]> {
  const { count } = await tx.booking.updateMany({ where: { id: bookingId, ...OPEN_JOB }, data: { offersWave: null } });
  if (count === 0) return [];
  const gone = await closeOffers(tx, bookingId);
  await addJob(tx, QUEUES.dispatch, { bookingId });
  return gone;
}

/**
 * What limits these drivers changed (a job taken, given back, assigned or ended): their offers
 * are worked out again before they are next read.
 */
export async function markOffersStale(tx: Prisma.TransactionClient, driverIds: readonly (string | null | undefined)[]) {
  const ids = driverIds.filter((id): id is string => Boolean(id));
  if (ids.length > 0) await tx.driver.updateMany({ where: { id: { in: ids } }, data: { offersStale: true } });
}

/**
 * Where an address is, remembered: dispatch measures every driver's base against every open
 * job's pickup each minute, and the same few hundred addresses come back each time.
 */
const placed = new Map<string, ReturnType<typeof locateAddress>>();
function place(address: string) {
  if (!placed.has(address)) {
    if (placed.size >= 50_000) placed.clear(); // a base postcode per driver, nationally
    placed.set(address, locateAddress(address, findGbPlaces));
  }
  return placed.get(address)!;
}

/** Where an offer says an address is: its postcode district or town, never the street (domain/dispatch.ts). */
export function districtOfAddress(address: string) {
  return districtOf(address, findGbPlaces);
}

/** Where an address (a pickup, a driver's base postcode) is, by our own tables; null when it cannot be placed. */
export function pointOf(address: string): LatLng | null {
  return place(address)?.point ?? null;
}

/** Road miles between two points by our own estimate. */
export const milesBetween = (from: LatLng, to: LatLng) => estimateTrip(from, to).miles;
