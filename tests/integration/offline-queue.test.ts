// The driver's actions kept on the phone without a signal against a real
// PostgreSQL: sent later, each is applied once (a second delivery, even at the same moment,
// changes nothing), at the time it happened on the phone as far as that is believed; the
// tracker, the customer's text, the admin history and the driver's record use that time; a
// job that changed meanwhile refuses them with one sentence.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ukDateTime, ukToday } from "~/domain/uk-calendar";
import * as trackerRoute from "~/routes/_bookings+/booking-tracker";
import { action as queuedApi } from "~/routes/api+/driver.actions";
import { action as queuedProofApi } from "~/routes/api+/driver.jobs.$id.proof";
import { assignDriver } from "~/server/admin/booking-commands.server";
import { bookingDetails } from "~/server/admin/bookings.server";
import { db } from "~/server/platform/db.server";
import { readTextOutbox } from "~/server/platform/sms.server";
import { bearerFor, call, createAccount, getRequest, jsonRequest, sessionCookie } from "./auth-helpers";
import { createApprovedDriver, createBooking } from "./factories";
import { deliverQueuedMessages } from "./messages";

const PHOTO = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#3b82f6" } })
  .jpeg()
  .toBuffer();

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const clock = (instant: Date) => ukDateTime(instant).time;

let admin: Awaited<ReturnType<typeof createAccount>>;
beforeAll(async () => {
  admin = await createAccount({ role: "admin" });
});

/** Today's job, its driver on the way since `startedMinutesAgo`, with the customer's texts on. */
async function jobOnTheWay({ startedMinutesAgo = 60 } = {}) {
  const customer = await createAccount();
  const driverUser = await createAccount({ role: "driver" });
  const driver = await createApprovedDriver();
  await db.driver.update({ where: { id: driver.id }, data: { userId: driverUser.id } });
  const created = await createBooking("in_progress");
  const booking = await db.booking.update({
    where: { id: created.id },
    data: {
      customerId: customer.id,
      customerPhone: `+4474009${String(Math.floor(Math.random() * 100_000)).padStart(5, "0")}`,
      driverId: driver.id,
      trackingStatus: "en_route",
      paymentState: "paid",
      moveDate: new Date(`${ukToday()}T00:00:00Z`),
      moveTime: "00:30",
    },
  });
  await db.trackingEvent.create({
    data: {
      bookingId: booking.id,
      status: "en_route",
      createdById: driverUser.id,
      happenedAt: minutesAgo(startedMinutesAgo),
      createdAt: minutesAgo(startedMinutesAgo),
    },
  });
  return { booking, customer, driverUser, driver, token: await bearerFor(driverUser) };
}

const send = (token: string, body: Record<string, unknown>) =>
  call(queuedApi, jsonRequest("/api/driver/actions", body, { token }));

