// The running totals the database keeps (platform/running-totals.server.ts): after every kind of
// write (a booking made, moved on, deleted; a payment made, succeeding, refunded; a claim's
// compensation; many rows in one statement) each total equals the count or sum it stands for,
// before and after housekeeping folds the deltas in.
import { describe, expect, it } from "vitest";
import { listBookings } from "~/server/admin/bookings.server";
import { listPayments } from "~/server/admin/payments.server";
import { getAdminStats } from "~/server/admin/stats.server";
import { db } from "~/server/platform/db.server";
import { foldRunningTotals, runningTotals, totalOf } from "~/server/platform/running-totals.server";
import { createBooking, createPaidBooking, uniqueId } from "../support/factories";

const STATUSES = ["pending", "assigned", "in_progress", "completed", "cancelled"] as const;
const PAYMENT_STATUSES = ["pending", "processing", "succeeded", "failed", "refunded", "cancelled"] as const;

/** What each total stands for, counted the slow way. */
async function counted() {
  const byStatus = await db.booking.groupBy({ by: ["status"], _count: { _all: true } });
  const paymentsByStatus = await db.payment.groupBy({ by: ["status"], _count: { _all: true } });
  const [succeeded, refunds] = await Promise.all([
    db.payment.aggregate({ where: { status: "succeeded" }, _sum: { amountPence: true } }),
    db.payment.aggregate({
      where: { refundOfId: { not: null }, damageClaimId: null, status: "refunded" },
      _sum: { amountPence: true },
    }),
  ]);
  return {
    ...Object.fromEntries(
      STATUSES.map((status) => [`bookings:${status}`, byStatus.find((row) => row.status === status)?._count._all ?? 0]),
    ),
    ...Object.fromEntries(
      PAYMENT_STATUSES.map((status) => [
        `payments:${status}`,
        paymentsByStatus.find((row) => row.status === status)?._count._all ?? 0,
      ]),
    ),
    "revenue:succeeded": succeeded._sum.amountPence ?? 0,
    "revenue:price-refunds": refunds._sum.amountPence ?? 0,
  };
}

async function expectTotalsRight() {
  const want = await counted();
  const totals = await runningTotals();
  for (const [key, value] of Object.entries(want)) expect(totals.get(key) ?? 0, key).toBe(value);
}

describe("running totals", () => {
  it("follow bookings made, moved on and deleted, one at a time and many in one statement", async () => {
    await expectTotalsRight();
    const booking = await createBooking();
    await expectTotalsRight();
    await db.booking.update({ where: { id: booking.id }, data: { status: "assigned" } });
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "en_route" } }); // not the status
    await expectTotalsRight();
    const many = await Promise.all([createBooking(), createBooking(), createBooking({ status: "completed" })]);
    await db.booking.updateMany({ where: { id: { in: many.map((row) => row.id) } }, data: { status: "cancelled" } });
    await expectTotalsRight();
    await db.booking.deleteMany({ where: { id: { in: [booking.id, ...many.map((row) => row.id)] } } });
    await expectTotalsRight();
  });

  it("follow money: a payment that succeeds, a refund of the price, and a claim's compensation (not a refund)", async () => {
    const booking = await createPaidBooking();
    await expectTotalsRight();
    const base = {
      bookingId: booking.id,
      provider: "stripe" as const,
      method: "card",
      customerName: "Pat",
      customerEmail: "pat@example.com",
    };
    const pending = await db.payment.create({
      data: { ...base, providerPaymentId: `pi_${uniqueId()}`, amountPence: 5_000, status: "pending" },
    });
    await expectTotalsRight();
    await db.payment.update({ where: { id: pending.id }, data: { status: "succeeded" } });
    await db.payment.create({
      data: {
        ...base,
        providerPaymentId: `re_${uniqueId()}`,
        amountPence: 2_000,
        status: "refunded",
        method: "refund",
        refundOfId: pending.id,
      },
    });
    await expectTotalsRight();
    await db.payment.update({ where: { id: pending.id }, data: { amountPence: 6_000 } });
    await expectTotalsRight();
    await db.payment.deleteMany({ where: { bookingId: booking.id } });
    await expectTotalsRight();
  });

  it("stay right when housekeeping folds the deltas, and feed the dashboard and the bookings list", async () => {
    await createBooking({ status: "completed" });
    expect(await db.statDelta.count()).toBeGreaterThan(0);
    await foldRunningTotals();
    expect(await db.statDelta.count()).toBe(0);
    await expectTotalsRight();
    await createBooking();
    await expectTotalsRight();

    const want = await counted();
    const stats = await getAdminStats();
    expect(stats.totalBookings).toBe(await db.booking.count());
    expect(Math.round(stats.totalRevenue * 100)).toBe(want["revenue:succeeded"] - want["revenue:price-refunds"]);
    expect((await listBookings({})).page.total).toBe(await db.booking.count());
    expect((await listBookings({ status: "completed" })).page.total).toBe(
      await db.booking.count({ where: { status: "completed" } }),
    );
    const totals = await runningTotals();
    expect(totalOf(totals, "bookings:")).toBe(await db.booking.count());
    const page = { page: 1, take: 20, skip: 0 };
    const bankParts = await db.damageClaim.count({
      where: { state: "paid", bankPence: { gt: 0 }, paidAt: { not: null } },
    });
    expect((await listPayments({}, page)).info.total).toBe((await db.payment.count()) + bankParts);
    // A claim's bank part is never "failed": the list's count of failed payments is the payments'.
    expect((await listPayments({ status: "failed" }, page)).info.total).toBe(
      await db.payment.count({ where: { status: "failed" } }),
    );
  });
});
