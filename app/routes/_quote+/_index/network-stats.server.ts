import { db } from "~/server/platform/db.server";

/** Figures the home page states about the network, read live from the database. */
export async function getNetworkStats() {
  const [approvedDrivers, completedMoves] = await Promise.all([
    db.driver.count({ where: { approvalStatus: "approved" } }),
    db.booking.count({ where: { status: "completed" } }),
  ]);
  return { approvedDrivers, completedMoves };
}
