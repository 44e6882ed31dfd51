// The admin dashboard's six figures, as docs/decisions/011-admin-dashboard-figures.md
// defines them: newUsers and newDrivers count the last 30 days, todayBookings counts
// bookings created today (UK time), totalRevenue sums succeeded payments less the refunds of
// cancellations (their own rows, refundOfId set), activeComplaints counts open support tickets.
import { penceToPounds } from "~/domain/money";
import { ukDateTime, ukToday } from "~/domain/uk-calendar";
import { db } from "~/server/platform/db.server";
import { runningTotals, totalOf } from "~/server/platform/running-totals.server";

const NEW_ACCOUNT_DAYS = 30;

export type AdminStats = {
  totalBookings: number;
  newUsers: number;
  newDrivers: number;
  /** Pounds, two decimals (the API's API speaks pounds; the database keeps pence). */
  totalRevenue: number;
  activeComplaints: number;
  todayBookings: number;
};

/** The instant today began in the UK (midnight Europe/London, GMT or BST). */
export function ukStartOfToday(now: Date = new Date()) {
  const midnightUtc = new Date(`${ukToday(now)}T00:00:00Z`);
  // UK clocks read 00:00 or 01:00 at midnight UTC; the difference is the offset.
  const [hours, minutes] = ukDateTime(midnightUtc).time.split(":").map(Number);
  const offsetMinutes = ((hours! * 60 + minutes! + 12 * 60) % (24 * 60)) - 12 * 60;
  return new Date(midnightUtc.getTime() - offsetMinutes * 60 * 1000);
}

export async function getAdminStats(now: Date = new Date()): Promise<AdminStats> {
  const since = new Date(now.getTime() - NEW_ACCOUNT_DAYS * 24 * 60 * 60 * 1000);
  // Every booking and all the money come from the running totals: counting them at two million
  // bookings would read every row on every load.
  const [totals, newUsers, newDrivers, activeComplaints, todayBookings] = await Promise.all([
    runningTotals(),
    // Customers who joined (drivers and admins are counted elsewhere or not at all).
    db.user.count({ where: { role: "customer", createdAt: { gte: since } } }),
    // Driver applications received, whatever their review status.
    db.driver.count({ where: { createdAt: { gte: since } } }),
    // Open support tickets, of every kind (one waiting on its customer is not active for us).
    db.supportRequest.count({ where: { status: "open" } }),
    db.booking.count({ where: { createdAt: { gte: ukStartOfToday(now) } } }),
  ]);
  return {
    totalBookings: totalOf(totals, "bookings:"),
    newUsers,
    newDrivers,
    // Succeeded payments less the refunds of the price (a claim's compensation is not one).
    totalRevenue: penceToPounds(totalOf(totals, "revenue:succeeded") - totalOf(totals, "revenue:price-refunds")),
    activeComplaints,
    todayBookings,
  };
}
