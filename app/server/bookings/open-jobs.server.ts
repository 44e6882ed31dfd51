// Bookings open to drivers (issue 34): a paid booking without a driver is opened when it is
// paid, when its driver gives it back, or when an admin unassigns it; the drivers' side
// (server/drivers/dispatch.server.ts) offers it and lets one take it.
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

/** Road miles between two addresses by our own estimate; null when either cannot be placed. */
export function estimatedMiles(from: string, to: string) {
  const start = locateAddress(from, findGbPlaces);
  const end = locateAddress(to, findGbPlaces);
  return start && end ? estimateTrip(start.point, end.point).miles : null;
}
