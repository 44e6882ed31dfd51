// The dashboard's six figures, as docs/decisions/011-admin-dashboard-figures.md defines them.
import { describe, expect, it, onTestFinished } from "vitest";
import { addDays, ukInstant, ukToday } from "~/domain/uk-calendar";
import { getAdminStats } from "~/server/admin/stats.server";
import { db } from "~/server/platform/db.server";
import { createApprovedDriver, createBooking, createUser } from "./factories";

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

  it("counts the last 30 UK days and today's bookings from UK midnight, following a role changed or a row removed", async () => {
    // A day far ahead, which only this test's rows fall near: other files write meanwhile.
    const now = new Date(Date.now() + 500 * 86_400_000);
    const today = ukToday(now);
    const firstDay = addDays(today, -29);
    const at = async (row: { id: string }, table: "user" | "booking" | "driver", day: string, time: string) => {
      const data = { createdAt: ukInstant(day, time) };
      if (table === "user") await db.user.update({ where: { id: row.id }, data });
      else if (table === "booking") await db.booking.update({ where: { id: row.id }, data });
      else await db.driver.update({ where: { id: row.id }, data });
    };

    // Just inside and just outside the window's first day (UK midnight, BST or GMT alike).
    const inside = await createUser();
    await at(inside, "user", firstDay, "00:01");
    const outside = await createUser();
    await at(outside, "user", addDays(firstDay, -1), "23:59");
    // A customer approved as a driver is no longer a new customer; a removed one is not counted.
    const becameDriver = await createUser();
    await at(becameDriver, "user", today, "09:00");
    await db.user.update({ where: { id: becameDriver.id }, data: { role: "driver" } });
    const removed = await createUser();
    await at(removed, "user", today, "09:00");
    await db.user.delete({ where: { id: removed.id } });
    const applied = await createApprovedDriver();
    await at(applied, "driver", firstDay, "12:00");
    // Today's first minute is today's; yesterday's last is not.
    const early = await createBooking();
    await at(early, "booking", today, "00:01");
    const late = await createBooking();
    await at(late, "booking", addDays(today, -1), "23:59");
    onTestFinished(async () => {
      await db.booking.deleteMany({ where: { id: { in: [early.id, late.id] } } });
      await db.driver.delete({ where: { id: applied.id } });
      await db.user.deleteMany({ where: { id: { in: [inside.id, outside.id, becameDriver.id] } } });
    });

    const stats = await getAdminStats(now);
    expect(stats.newUsers).toBe(1);
    expect(stats.newDrivers).toBe(1);
    expect(stats.todayBookings).toBe(1);
  });
});
