// The self-running marketplace tried as a hostile driver would, against a real PostgreSQL: each
// attempt below is a way to game a rule an admin used to apply by eye, and each is refused.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DISPATCH_MESSAGES } from "~/domain/dispatch";
import { ukDateTime, ukInstant, ukToday } from "~/domain/uk-calendar";
import { formatUkDateTime } from "~/domain/uk-datetime";
import { loader as rootLoader } from "~/root";
import * as trackerRoute from "~/routes/_bookings+/booking-tracker";
import * as ratePage from "~/routes/_bookings+/bookings_.$id.rate";
import * as stripeCheckout from "~/routes/_checkout+/stripe-checkout";
import { action as queuedApi } from "~/routes/api+/driver.actions";
import { action as queuedProofApi } from "~/routes/api+/driver.jobs.$id.proof";
import { action as proofToSupportApi } from "~/routes/api+/driver.jobs.$id.proof-to-support";
import { loader as offersApi } from "~/routes/api+/driver.offers";
import { action as takeApi } from "~/routes/api+/driver.offers.$bookingId.take";
import * as driverRoute from "~/routes/driver+/_index";
import * as completePage from "~/routes/driver+/jobs.$id.complete";
import { AVAILABILITY_MESSAGES } from "~/schemas/driver-availability";
import { bookingDetails } from "~/server/admin/bookings.server";
import { listDrivers } from "~/server/admin/drivers.server";
import { siteRating } from "~/server/bookings/ratings.server";
import { saveAvailability } from "~/server/drivers/dispatch.server";
import { db } from "~/server/platform/db.server";
import { offersTopic, subscribeToTopic, type OfferEvent } from "~/server/platform/live.server";
import { getStorage } from "~/server/uploads/storage.server";
import { trackerPath } from "~/utils/tracker-path";
import {
  bearerFor,
  call,
  createAccount,
  formRequest,
  getRequest,
  jsonRequest,
  sessionCookie,
  unique,
  uniqueIp,
} from "./auth-helpers";
import { createBooking } from "./factories";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const inDays = (days: number) =>
  new Date(`${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);

/** A paid booking open to drivers, with a customer's contact on it. */
async function openJob({ days = 12, moveTime = "10:00" } = {}) {
  const booking = await createBooking("pending");
  return db.booking.update({
    where: { id: booking.id },
    data: {
      paymentState: "paid",
      vanSize: "medium",
      moveDate: inDays(days),
      moveTime,
      pickupAddress: "12 Grey Street, Newcastle upon Tyne NE1 6EE",
      deliveryAddress: "40 Osborne Road, Jesmond, Newcastle upon Tyne NE2 2AL",
      customerName: "Priya Secretname",
      customerPhone: "+447400900321",
      openedAt: minutesAgo(120),
    },
  });
}

/** An approved driver based in Newcastle, with a session cookie and an API token. */
async function driver({ jobsPerDay = 5 } = {}) {
  const user = await createAccount({ role: "driver" });
  const row = await db.driver.create({
    data: {
      name: `Driver ${unique()}`,
      email: user.email,
      phone: "+447400900999",
      experience: "3-5",
      vanType: "large",
      location: "Newcastle upon Tyne",
      approvalStatus: "approved",
      agreementAcceptedAt: new Date(),
      userId: user.id,
      basePostcode: "NE6 1AA",
      jobsPerDay,
    },
  });
  return { user, driver: row, token: await bearerFor(user), cookie: await sessionCookie(user) };
}

const take = (token: string, bookingId: string) =>
  call(takeApi, jsonRequest(`/api/driver/offers/${bookingId}/take`, {}, { token, ip: uniqueIp() }), { bookingId });

const dropOnPage = (cookie: string, bookingId: string) =>
  call(driverRoute.action, formRequest("/driver", { intent: "drop", bookingId }, { cookie, ip: uniqueIp() }));

describe("a driver's own limits when they take several jobs at once", () => {
  it("five takes sent at once for five jobs at the same hour: one is won, four get 403 and the rule", async () => {
    const jobs = await Promise.all(Array.from({ length: 5 }, () => openJob({ days: 14, moveTime: "10:00" })));
    const { token, driver: row } = await driver({ jobsPerDay: 5 });
    const answers = await Promise.all(jobs.map((job) => take(token, job.id)));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    for (const answer of refused) expect(answer.body.error).toBe(DISPATCH_MESSAGES.overlap);
    // Only the winner's answer carries the customer's contact.
    expect(answers.filter((answer) => JSON.stringify(answer.body).includes("Secretname"))).toHaveLength(1);
    expect(await db.booking.count({ where: { id: { in: jobs.map((job) => job.id) }, driverId: row.id } })).toBe(1);
  });

  it("three takes at once on one day, for a driver who takes one a day: one is won", async () => {
    const times = ["08:00", "13:00", "18:00"];
    const jobs = await Promise.all(times.map((moveTime) => openJob({ days: 15, moveTime })));
    const { token, driver: row } = await driver({ jobsPerDay: 1 });
    const answers = await Promise.all(jobs.map((job) => take(token, job.id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403, 403]);
    for (const answer of answers.filter((each) => each.status === 403))
      expect(answer.body.error).toBe(DISPATCH_MESSAGES.dailyLimit(1));
    expect(await db.booking.count({ where: { driverId: row.id } })).toBe(1);
  });

  it("a take beside a day off being added for that day: never both a job and the day off it clashed with", async () => {
    const job = await openJob({ days: 16 });
    const { token, driver: row, cookie } = await driver();
    const day = new Date(job.moveDate).toISOString().slice(0, 10);
    const { action: availabilityAction } = await import("~/routes/driver+/availability");
    const [taken] = await Promise.all([
      take(token, job.id),
      call(availabilityAction, formRequest("/driver/availability", { intent: "add-day", day }, { cookie })),
    ]);
    const after = await db.driver.findUniqueOrThrow({ where: { id: row.id } });
    const dayOff = after.unavailableDates.some((date) => date.toISOString().startsWith(day));
    // Either the take came first (and the day off after it, the driver's own choice), or the
    // take saw the day off and was refused with the rule's sentence.
    if (taken.status === 403) expect(taken.body.error).toBe(DISPATCH_MESSAGES.unavailable);
    else expect(taken.status).toBe(200);
    expect(dayOff).toBe(true);
  });
});

describe("taking and dropping jobs to harvest customers' contacts", () => {
  it("more than 3 drops in 7 days pause taking for 24 hours: the page, the API and the admins' card say so", async () => {
    const { token, cookie, user, driver: row } = await driver();
    for (let index = 0; index < 4; index++) {
      const job = await openJob({ days: 20 + index });
      expect((await take(token, job.id)).status).toBe(200);
      const dropped = await dropOnPage(cookie, job.id);
      expect(dropped.status).toBe(303);
    }
    const next = await openJob({ days: 30 });
    const refused = await take(token, next.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(
      /^You gave back more than 3 jobs in 7 days, so you can take new jobs again from /,
    );

    const offers = await call(offersApi, getRequest("/api/driver/offers", { token, ip: uniqueIp() }));
    expect(offers.body.offers).toEqual([]);
    expect(offers.body.paused).toBe(refused.body.error);
    const page = await call(driverRoute.loader, getRequest("/driver", { cookie }));
    expect(page.body.takingPaused).toBe(refused.body.error);

    const { drivers } = await listDrivers({ page: 1, take: 500 });
    const card = drivers.find((each) => each.id === row.id)!;
    expect(card.droppedJobs).toBe(4);
    expect(card.droppedLately).toMatch(/^4 · taking paused until \d+ \w{3} \d{4}, \d\d:\d\d$/);

    // A day later the pause is over.
    const { offersFor } = await import("~/server/drivers/offers.server");
    const tomorrow = await offersFor(user.id, new Date(Date.now() + 25 * 3_600_000));
    expect(tomorrow.paused).toBeNull();
  });

  it("a dropped job's address and contact leave the driver's pages and API answers at once", async () => {
    const job = await openJob({ days: 18 });
    const { token, cookie } = await driver();
    const taken = await take(token, job.id);
    expect(JSON.stringify(taken.body)).toContain("Secretname");
    expect((await dropOnPage(cookie, job.id)).status).toBe(303);

    const page = await call(driverRoute.loader, getRequest("/driver", { cookie }));
    expect(JSON.stringify(page.body)).not.toContain("Secretname");
    expect(JSON.stringify(page.body)).not.toContain("Grey Street");
    const chat = await call(trackerRoute.loader, getRequest(trackerPath(job.id, "chat"), { cookie }));
    expect(chat.status).toBe(404);
    // Its proof page says, in words, that it is not theirs any more.
    const proofPage = await call(completePage.loader, getRequest(`/driver/jobs/${job.id}/complete`, { cookie }), {
      id: job.id,
    });
    expect(proofPage).toMatchObject({ status: 404, body: "This job is not yours any more." });
    const stranger = await driver();
    const neverTheirs = await call(
      completePage.loader,
      getRequest(`/driver/jobs/${job.id}/complete`, { cookie: stranger.cookie }),
      { id: job.id },
    );
    expect(neverTheirs).toMatchObject({ status: 404, body: "That job is not assigned to you." });
    // Taking it again is refused, with nothing of the customer in the answer.
    const again = await take(token, job.id);
    expect(again.status).toBe(403);
    expect(again.body.error).toBe(DISPATCH_MESSAGES.droppedBefore);
    expect(JSON.stringify(again.body)).not.toContain("Secretname");
  });
});

// ---------------------------------------------------------------- the phone's time

/** Today's job under way since an hour ago (started at 00:30, UK time), its driver's token and cookie. */
async function jobUnderWay({ moveDate = ukToday() }: { moveDate?: string } = {}) {
  const { user, driver: row, token, cookie } = await driver();
  const created = await createBooking("in_progress");
  const booking = await db.booking.update({
    where: { id: created.id },
    data: {
      driverId: row.id,
      trackingStatus: "en_route",
      paymentState: "paid",
      moveDate: new Date(`${moveDate}T00:00:00Z`),
      moveTime: "00:30",
    },
  });
  await db.trackingEvent.create({
    data: {
      bookingId: booking.id,
      status: "en_route",
      createdById: user.id,
      happenedAt: minutesAgo(60),
      createdAt: minutesAgo(60),
    },
  });
  // Last heard from before the phone lost its signal.
  await db.driver.update({ where: { id: row.id }, data: { lastHeardAt: minutesAgo(50) } });
  return { booking, user, driver: row, token, cookie };
}

const PHOTO = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3b82f6" } })
  .jpeg()
  .toBuffer();

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

const send = (token: string, body: Record<string, unknown>) =>
  call(queuedApi, jsonRequest("/api/driver/actions", body, { token }));
const step = (bookingId: string, status: string, happenedAt: Date) => ({
  id: crypto.randomUUID(),
  kind: "step",
  bookingId,
  status,
  happenedAt: happenedAt.toISOString(),
});

describe("the phone's time counts only when the phone really had no signal", () => {
  it("a phone online the whole time cannot date its arrival back: the time received counts, and the history says why", async () => {
    const { booking, token, cookie } = await jobUnderWay();
    // The driver's page is open and reading: the server hears from the phone.
    expect((await call(driverRoute.loader, getRequest("/driver", { cookie }))).status).toBe(200);
    const phoneSays = minutesAgo(17);
    const cheat = step(booking.id, "nearby", phoneSays);
    // Sent twice at once, as a phone retrying would: applied once, at the time received.
    const answers = await Promise.all([send(token, cheat), send(token, cheat)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const recorded = await db.trackingEvent.findFirstOrThrow({ where: { bookingId: booking.id, status: "nearby" } });
    expect(recorded.happenedAt.getTime()).toBe(recorded.createdAt.getTime());
    expect(recorded.phoneAt?.toISOString()).toBe(phoneSays.toISOString());
    expect(recorded.phoneOnlineAt!.getTime()).toBeGreaterThan(phoneSays.getTime());
    expect(await db.trackingEvent.count({ where: { bookingId: booking.id, status: "nearby" } })).toBe(1);

    const details = await bookingDetails(booking.id);
    const line = details!.history.find((entry) => entry.text === "Nearby")!;
    // The phone's time alone on the same UK day; with its date when it falls on the day before.
    const phoneText =
      ukDateTime(phoneSays).date === ukDateTime(recorded.createdAt).date
        ? ukDateTime(phoneSays).time
        : formatUkDateTime(phoneSays);
    expect(line.atText).toBe(
      `sent ${formatUkDateTime(recorded.createdAt)}, phone says ${phoneText}, not believed: the phone was online at ${ukDateTime(recorded.phoneOnlineAt!).time}`,
    );
  });

  it("a phone with no signal is believed, each of its queued actions in turn; their deliveries are not hearing from it", async () => {
    const { booking, token } = await jobUnderWay();
    const nearbyAt = minutesAgo(30);
    const arrivedAt = minutesAgo(20);
    expect((await send(token, step(booking.id, "nearby", nearbyAt))).status).toBe(200);
    expect((await send(token, step(booking.id, "arrived", arrivedAt))).status).toBe(200);
    const steps = await db.trackingEvent.findMany({ where: { bookingId: booking.id }, orderBy: { happenedAt: "asc" } });
    expect(steps.map((each) => [each.status, each.happenedAt.toISOString()])).toEqual([
      ["en_route", expect.any(String)],
      ["nearby", nearbyAt.toISOString()],
      ["arrived", arrivedAt.toISOString()],
    ]);
  });

  it("an arrival dated back while online does not make a late driver on time", async () => {
    const { booking, token, driver: row } = await jobUnderWay();
    await db.driver.update({ where: { id: row.id }, data: { lastHeardAt: minutesAgo(2) } });
    await send(token, step(booking.id, "nearby", minutesAgo(40)));
    await send(token, step(booking.id, "arrived", minutesAgo(35)));
    const arrival = await db.driverJobEvent.findFirstOrThrow({ where: { bookingId: booking.id, kind: "arrival" } });
    // Booked for 00:30 today; arrived (as received) now, so at least as late as the clock says.
    const lateByReceipt = Math.floor((Date.now() - new Date(`${ukToday()}T00:30:00Z`).getTime()) / 60_000);
    expect(arrival.minutesLate).toBeGreaterThanOrEqual(lateByReceipt - 61); // BST shifts the booked start by an hour
    const arrived = await db.trackingEvent.findFirstOrThrow({ where: { bookingId: booking.id, status: "arrived" } });
    expect(arrived.happenedAt.getTime()).toBe(arrived.createdAt.getTime());
  });

  it("a completion dated back while online is completed when received: the payout hold and the problem and claim windows run from then", async () => {
    const { booking, token, driver: row } = await jobUnderWay();
    await send(token, step(booking.id, "nearby", minutesAgo(45)));
    await send(token, step(booking.id, "arrived", minutesAgo(44)));
    await db.driver.update({ where: { id: row.id }, data: { lastHeardAt: minutesAgo(1) } });
    const received = Date.now();
    const proof = await sendProof(token, booking.id, {
      actionId: crypto.randomUUID(),
      happenedAt: minutesAgo(40).toISOString(),
      stop: "0",
    });
    expect(proof.status).toBe(200);
    const done = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(done.completedAt!.getTime()).toBeGreaterThanOrEqual(received - 1000);
    const earning = await db.driverLedgerEntry.findFirstOrThrow({ where: { bookingId: booking.id, kind: "earning" } });
    expect(earning.availableAt!.getTime()).toBe(done.completedAt!.getTime() + 48 * 3_600_000);
    const delivered = await db.deliveryProof.findFirstOrThrow({ where: { bookingId: booking.id } });
    expect(delivered.happenedAt.getTime()).toBe(done.completedAt!.getTime());
  });

  it("yesterday's missed job cannot be started today with yesterday's time from a phone that was online", async () => {
    const yesterday = ukDateTime(new Date(Date.now() - 86_400_000)).date;
    const { booking, token, user } = await jobUnderWay({ moveDate: yesterday });
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "assigned", status: "assigned" } });
    await db.trackingEvent.deleteMany({ where: { bookingId: booking.id } });
    await db.driver.update({ where: { userId: user.id }, data: { lastHeardAt: minutesAgo(1) } });
    // A moment on yesterday's date (UK) within the last 24 hours.
    const lateStart = new Date(Math.min(Date.now() - 23 * 3_600_000, ukInstant(yesterday, "23:59").getTime()));
    const refused = await send(token, step(booking.id, "en_route", lateStart));
    expect(refused.status).toBe(409);
    expect(await db.trackingEvent.count({ where: { bookingId: booking.id } })).toBe(0);

    // Truly offline since before that time: the phone's time is believed, and the day's rule
    // is read at it.
    await db.driver.update({
      where: { userId: user.id },
      data: { lastHeardAt: new Date(lateStart.getTime() - 60_000) },
    });
    const believed = await send(token, step(booking.id, "en_route", lateStart));
    expect(believed.status).toBe(200);
    const started = await db.trackingEvent.findFirstOrThrow({ where: { bookingId: booking.id } });
    expect(started.happenedAt.toISOString()).toBe(lateStart.toISOString());
  });
});

// ---------------------------------------------------------------- the demo passes its own rules

describe("checkout fills in the phone the account has", () => {
  it("prefills it, and keeps the number given at checkout for the next time", async () => {
    const customer = await createAccount();
    await db.user.update({ where: { id: customer.id }, data: { phone: "+447400900201" } });
    const created = await createBooking("pending");
    const booking = await db.booking.update({
      where: { id: created.id },
      data: { customerId: customer.id, customerPhone: null, moveDate: inDays(20) },
    });
    const cookie = await sessionCookie(customer);
    const page = await call(stripeCheckout.loader, getRequest(`/stripe-checkout?booking=${booking.id}`, { cookie }));
    expect(page.body.defaults.customerPhone).toBe("07400 900201");

    const paid = await call(
      stripeCheckout.action,
      formRequest(
        "/stripe-checkout",
        {
          bookingId: booking.id,
          customerName: "Prefilled Person",
          customerEmail: customer.email,
          customerPhone: "07400 900999",
          textUpdates: "on",
        },
        { cookie, ip: uniqueIp() },
      ),
    );
    expect(paid.status).toBe(303);
    expect((await db.user.findUniqueOrThrow({ where: { id: customer.id } })).phone).toBe("+447400900999");
  });
});

// ---------------------------------------------------------------- what the site claims is true

describe("the site's rating", () => {
  it("is computed from customers' real ratings of completed moves, and stated only from 10 of them", async () => {
    const customer = await createAccount();
    const { driver: row } = await driver();
    const cookie = await sessionCookie(customer);
    const rateOnce = async (stars: string) => {
      const created = await createBooking("completed");
      await db.booking.update({ where: { id: created.id }, data: { customerId: customer.id, driverId: row.id } });
      const answer = await call(ratePage.action, formRequest(`/bookings/${created.id}/rate`, { stars }, { cookie }), {
        id: created.id,
      });
      expect(answer.status).toBe(303);
    };
    // Each read a later hour than the last, past the few minutes a reading is kept.
    let hoursOn = 0;
    const fresh = () => siteRating(Date.now() + ++hoursOn * 3_600_000);
    const aggregate = async () => {
      const all = await db.driverRating.aggregate({
        where: { booking: { status: "completed" } },
        _sum: { stars: true },
        _count: { _all: true },
      });
      return { sum: all._sum.stars ?? 0, count: all._count._all };
    };

    // The database is shared with other tests: rate until there are at least 10 in all.
    const before = await aggregate();
    if (before.count < 9) for (let index = before.count; index < 9; index++) await rateOnce("4");
    const nine = await aggregate();
    if (nine.count === 9) {
      expect(await fresh()).toBeNull();
      // Nothing below 10: the pages and the structured data state no rating at all.
      expect((await call(rootLoader as never, getRequest("/"))).body.siteRating).toBeNull();
    }
    await rateOnce("5");
    const { sum, count } = await aggregate();
    const rating = await fresh();
    expect(rating).toEqual({ value: (Math.floor((20 * sum + count) / (2 * count)) / 10).toFixed(1), count });
    // A cancelled booking's rating (there should be none) does not count.
    const cancelled = await createBooking("cancelled");
    await db.driverRating.create({
      data: { bookingId: cancelled.id, driverId: row.id, customerId: customer.id, stars: 1 },
    });
    expect((await fresh())!.count).toBe(count);
  });
});

// ---------------------------------------------------------------- smaller holes

describe("saving availability", () => {
  it("is rate-limited: past 20 changes in 10 minutes the driver reads why, with what they typed", async () => {
    const { cookie } = await driver();
    const { action: availabilityAction } = await import("~/routes/driver+/availability");
    const save = (radius: number) =>
      call(
        availabilityAction,
        formRequest(
          "/driver/availability",
          { intent: "save", basePostcode: "NE6 1AA", workingRadiusMiles: String(radius), jobsPerDay: "2" },
          { cookie, ip: uniqueIp() },
        ),
      );
    for (let index = 0; index < 20; index++) expect((await save(20 + index)).status).toBe(302);
    const refused = await save(77);
    expect(refused.status).toBe(429);
    expect(refused.body.error[""]).toEqual([AVAILABILITY_MESSAGES.tooManyChanges]);
    expect(refused.body.initialValue).toMatchObject({ workingRadiusMiles: "77" });
    const day = await call(
      availabilityAction,
      formRequest("/driver/availability", { intent: "add-day", day: ukToday() }, { cookie, ip: uniqueIp() }),
    );
    expect(day.status).toBe(429);
    expect(day.body).toMatchObject({ error: AVAILABILITY_MESSAGES.tooManyChanges, typed: ukToday() });
  });

  it("tells no driver's page, their own or another's: only their own offers are worked out again", async () => {
    const heard: string[] = [];
    const { driver: row } = await driver();
    const { driver: other } = await driver();
    const stops = await Promise.all(
      [row.id, other.id].map((id) =>
        subscribeToTopic<OfferEvent>(offersTopic(id), (event) => heard.push(`${id}:${event.change}`)),
      ),
    );
    try {
      for (let index = 0; index < 5; index++)
        await saveAvailability(row.id, { basePostcode: "NE6 1AA", workingRadiusMiles: 30 + index, jobsPerDay: 2 });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(heard).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });
});

describe("the district an offer shows", () => {
  it("is never a street or a house's name: the town, or that the address comes with the job", async () => {
    const job = await openJob({ days: 25 });
    await db.booking.update({
      where: { id: job.id },
      data: { pickupAddress: "Chelmsford, Rose Cottage", deliveryAddress: "The Old Rectory, Mill Lane" },
    });
    const { token, driver: row } = await driver();
    await db.driver.update({ where: { id: row.id }, data: { basePostcode: "CM2 0AA" } });
    const offers = await call(offersApi, getRequest("/api/driver/offers", { token, ip: uniqueIp() }));
    const offer = offers.body.offers.find((each: { bookingId: string }) => each.bookingId === job.id);
    expect(offer).toMatchObject({ from: "Chelmsford", to: "Address given when you take the job" });
    expect(JSON.stringify(offers.body)).not.toMatch(/Rose Cottage|Rectory|Mill Lane/);
  });
});

describe("proofs sent by a phone", () => {
  it("to a job that is not the driver's: refused before a byte of a photo is decoded or stored", async () => {
    const { booking } = await jobUnderWay();
    const stranger = await driver();
    const form = new FormData();
    // Not even a picture: were it read, the answer would be about the photo.
    form.append("photos", new File([new Uint8Array(2_000_000).fill(7)], "big.jpg", { type: "image/jpeg" }));
    form.append("recipientName", "Robin Recipient");
    form.append("signedName", "Robin Recipient");
    form.append("actionId", crypto.randomUUID());
    form.append("happenedAt", new Date().toISOString());
    const request = new Request(`http://localhost/api/driver/jobs/${booking.id}/proof`, {
      method: "POST",
      body: form,
      headers: { Authorization: `Bearer ${stranger.token}` },
    });
    const answer = await call(queuedProofApi, request, { id: booking.id });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ refused: true });
    expect(await getStorage().list(`proofs/${booking.id}`)).toEqual([]);

    const toSupport = new Request(`http://localhost/api/driver/jobs/${booking.id}/proof-to-support`, {
      method: "POST",
      body: form,
      headers: { Authorization: `Bearer ${stranger.token}` },
    });
    expect((await call(proofToSupportApi, toSupport, { id: booking.id })).status).toBe(404);
    expect(await getStorage().list(`proofs/${booking.id}`)).toEqual([]);
  });

  it("handed to support twice, and twice at once: one ticket and one e-mail; the repeats are duplicates", async () => {
    const { booking, token } = await jobUnderWay();
    const handOver = (actionId: string) => {
      const form = new FormData();
      form.append("photos", new File([new Uint8Array(PHOTO)], "delivery.jpg", { type: "image/jpeg" }));
      form.append("recipientName", "Robin Recipient");
      form.append("signedName", "Robin Recipient");
      form.append("actionId", actionId);
      form.append("why", "This job was given to another driver at 13:50; your proof of delivery was not recorded.");
      const request = new Request(`http://localhost/api/driver/jobs/${booking.id}/proof-to-support`, {
        method: "POST",
        body: form,
        headers: { Authorization: `Bearer ${token}` },
      });
      return call(proofToSupportApi, request, { id: booking.id });
    };
    const actionId = `${crypto.randomUUID()}-support`;
    const [first, atOnce] = await Promise.all([handOver(actionId), handOver(actionId)]);
    const again = await handOver(actionId);
    expect([first, atOnce, again].map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect([first, atOnce, again].filter((answer) => answer.body.duplicate === false)).toHaveLength(1);
    expect(await db.supportRequest.count({ where: { bookingId: booking.id, kind: "support" } })).toBe(1);
    expect(await db.message.count({ where: { bookingId: booking.id, kind: "kept-proof-to-support" } })).toBe(1);
    // The duplicates' photos were not kept.
    expect(await getStorage().list(`proofs/${booking.id}`)).toHaveLength(1);

    const missing = await handOver("");
    expect(missing.status).toBe(400);
  });
});
