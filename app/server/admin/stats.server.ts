// The admin dashboard's six figures, as docs/decisions/011-admin-dashboard-figures.md
// defines them: newUsers and newDrivers count the last 30 UK days (today and the 29 before),
// todayBookings counts bookings created today (UK time), totalRevenue sums succeeded payments less the refunds of
// cancellations (their own rows, refundOfId set), activeComplaints counts open support tickets.
import { penceToPounds } from "~/domain/money";
import { addDays, ukToday } from "~/domain/uk-calendar";
import { db } from "~/server/platform/db.server";
import { dailyTotals, runningTotals, totalOf } from "~/server/platform/running-totals.server";

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

export async function getAdminStats(now: Date = new Date()): Promise<AdminStats> {
  const today = ukToday(now);
  const windowStart = addDays(today, 1 - NEW_ACCOUNT_DAYS);
  // Every figure but the open tickets comes from running totals: counting the rows at two
  // million bookings would read them on every load.
  const [totals, days, activeComplaints] = await Promise.all([
    runningTotals(),
    dailyTotals([
      // Customers who joined (drivers and admins are counted elsewhere or not at all).
      { kind: "users:customer", from: windowStart, to: today },
      // Driver applications received, whatever their review status.
      { kind: "drivers", from: windowStart, to: today },
      { kind: "bookings", from: today, to: today },
    ]),
    // Open support tickets, of every kind (one waiting on its customer is not active for us).
    db.supportRequest.count({ where: { status: "open" } }),
  ]);
  return {
    totalBookings: totalOf(totals, "bookings:"),
    newUsers: days["users:customer"],
    newDrivers: days.drivers,
    // Succeeded payments less the refunds of the price (a claim's compensation is not one).
    totalRevenue: penceToPounds(totalOf(totals, "revenue:succeeded") - totalOf(totals, "revenue:price-refunds")),
    activeComplaints,
    todayBookings: days.bookings,
  };
}
