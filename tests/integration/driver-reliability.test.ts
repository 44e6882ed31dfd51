// Driver reliability, shown honestly, against a real PostgreSQL: each arrival
// is recorded with its lateness against the booked start; a driver who drops an assigned job
// gives it back to the admins' unassigned list, the customer is e-mailed and the drop is on the
// driver's record; admins see completed jobs, rating, on-time rate and drops; the customer's
// tracker shows "New driver" only below 5 completed jobs.
import { describe, expect, it } from "vitest";
import { arrivedOnTime, driverRatingText, isNewDriver, minutesLate, onTimeText } from "~/domain/driver-reliability";
import * as trackerRoute from "~/routes/_bookings+/booking-tracker";
import * as driverRoute from "~/routes/driver+/_index";
import { bookingDetails } from "~/server/admin/bookings.server";
import { listDrivers } from "~/server/admin/drivers.server";
import { advanceTracking } from "~/server/bookings/tracking.server";
import { db } from "~/server/platform/db.server";
import { call, createAccount, formRequest, getRequest, sessionCookie } from "./auth-helpers";
import { createApprovedDriver, createBooking } from "./factories";
import { readOutbox } from "./messages";

/** An assigned booking of a customer, its driver with an account, the move on this day at 09:00 UK time. */
async function assignedJob(moveDate = "2027-03-04", moveTime = "09:00") {
  const customer = await createAccount();
  const driverUser = await createAccount({ role: "driver" });
  const driver = await createApprovedDriver();
  await db.driver.update({ where: { id: driver.id }, data: { userId: driverUser.id } });
  const created = await createBooking("assigned");
  const booking = await db.booking.update({
    where: { id: created.id },
    data: {
      customerId: customer.id,
      driverId: driver.id,
      trackingStatus: "assigned",
      paymentState: "paid",
      moveDate: new Date(`${moveDate}T00:00:00Z`),
      moveTime,
    },
  });
  return { booking, customer, driver, driverUser, driverCookie: await sessionCookie(driverUser) };
}

const drop = (bookingId: string, cookie: string, reason = "") =>
  call(driverRoute.action, formRequest("/driver", { intent: "drop", bookingId, reason }, { cookie }));

describe("the rules", () => {
  it("counts lateness in whole minutes after the booked start, 15 minutes' grace", () => {
    const booked = new Date("2027-03-04T09:00:00Z");
    expect(minutesLate(booked, new Date("2027-03-04T08:40:00Z"))).toBe(0);
    expect(minutesLate(booked, new Date("2027-03-04T09:15:59Z"))).toBe(15);
    expect(arrivedOnTime(15)).toBe(true);
    expect(arrivedOnTime(16)).toBe(false);
    expect(onTimeText(0, 0)).toBe("No arrivals yet");
    expect(onTimeText(23, 25)).toBe("92% on time (23 of 25)");
  });

  it("shows 'New driver' only below 5 completed jobs, and never in place of a rating", () => {
    expect(isNewDriver(4)).toBe(true);
    expect(isNewDriver(5)).toBe(false);
    expect(driverRatingText(null)).toBe("No ratings yet");
    expect(driverRatingText(47)).toBe("4.7 / 5");
  });
});

describe("arrivals", () => {
  it("records each arrival with how late it was against the booked time (UK clock)", async () => {
    // 4 March is GMT: 09:00 UK is 09:00 UTC. The driver arrives at 09:32.
    const { booking, driverUser } = await assignedJob();
    const at = new Date("2027-03-04T09:00:00Z");
    for (const [to, minutes] of [
      ["en_route", 0],
      ["nearby", 20],
      ["arrived", 32],
    ] as const) {
      const moved = await advanceTracking({
        bookingId: booking.id,
        user: { id: driverUser.id, role: "driver" } as never,
        to,
        now: new Date(at.getTime() + minutes * 60_000),
      });
      expect(moved.ok).toBe(true);
    }
    const events = await db.driverJobEvent.findMany({ where: { bookingId: booking.id } });
    expect(events).toMatchObject([{ kind: "arrival", minutesLate: 32, driverId: booking.driverId }]);
  });
});

