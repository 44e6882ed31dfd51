// Bookings open to drivers: a paid booking without a driver is opened when it is
// paid, when its driver gives it back, or when an admin unassigns it; the drivers' side
// (server/drivers/dispatch.server.ts) offers it and lets one take it.
import { districtOf } from "~/domain/dispatch";
import { estimateTrip, locateAddress } from "~/domain/distance";
import { findGbPlaces } from "~/server/quotes/distance.server";
import type { Prisma } from "../../../generated/prisma/client";

/** What makes a booking an open job: paid, pending, without a driver, and opened to drivers. */
export const OPEN_JOB = {
  openedAt: { not: null },
  driverId: null,
  status: "pending",
  paymentState: "paid",
} satisfies Prisma.BookingWhereInput;

/** Opens a paid booking without a driver to drivers, from now. */
export async function openForDrivers(tx: Prisma.TransactionClient, bookingId: string, now = new Date()) {
  await tx.booking.updateMany({
    where: { id: bookingId, driverId: null, status: "pending", paymentState: "paid" },
    data: { openedAt: now, needsDriverAt: null, takenAt: null },
  });
}

/**
 * Where an address is, remembered: dispatch measures every driver's base against every open
 * job's pickup each minute, and the same few hundred addresses come back each time.
 */
const placed = new Map<string, ReturnType<typeof locateAddress>>();
function place(address: string) {
  if (!placed.has(address)) {
    if (placed.size >= 10_000) placed.clear();
    placed.set(address, locateAddress(address, findGbPlaces));
  }
  return placed.get(address)!;
}

/** Where an offer says an address is: its postcode district or town, never the street (domain/dispatch.ts). */
export function districtOfAddress(address: string) {
  return districtOf(address, findGbPlaces);
}

/** Road miles between two addresses by our own estimate; null when either cannot be placed. */
export function estimatedMiles(from: string, to: string) {
  const start = place(from);
  const end = place(to);
  return start && end ? estimateTrip(start.point, end.point).miles : null;
}
