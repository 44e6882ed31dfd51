// Multi-stop moves against a real PostgreSQL: a quote's stops and legs go to
// its booking at checkout, and on the day the driver works through them in order (a pickup
// with one button, a drop-off with its proof of delivery) before the move can be completed.
// The tracker shows each stop's progress to the customer; only the booking's driver (or an
// admin) may mark a stop done.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { STOP_MESSAGES } from "~/domain/route-stops";
import * as trackerRoute from "~/routes/_bookings+/booking-tracker";
import { listCustomerBookings } from "~/routes/_bookings+/customer-bookings.server";
import * as driverRoute from "~/routes/driver+/_index";
import * as completeRoute from "~/routes/driver+/jobs.$id.complete";
import { bookingRow, listBookings } from "~/server/admin/bookings.server";
import { bookQuote } from "~/server/bookings/bookings.server";
import { advanceTracking, stopOpenInTurn, TRACKING_MESSAGES } from "~/server/bookings/tracking.server";
import { db } from "~/server/platform/db.server";
import { createQuote } from "~/server/quotes/quotes.server";
import { BASE, call, createAccount, formRequest, getRequest, sessionCookie } from "./auth-helpers";
import { createApprovedDriver } from "./factories";
import { readOutbox } from "./messages";

const PHOTO = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#16a34a" } })
  .jpeg()
  .toBuffer();

const nextWednesday = (() => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + ((3 - date.getUTCDay() + 7) % 7 || 7) + 7);
  return date.toISOString().slice(0, 10);
})();

/** A paid, three-stop booking made through the quote and checkout code, its driver arrived at the pickup. */
async function threeStopJob() {
  const customer = await createAccount();
  const driverUser = await createAccount({ role: "driver" });
  const driver = await createApprovedDriver();
  await db.driver.update({ where: { id: driver.id }, data: { userId: driverUser.id } });
  const quote = await createQuote({
    pickupAddress: "14 Duke Street, Chelmsford CM1 1HL",
    deliveryAddress: "3 Newland Street, Witham CM8 2AF",
    moveDate: nextWednesday,
    moveTime: "09:00",
    vanSize: "medium",
    helpers: 0,
    floorAccessPickup: "ground",
    floorAccessDelivery: "ground",
    liftAvailablePickup: false,
    liftAvailableDelivery: false,
    urgency: "standard",
    items: [],
    stops: [
      { address: "Maldon CM9 4AA", type: "pickup", floorAccess: "ground", liftAvailable: false },
      { address: "Braintree CM7 1AA", type: "dropoff", floorAccess: "firstFloor", liftAvailable: false },
      { address: "Colchester CO1 1AA", type: "dropoff", floorAccess: "ground", liftAvailable: false },
    ],
  });
  // "Proceed to Checkout": the checkout's own code makes the booking from the quote.
  const booked = await bookQuote(getRequest("/checkout"), quote.id, customer);
  if (booked.status !== "booked") throw new Error(`not booked: ${booked.status}`);
  const booking = await db.booking.update({
    where: { id: booked.bookingId },
    data: { driverId: driver.id, status: "in_progress", paymentState: "paid", trackingStatus: "arrived" },
  });
  return {
    quote,
    booking,
    customer,
    driverUser,
    customerCookie: await sessionCookie(customer),
    driverCookie: await sessionCookie(driverUser),
  };
}

function proofRequest(bookingId: string, stop: number, cookie: string) {
  const form = new FormData();
  form.append("photos", new File([new Uint8Array(PHOTO)], "drop.jpg", { type: "image/jpeg" }));
  form.append("recipientName", "Sam Receiver");
  form.append("signedName", "Sam Receiver");
  const query = stop > 0 ? `?stop=${stop}` : "";
  return new Request(`${BASE}/driver/jobs/${bookingId}/complete${query}`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie.split(";")[0]! },
  });
}