function sendProof(token: string, bookingId: string, fields: Record<string, string>) {
  const form = new FormData();
  form.append("photos", new File([new Uint8Array(PHOTO)], "delivery.jpg", { type: "image/jpeg" }));
  form.append("recipientName", "Robin Recipient");
  form.append("signedName", "Robin Recipient");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request(`http://localhost/api/driver/jobs/${bookingId}/proof`, {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  return call(queuedProofApi, request, { id: bookingId });
}

describe("a job worked without a signal, sent when it returns", () => {
  it("records each step once, in order, at the phone's time, and everyone sees that time", async () => {
    const { booking, customer, driver, token } = await jobOnTheWay();
    const arrivedAt = minutesAgo(25);
    const deliveredAt = minutesAgo(10);
    const arrival = {
      id: crypto.randomUUID(),
      kind: "step",
      bookingId: booking.id,
      status: "arrived",
      happenedAt: arrivedAt.toISOString(),
    };

    const nearby = { ...arrival, id: crypto.randomUUID(), status: "nearby", happenedAt: minutesAgo(30).toISOString() };
    expect((await send(token, nearby)).status).toBe(200);
    const first = await send(token, arrival);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, duplicate: false });
    // The same queue sent again (the answer was lost on the way back): nothing more happens.
    const again = await send(token, arrival);
    expect(again.body).toEqual({ success: true, duplicate: true });

    const proof = await sendProof(token, booking.id, {
      actionId: crypto.randomUUID(),
      happenedAt: deliveredAt.toISOString(),
      stop: "0",
    });
    expect(proof.status).toBe(200);

    const steps = await db.trackingEvent.findMany({ where: { bookingId: booking.id }, orderBy: { happenedAt: "asc" } });
    expect(steps.map((step) => step.status)).toEqual(["en_route", "nearby", "arrived", "completed"]);
    expect(steps[2]!.happenedAt.toISOString()).toBe(arrivedAt.toISOString());
    expect(steps[3]!.happenedAt.toISOString()).toBe(deliveredAt.toISOString());
    expect(steps[2]!.createdAt.getTime()).toBeGreaterThan(arrivedAt.getTime() + 20 * 60_000);

    const done = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(done).toMatchObject({ status: "completed", trackingStatus: "completed" });
    expect(done.completedAt?.toISOString()).toBe(deliveredAt.toISOString());
    // The driver's record: the arrival's lateness by the phone's time, and the job's earning.
    const arrivalRecord = await db.driverJobEvent.findFirstOrThrow({
      where: { bookingId: booking.id, kind: "arrival" },
    });
    const late = Math.round((arrivedAt.getTime() - new Date(`${ukToday()}T00:30:00Z`).getTime()) / 60_000);
    expect(Math.abs(arrivalRecord.minutesLate! - late)).toBeLessThanOrEqual(60); // the UK clock may be an hour ahead of UTC
    expect(await db.driverLedgerEntry.count({ where: { bookingId: booking.id, driverId: driver.id } })).toBe(1);

    // The customer's tracker and text, and the admin's history, say both times.
    const tracker = await call(
      trackerRoute.loader,
      getRequest(`/booking-tracker?booking=${booking.id}`, { cookie: await sessionCookie(customer) }),
    );
    const arrivedText = `${clock(arrivedAt)} (sent ${clock(steps[2]!.createdAt)})`;
    expect(JSON.stringify(tracker.body)).toContain(arrivedText);
    await deliverQueuedMessages();
    const texts = await readTextOutbox(booking.customerPhone!);
    expect(texts.map((text) => text.body).join("\n")).toContain(`has arrived at ${arrivedText}.`);
    const details = await bookingDetails(booking.id);
    expect(details!.history.find((entry) => entry.text === "Arrived")?.atText).toContain(arrivedText);
  });

  it("applies a message sent twice at the same moment once", async () => {
    const { booking, token } = await jobOnTheWay();
    const message = {
      id: crypto.randomUUID(),
      kind: "chat",
      bookingId: booking.id,
      content: "Lift is broken, carrying up the stairs.",
      happenedAt: minutesAgo(3).toISOString(),
    };
    const answers = await Promise.all([send(token, message), send(token, message), send(token, message)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.body.duplicate === false)).toHaveLength(1);
    expect(await db.chatMessage.count({ where: { bookingId: booking.id } })).toBe(1);
  });

  it("puts positions kept offline on the job's track at their time, in the order made", async () => {
    const { booking, token } = await jobOnTheWay();
    const position = (latitude: number, at: Date) => ({
      id: crypto.randomUUID(),
      kind: "position",
      bookingId: booking.id,
      latitude,
      longitude: -1.61,
      accuracy: 12,
      happenedAt: at.toISOString(),
    });
    const later = minutesAgo(2);
    expect((await send(token, position(54.9, minutesAgo(4)))).status).toBe(200);
    expect((await send(token, position(54.97, later))).status).toBe(200);
    const latest = await db.driverPosition.findUniqueOrThrow({ where: { bookingId: booking.id } });
    expect(latest).toMatchObject({ latitude: 54.97, accuracyMetres: 12 });
    expect(latest.recordedAt.toISOString()).toBe(later.toISOString());
    expect(await db.positionPoint.count({ where: { bookingId: booking.id } })).toBe(2);

    // One made before a position the server already has is not believed: the phone was heard
    // from after it. It is the latest as received.
    const sentAfter = await send(token, position(54.95, minutesAgo(6)));
    expect(sentAfter.status).toBe(200);
    const now = await db.driverPosition.findUniqueOrThrow({ where: { bookingId: booking.id } });
    expect(now.latitude).toBe(54.95);
    expect(now.recordedAt.getTime()).toBeGreaterThan(later.getTime());
  });

  it("believes the phone's clock only in the past, after the previous step and within a day", async () => {
    const ahead = await jobOnTheWay({ startedMinutesAgo: 30 });
    await send(ahead.token, {
      id: crypto.randomUUID(),
      kind: "step",
      bookingId: ahead.booking.id,
      status: "nearby",
      happenedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const clamped = await db.trackingEvent.findFirstOrThrow({
      where: { bookingId: ahead.booking.id, status: "nearby" },
    });
    expect(clamped.happenedAt.getTime()).toBe(clamped.createdAt.getTime());

    const before = await jobOnTheWay({ startedMinutesAgo: 30 });
    await send(before.token, {
      id: crypto.randomUUID(),
      kind: "step",
      bookingId: before.booking.id,
      status: "nearby",
      happenedAt: minutesAgo(45).toISOString(), // before the job set off
    });
    const notBefore = await db.trackingEvent.findFirstOrThrow({
      where: { bookingId: before.booking.id, status: "nearby" },
    });
    expect(notBefore.happenedAt.getTime()).toBe(notBefore.createdAt.getTime());
  });
});

describe("a job that changed while the driver was offline", () => {
  it("refuses the kept step with one sentence when the job was given to another driver, and applies nothing", async () => {
    const { booking, token } = await jobOnTheWay();
    const other = await createApprovedDriver();
    expect((await assignDriver(admin.id, booking.id, other.id)).status).toBe("assigned");
    const changedAt = (await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).updatedAt;

    const refused = await send(token, {
      id: crypto.randomUUID(),
      kind: "step",
      bookingId: booking.id,
      status: "arrived",
      happenedAt: minutesAgo(5).toISOString(),
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({
      refused: true,
      message: `This job was given to another driver at ${clock(changedAt)}; your arrival was not recorded.`,
    });
    expect(await db.trackingEvent.count({ where: { bookingId: booking.id, status: "arrived" } })).toBe(0);
    expect(await db.driverAction.count({ where: { bookingId: booking.id } })).toBe(0);
  });

  it("says when the job was cancelled, or set on by our team, and keeps the proof's photos nowhere", async () => {
    const cancelled = await jobOnTheWay();
    const cancelledAt = minutesAgo(7);
    await db.booking.update({ where: { id: cancelled.booking.id }, data: { status: "cancelled", cancelledAt } });
    const answer = await send(cancelled.token, {
      id: crypto.randomUUID(),
      kind: "chat",
      bookingId: cancelled.booking.id,
      content: "Outside now",
      happenedAt: minutesAgo(5).toISOString(),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`This job was cancelled at ${clock(cancelledAt)}; your message was not recorded.`);

    const overridden = await jobOnTheWay();
    const overrideAt = minutesAgo(4);
    await db.booking.update({ where: { id: overridden.booking.id }, data: { trackingStatus: "arrived" } });
    await db.trackingEvent.create({
      data: { bookingId: overridden.booking.id, status: "arrived", createdById: admin.id, happenedAt: overrideAt },
    });
    const late = await send(overridden.token, {
      id: crypto.randomUUID(),
      kind: "step",
      bookingId: overridden.booking.id,
      status: "nearby",
      happenedAt: minutesAgo(6).toISOString(),
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `Our team set this job to “Arrived” at ${clock(overrideAt)}; your “nearby” was not recorded.`,
    );
  });

  it("tells a driver who never had the job nothing about it", async () => {
    const { booking } = await jobOnTheWay();
    const strangerUser = await createAccount({ role: "driver" });
    const stranger = await createApprovedDriver();
    await db.driver.update({ where: { id: stranger.id }, data: { userId: strangerUser.id } });
    const answer = await send(await bearerFor(strangerUser), {
      id: crypto.randomUUID(),
      kind: "step",
      bookingId: booking.id,
      status: "arrived",
      happenedAt: minutesAgo(1).toISOString(),
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe("That job is not assigned to you. Your arrival was not recorded.");
  });

  it("answers bad input with a 400 naming it", async () => {
    const { booking, token } = await jobOnTheWay();
    const badKind = await send(token, {
      id: crypto.randomUUID(),
      kind: "dance",
      bookingId: booking.id,
      happenedAt: new Date().toISOString(),
    });
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toBe("Unknown kind of action.");
    const badTime = await send(token, {
      id: crypto.randomUUID(),
      kind: "step",
      status: "arrived",
      bookingId: booking.id,
      happenedAt: "yesterday",
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toMatch(/time the action happened/);
  });
});