describe("dropping a job", () => {
  it("puts it back in the admins' unassigned list, e-mails the customer and keeps it on the record", async () => {
    const { booking, customer, driver, driverCookie } = await assignedJob();
    const outcome = await drop(booking.id, driverCookie, "Van broke down");
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/driver");

    const after = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(after).toMatchObject({ driverId: null, status: "pending", trackingStatus: null });
    expect(await db.driverJobEvent.findMany({ where: { bookingId: booking.id } })).toMatchObject([
      { kind: "dropped", driverId: driver.id, reason: "Van broke down" },
    ]);
    const mails = (await readOutbox(booking.customerEmail!)).filter((mail) =>
      mail.subject.startsWith("We are finding you another driver"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("can no longer do it");
    expect(customer.email).not.toBe(booking.customerEmail); // the booking's own address is used

    const details = await bookingDetails(booking.id);
    expect(details!.history[0]!.text).toBe(`${driver.name} dropped the job: Van broke down`);

    const { drivers } = await listDrivers({ page: 1, take: 500 });
    expect(drivers.find((card) => card.id === driver.id)).toMatchObject({ droppedJobs: 1, onTime: "No arrivals yet" });

    // Dropped already: it is not theirs any more.
    expect((await drop(booking.id, driverCookie)).status).toBe(404);
  });

  it("refuses a started job (409), another driver's job (404), and a bad reason (400)", async () => {
    const started = await assignedJob();
    await db.booking.update({
      where: { id: started.booking.id },
      data: { trackingStatus: "en_route", status: "in_progress" },
    });
    const refused = await drop(started.booking.id, started.driverCookie);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This job has started, so it cannot be dropped here. Please call support to hand it over.",
    );
    const other = await assignedJob();
    expect((await drop(other.booking.id, started.driverCookie)).status).toBe(404);
    const tooLong = await drop(other.booking.id, other.driverCookie, "x".repeat(501));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe("Please keep the reason under 500 characters.");
    expect((await db.booking.findUniqueOrThrow({ where: { id: other.booking.id } })).driverId).not.toBeNull();
    const customerCookie = await sessionCookie(other.customer);
    expect((await drop(other.booking.id, customerCookie)).status).toBe(302); // not a driver: sent away
    expect((await db.booking.findUniqueOrThrow({ where: { id: other.booking.id } })).driverId).not.toBeNull();
  });
});

describe("what admins and customers see", () => {
  it("gives admins the on-time rate from the recorded arrivals", async () => {
    const { driver } = await assignedJob();
    await db.driverJobEvent.createMany({
      data: [
        { driverId: driver.id, kind: "arrival", minutesLate: 0 },
        { driverId: driver.id, kind: "arrival", minutesLate: 15 },
        { driverId: driver.id, kind: "arrival", minutesLate: 40 },
        { driverId: driver.id, kind: "dropped" },
      ],
    });
    await db.driver.update({ where: { id: driver.id }, data: { completedJobs: 156, ratingTenths: 48 } });
    const { drivers } = await listDrivers({ page: 1, take: 500 });
    expect(drivers.find((card) => card.id === driver.id)).toMatchObject({
      completedJobs: 156,
      rating: "4.8",
      onTime: "67% on time (2 of 3)",
      droppedJobs: 1,
    });
  });

  it("shows the customer the driver's jobs and rating, 'New driver' only below 5 jobs", async () => {
    const { booking, customer, driver } = await assignedJob();
    const cookie = await sessionCookie(customer);
    const view = async () =>
      (await call(trackerRoute.loader, getRequest(`/booking-tracker?booking=${booking.id}`, { cookie }))).body.view
        .driver;
    await db.driver.update({ where: { id: driver.id }, data: { completedJobs: 156, ratingTenths: null } });
    expect(await view()).toMatchObject({ completedJobs: 156, rating: "No ratings yet", isNew: false });
    await db.driver.update({ where: { id: driver.id }, data: { completedJobs: 4, ratingTenths: 50 } });
    expect(await view()).toMatchObject({ completedJobs: 4, rating: "5.0 / 5", isNew: true });
  });
});