const stopDone = (bookingId: string, position: number, cookie: string) =>
  call(
    driverRoute.action,
    formRequest("/driver", { intent: "stop-done", bookingId, position: String(position) }, { cookie }),
  );

let strangerDriverCookie: string;
beforeAll(async () => {
  const other = await createAccount({ role: "driver" });
  const otherDriver = await createApprovedDriver();
  await db.driver.update({ where: { id: otherDriver.id }, data: { userId: other.id } });
  strangerDriverCookie = await sessionCookie(other);
});

describe("a three-stop move", () => {
  it("marks a stop done only in turn, even when the check before the write is out of date", async () => {
    const { booking } = await threeStopJob();
    const stops = await db.bookingStop.findMany({ where: { bookingId: booking.id }, orderBy: { position: "asc" } });
    const markInTurn = (stop: (typeof stops)[number]) =>
      db.bookingStop.updateMany({ where: stopOpenInTurn(stop), data: { doneAt: new Date() } });
    // Stop 2 while stop 1 is open: the write itself refuses.
    expect((await markInTurn(stops[1]!)).count).toBe(0);
    // Not once the job was moved back from "arrived" (an admin's override), nor when cancelled.
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "nearby" } });
    expect((await markInTurn(stops[0]!)).count).toBe(0);
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "arrived", status: "cancelled" } });
    expect((await markInTurn(stops[0]!)).count).toBe(0);
    await db.booking.update({ where: { id: booking.id }, data: { status: "in_progress" } });
    expect((await markInTurn(stops[0]!)).count).toBe(1);
    expect((await markInTurn(stops[0]!)).count).toBe(0); // once
    expect((await markInTurn(stops[1]!)).count).toBe(1);
  });

  it("keeps the quote's stops and legs in order", async () => {
    const { quote, booking } = await threeStopJob();
    expect(quote.price.stopsFee).toBe(3000);
    expect(quote.distance.legs).toHaveLength(4);
    const stops = await db.bookingStop.findMany({ where: { bookingId: booking.id }, orderBy: { position: "asc" } });
    expect(stops.map((stop) => [stop.position, stop.type, stop.address])).toEqual([
      [1, "pickup", "Maldon CM9 4AA"],
      [2, "dropoff", "Braintree CM7 1AA"],
      [3, "dropoff", "Colchester CO1 1AA"],
    ]);
    expect(booking.legTenths.reduce((sum, tenths) => sum + tenths, 0)).toBe(booking.distanceTenths);
  });

  it("says its stops on the customer's /bookings and in the admin's bookings list", async () => {
    const { booking } = await threeStopJob();
    const mine = await listCustomerBookings(booking.customerId!, { page: 1, take: 10, skip: 0 });
    expect(mine.bookings.find((row) => row.id === booking.id)?.stopsText).toBe("via 3 extra stops");
    const admin = await listBookings({ searchTerm: booking.reference });
    expect(admin.rows.map((row) => [row.reference, bookingRow(row).stopsText])).toEqual([
      [booking.reference, "via 3 extra stops"],
    ]);
  });

  it("is worked through in order: pickup, drop-offs with their proof, then the final delivery", async () => {
    const { booking, customer, driverUser, driverCookie, customerCookie } = await threeStopJob();

    // Not the drop-off first, and not the final delivery while stops are open.
    const early = await call(completeRoute.action, proofRequest(booking.id, 2, driverCookie), { id: booking.id });
    expect(early.status).toBe(409);
    expect(early.body.errors[""]).toEqual([STOP_MESSAGES.outOfOrder(1)]);
    const finalFirst = await advanceTracking({ bookingId: booking.id, user: driverUser, to: "completed" });
    expect(finalFirst).toMatchObject({ ok: false, status: 409, message: STOP_MESSAGES.stopsFirst(1) });

    // Another driver cannot touch it; a drop-off cannot be marked without its proof.
    expect((await stopDone(booking.id, 1, strangerDriverCookie)).body).toMatchObject({
      ok: false,
      message: TRACKING_MESSAGES.notYours,
    });
    const collected = await stopDone(booking.id, 1, driverCookie);
    expect(collected.status).toBe(303);
    expect((await stopDone(booking.id, 1, driverCookie)).body.message).toBe(STOP_MESSAGES.alreadyDone);
    expect((await stopDone(booking.id, 2, driverCookie)).body.message).toBe(STOP_MESSAGES.needsProof);

    // The tracker shows the customer each stop's progress.
    const tracker = await call(
      trackerRoute.loader,
      getRequest(`/booking-tracker?booking=${booking.id}`, { cookie: customerCookie }),
    );
    expect(tracker.body.view.stops.map((stop: { done: boolean }) => stop.done)).toEqual([true, false, false]);
    expect(tracker.body.view.updates[0]).toMatchObject({
      label: "Stop 1 done",
      text: "Stop 1 (pickup) is done: Maldon CM9 4AA.",
    });

    const page = await call(
      completeRoute.loader,
      getRequest(`/driver/jobs/${booking.id}/complete?stop=2`, { cookie: driverCookie }),
      { id: booking.id },
    );
    expect(page.body.job).toMatchObject({
      stop: 2,
      stopTitle: "Stop 2 (drop-off)",
      deliveryAddress: "Braintree CM7 1AA",
      blocker: null,
    });
    for (const stop of [2, 3]) {
      const dropped = await call(completeRoute.action, proofRequest(booking.id, stop, driverCookie), {
        id: booking.id,
      });
      expect(dropped.status).toBe(302);
    }
    const proofs = await db.deliveryProof.findMany({ where: { bookingId: booking.id }, orderBy: { stop: "asc" } });
    expect(proofs.map((proof) => proof.stop)).toEqual([2, 3]);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).trackingStatus).toBe("arrived");

    // A stop's proof is not the final delivery's: completing still needs its own.
    const noFinalProof = await advanceTracking({ bookingId: booking.id, user: driverUser, to: "completed" });
    expect(noFinalProof).toMatchObject({ ok: false, message: TRACKING_MESSAGES.needsProof });
    const completed = await call(completeRoute.action, proofRequest(booking.id, 0, driverCookie), { id: booking.id });
    expect(completed.status).toBe(302);
    const after = await db.booking.findUniqueOrThrow({ where: { id: booking.id }, include: { stops: true } });
    expect(after.trackingStatus).toBe("completed");
    expect(after.stops.every((stop) => stop.doneAt !== null)).toBe(true);

    // The completion e-mail carries every drop-off's proof, in route order, with its photos.
    const mails = await readOutbox(customer.email);
    const completion = mails.find((mail) => mail.subject.startsWith("Your move is complete"))!;
    expect(completion.attachments?.map((attachment) => attachment.filename)).toEqual([
      "stop-2-photo-1.jpg",
      "stop-3-photo-1.jpg",
      "delivery-photo-1.jpg",
    ]);
    const order = [
      "Stop 2 (drop-off), Braintree CM7 1AA:",
      "Stop 3 (drop-off), Colchester CO1 1AA:",
      "Final delivery:",
    ];
    const at = order.map((line) => completion.text.indexOf(line));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("has no stop beyond its own, and no proof page for a pickup stop", async () => {
    const { booking, driverCookie } = await threeStopJob();
    for (const query of ["?stop=1", "?stop=4", "?stop=x"]) {
      const page = await call(
        completeRoute.loader,
        getRequest(`/driver/jobs/${booking.id}/complete${query}`, { cookie: driverCookie }),
        { id: booking.id },
      );
      expect(page.status, query).toBe(404);
    }
    expect((await stopDone(booking.id, 9, driverCookie)).status).toBe(400);
  });

  it("shows stops only after arriving at the pickup", async () => {
    const { booking, driverCookie } = await threeStopJob();
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "nearby" } });
    const refused = await stopDone(booking.id, 1, driverCookie);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(STOP_MESSAGES.notArrived);
  });
});
