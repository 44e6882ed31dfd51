// The running totals the database keeps (platform/running-totals.server.ts): after every kind of
// write (a booking made, moved on, deleted; a payment made, succeeding, refunded; a claim's
// compensation; a message queued, sent, removed; many rows in one statement) each total equals
// the count or sum it stands for, before and after housekeeping folds the deltas in; so do the
// daily totals of today's bookings, driver applications and new customers.
import { describe, expect, it } from "vitest";
import { addDays, ukInstant, ukToday } from "~/domain/uk-calendar";
import { listBookings } from "~/server/admin/bookings.server";
import { listPayments } from "~/server/admin/payments.server";
import { getAdminStats } from "~/server/admin/stats.server";
import { db } from "~/server/platform/db.server";
import { dailyTotals, foldRunningTotals, runningTotals, totalOf } from "~/server/platform/running-totals.server";
import { createBooking, createPaidBooking, uniqueId } from "../support/factories";

const STATUSES = ["pending", "assigned", "in_progress", "completed", "cancelled"] as const;
const MESSAGE_STATES = ["queued", "sent", "retrying", "dead"] as const;
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
  const messagesByState = await db.message.groupBy({ by: ["state"], _count: { _all: true } });
  return {
    ...Object.fromEntries(
      STATUSES.map((status) => [`bookings:${status}`, byStatus.find((row) => row.status === status)?._count._all ?? 0]),
    ),
    ...Object.fromEntries(
      MESSAGE_STATES.map((state) => [
        `messages:${state}`,
        messagesByState.find((row) => row.state === state)?._count._all ?? 0,
      ]),
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

/** Today's rows by the day they were made (UK), counted the slow way, beside their daily totals. */
async function countedToday() {
  const today = ukToday();
  // Today only: other files date some rows ahead (an hour, a year) to head their lists.
  const createdAt = { gte: ukInstant(today, "00:00"), lt: ukInstant(addDays(today, 1), "00:00") };
  const [bookings, drivers, customers] = await Promise.all([
    db.booking.count({ where: { createdAt } }),
    db.driver.count({ where: { createdAt } }),
    db.user.count({ where: { role: "customer", createdAt } }),
  ]);
  const window = (kind: "bookings" | "drivers" | "users:customer") => ({ kind, from: today, to: today });
  const kept = await dailyTotals([window("bookings"), window("drivers"), window("users:customer")]);
  return { counted: { bookings, drivers, "users:customer": customers }, kept };
}

async function expectTotalsRight() {
  const want = await counted();
  const totals = await runningTotals();
  for (const [key, value] of Object.entries(want)) expect(totals.get(key) ?? 0, key).toBe(value);
  const today = await countedToday();
  expect(today.kept).toEqual(today.counted);
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

  it("follow messages queued, sent and removed, and the days rows were made on when a day is moved", async () => {
    const booking = await createBooking();
    const message = await db.message.create({
      data: {
        kind: "booking-confirmation",
        channel: "email",
        key: `totals-${uniqueId()}`,
        headerId: `<totals-${uniqueId()}@easymove.test>`,
        refs: { bookingId: booking.id },
        bookingId: booking.id,
      },
    });
    await expectTotalsRight();
    await db.message.update({ where: { id: message.id }, data: { state: "sent", sentAt: new Date() } });
    await expectTotalsRight();
    await db.message.delete({ where: { id: message.id } });
    // Made yesterday after all: today's total loses it.
    await db.booking.update({
      where: { id: booking.id },
      data: { createdAt: ukInstant(addDays(ukToday(), -1), "12:00") },
    });
    await expectTotalsRight();
    await db.booking.delete({ where: { id: booking.id } });
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
