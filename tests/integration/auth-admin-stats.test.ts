// The dashboard's six figures, as docs/decisions/011-admin-dashboard-figures.md defines them.
import { describe, expect, it } from "vitest";
import { getAdminStats, ukStartOfToday } from "~/server/admin/stats.server";
import { db } from "~/server/platform/db.server";
import { createApprovedDriver, createBooking, createUser } from "./factories";

describe("ukStartOfToday", () => {
  it("is UK midnight in winter (GMT) and in summer (BST)", () => {
    expect(ukStartOfToday(new Date("2027-01-15T12:00:00Z")).toISOString()).toBe("2027-01-15T00:00:00.000Z");
    expect(ukStartOfToday(new Date("2027-07-15T12:00:00Z")).toISOString()).toBe("2027-07-14T23:00:00.000Z");
    // 00:30 BST on 15 July is still 14 July in UTC.
    expect(ukStartOfToday(new Date("2027-07-14T23:30:00Z")).toISOString()).toBe("2027-07-14T23:00:00.000Z");
  });
});

describe("getAdminStats", () => {
  it("counts bookings, new customers and drivers (30 days), succeeded revenue, open complaints and today's bookings", async () => {
    const before = await getAdminStats();

    const booking = await createBooking();
    const old = await createBooking();
    await db.booking.update({
      where: { id: old.id },
      data: { createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) },
    });
    await createUser();
    const longAgo = await createUser();
    await db.user.update({
      where: { id: longAgo.id },
      data: { createdAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) },
    });
    await createUser({ role: "admin" });
    await createApprovedDriver();
    const payment = {
      provider: "sandbox" as const,
      currency: "GBP",
      customerName: "T",
      customerEmail: "t@example.com",
      bookingId: booking.id,
    };
    await db.payment.create({
      data: { ...payment, providerPaymentId: `ok-${booking.id}`, amountPence: 12345, status: "succeeded" },
    });
    await db.payment.create({
      data: { ...payment, providerPaymentId: `fail-${booking.id}`, amountPence: 999, status: "failed" },
    });
    await db.supportRequest.create({
      data: { bookingId: booking.id, kind: "complaint", message: "Late", status: "open" },
    });
    await db.supportRequest.create({
      data: { bookingId: booking.id, kind: "support", message: "Done", status: "resolved" },
    });

    const after = await getAdminStats();
    expect(after.totalBookings - before.totalBookings).toBe(2);
    expect(after.todayBookings - before.todayBookings).toBe(1);
    expect(after.newUsers - before.newUsers).toBe(1);
    expect(after.newDrivers - before.newDrivers).toBe(1);
    expect(Math.round((after.totalRevenue - before.totalRevenue) * 100)).toBe(12345);
    expect(after.activeComplaints - before.activeComplaints).toBe(1);
  });
});
