// The stored offers against a real PostgreSQL: a job that opens is offered as rows to the drivers
// of its wave, found by the index on their bases; a driver's list is their rows; a change is told
// live only to the drivers it concerns, across instances (LISTEN/NOTIFY); a driver changing their
// availability changes only their own rows.
import { beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCED_PER_WAVE } from "~/domain/dispatch";
import { loader as offersApi } from "~/routes/api+/driver.offers";
import { action as takeApi } from "~/routes/api+/driver.offers.$bookingId.take";
import * as offerEvents from "~/routes/api+/driver.offers.events";
import { cancelBooking } from "~/server/bookings/cancellations.server";
import { openForDrivers } from "~/server/bookings/open-jobs.server";
import { changeDayOff, runDispatch, saveAvailability } from "~/server/drivers/dispatch.server";
import { db } from "~/server/platform/db.server";
import { offersTopic, publishOfferChange, subscribeToTopic, type OfferEvent } from "~/server/platform/live.server";
import { bearerFor, call, createAccount, getRequest, jsonRequest, unique, uniqueIp } from "./auth-helpers";
import { readEvents } from "./event-streams";
import { createBooking } from "./factories";

const inDays = (days: number) =>
  new Date(`${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);

/** A paid booking (in Newcastle unless said), opened to drivers as a payment opens it (the queue's job and all). */
async function openJob({
  days = 10,
  moveTime = "10:00",
  pickupAddress = "12 Grey Street, Newcastle upon Tyne NE1 6EE",
} = {}) {
  const booking = await createBooking("pending");
  await db.booking.update({
    where: { id: booking.id },
    data: {
      paymentState: "paid",
      vanSize: "medium",
      moveDate: inDays(days),
      moveTime,
      pickupAddress,
      deliveryAddress: "40 Osborne Road, Jesmond, Newcastle upon Tyne NE2 2AL",
    },
  });
  await db.$transaction((tx) => openForDrivers(tx, booking.id));
  return db.booking.findUniqueOrThrow({ where: { id: booking.id } });
}

/** An approved driver with an account and a token, by default a few miles from the pickup. */
async function driver(basePostcode = "NE6 1AA") {
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
      basePostcode,
    },
  });
  return { user, driver: row, token: await bearerFor(user) };
}

const offeredTo = async (bookingId: string) =>
  (await db.dispatchOffer.findMany({ where: { bookingId }, select: { driverId: true } })).map((row) => row.driverId);
const listed = async (token: string) =>
  (await call(offersApi, getRequest("/api/driver/offers", { token, ip: uniqueIp() }))).body.offers.map(
    (offer: { bookingId: string }) => offer.bookingId,
  );

/** What each of these drivers' pages would hear, on this instance, until stopped. */
async function listen(driverIds: string[]) {
  const heard: Record<string, OfferEvent[]> = Object.fromEntries(driverIds.map((id) => [id, []]));
  const stops = await Promise.all(
    driverIds.map((id) => subscribeToTopic<OfferEvent>(offersTopic(id), (event) => heard[id]!.push(event))),
  );
  return { heard, stop: () => stops.forEach((stop) => stop()) };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe("stored offers", () => {
  // Dispatch works on every open job: this file's runs start with none but their own.
  beforeAll(async () => {
    await db.booking.updateMany({ where: { openedAt: { not: null } }, data: { openedAt: null } });
  });

  it("a job that opens is offered to its wave's drivers as rows, each told live and by one e-mail and one text", async () => {
    // In Middlesbrough, where no other test's drivers are: near in TS5, far in Darlington (wave 2).
    const [near, other, far] = [await driver("TS5 4AA"), await driver("TS5 7ZZ"), await driver("DL1 1AA")];
    const ears = await listen([near.driver.id, other.driver.id, far.driver.id]);
    try {
      const job = await openJob({ pickupAddress: "1 Albert Road, Middlesbrough TS1 1AA" });
      // The queue's job is in the opening's transaction.
      expect(
        await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'dispatch' AND data->>'bookingId' = ${job.id}`,
      ).toEqual([{ n: 1 }]);
      await runDispatch();
      expect((await offeredTo(job.id)).sort()).toEqual([near.driver.id, other.driver.id].sort());
      expect((await db.booking.findUniqueOrThrow({ where: { id: job.id } })).offersWave).toBe(1);
      await settle();
      expect(ears.heard[near.driver.id]).toEqual([{ bookingId: job.id, change: "added" }]);
      expect(ears.heard[far.driver.id]).toEqual([]);
      const told = async (kind: string) =>
        (await db.message.findMany({ where: { bookingId: job.id, kind }, select: { recipient: true } }))
          .map((message) => message.recipient)
          .sort();
      expect(await told("job-offer")).toEqual([near.user.email, other.user.email].sort());
      expect(await told("text-job-offer")).toHaveLength(2);

      // Its list is its rows: the job is there, by district.
      expect(await listed(near.token)).toContain(job.id);

      // Wave 2 (30 minutes on) adds the far driver; nobody is told twice.
      await runDispatch(new Date(job.openedAt!.getTime() + 31 * 60_000));
      await runDispatch(new Date(job.openedAt!.getTime() + 32 * 60_000));
      expect(await offeredTo(job.id)).toContain(far.driver.id);
      await settle();
      expect(ears.heard[far.driver.id]).toEqual([{ bookingId: job.id, change: "added" }]);
      expect(ears.heard[near.driver.id]).toHaveLength(1);
      // (Other tests' drivers around Durham may be in its wave 2 too.)
      const toldNow = await told("job-offer");
      expect(toldNow).toEqual(expect.arrayContaining([near.user.email, other.user.email, far.user.email]));
      expect(toldNow.filter((email) => email === near.user.email)).toHaveLength(1);
      expect(await told("text-job-offer")).toHaveLength(toldNow.length);
    } finally {
      ears.stop();
    }
  });

  it("a taken job reaches only the drivers who were offered it, and leaves their lists", async () => {
    const [taker, offered, notOffered] = [await driver(), await driver(), await driver("DH1 1AA")];
    const job = await openJob();
    await runDispatch();
    expect(await offeredTo(job.id)).not.toContain(notOffered.driver.id);
    const ears = await listen([taker.driver.id, offered.driver.id, notOffered.driver.id]);
    try {
      const taken = await call(
        takeApi,
        jsonRequest(`/api/driver/offers/${job.id}/take`, {}, { token: taker.token, ip: uniqueIp() }),
        { bookingId: job.id },
      );
      expect(taken.status).toBe(200);
      await settle();
      expect(ears.heard[offered.driver.id]).toEqual([{ bookingId: job.id, change: "taken" }]);
      expect(ears.heard[notOffered.driver.id]).toEqual([]);
      expect(ears.heard[taker.driver.id]).toEqual([]); // their own page has the answer
      expect(await offeredTo(job.id)).toEqual([]);
      expect(await listed(offered.token)).not.toContain(job.id);
    } finally {
      ears.stop();
    }
  });

  it("an availability change works out only that driver's offers again, and tells nobody", async () => {
    const [mover, stayer] = [await driver(), await driver()];
    const jobs = [await openJob({ days: 11 }), await openJob({ days: 12 })];
    await runDispatch();
    const rowsOf = (driverId: string) =>
      db.dispatchOffer.findMany({ where: { driverId }, select: { id: true, bookingId: true, createdAt: true } });
    const stayerBefore = await rowsOf(stayer.driver.id);
    expect(stayerBefore.map((row) => row.bookingId)).toEqual(expect.arrayContaining(jobs.map((job) => job.id)));
    const messagesBefore = await db.message.count({ where: { bookingId: { in: jobs.map((job) => job.id) } } });
    const ears = await listen([mover.driver.id, stayer.driver.id]);
    try {
      // Based in Birmingham now: the Newcastle jobs leave their list.
      await saveAvailability(mover.driver.id, { basePostcode: "B1 1AA", workingRadiusMiles: 25, jobsPerDay: 2 });
      expect((await rowsOf(mover.driver.id)).filter((row) => jobs.some((job) => job.id === row.bookingId))).toEqual([]);
      expect(await listed(mover.token)).not.toContain(jobs[0]!.id);
      // Back in Newcastle with a day off: one job back, the other not.
      await saveAvailability(mover.driver.id, { basePostcode: "NE6 1AA", workingRadiusMiles: 25, jobsPerDay: 2 });
      await changeDayOff(mover.driver.id, "add-day", jobs[1]!.moveDate.toISOString().slice(0, 10));
      const back = (await rowsOf(mover.driver.id)).map((row) => row.bookingId);
      expect(back).toContain(jobs[0]!.id);
      expect(back).not.toContain(jobs[1]!.id);

      // The other driver's rows are the very same rows; no message and no notice went anywhere.
      expect(await rowsOf(stayer.driver.id)).toEqual(stayerBefore);
      expect(await db.message.count({ where: { bookingId: { in: jobs.map((job) => job.id) } } })).toBe(messagesBefore);
      await settle();
      expect(ears.heard).toEqual({ [mover.driver.id]: [], [stayer.driver.id]: [] });
    } finally {
      ears.stop();
    }
  });

  it("a driver's taken job frees nothing and blocks its hour: the taker's own list is worked out again", async () => {
    const taker = await driver();
    const [first, sameHour] = [await openJob({ days: 14 }), await openJob({ days: 14 })];
    await runDispatch();
    expect(await listed(taker.token)).toEqual(expect.arrayContaining([first.id, sameHour.id]));
    const taken = await call(
      takeApi,
      jsonRequest(`/api/driver/offers/${first.id}/take`, {}, { token: taker.token, ip: uniqueIp() }),
      { bookingId: first.id },
    );
    expect(taken.status).toBe(200);
    // The job at the same hour clashes now: gone from their list, still on everyone else's.
    expect(await listed(taker.token)).not.toContain(sameHour.id);
    expect((await offeredTo(sameHour.id)).length).toBeGreaterThan(0);
  });

  it("a cancelled open job leaves the lists of the drivers who had it, told as closed", async () => {
    const customer = await createAccount({ role: "customer" });
    const job = await openJob({ days: 15 });
    await db.booking.update({ where: { id: job.id }, data: { customerId: customer.id } });
    const offered = await driver();
    await runDispatch();
    const ears = await listen([offered.driver.id]);
    try {
      const cancelled = await cancelBooking({
        bookingId: job.id,
        user: { id: customer.id, role: "customer", email: customer.email, username: customer.username },
      });
      expect(cancelled?.status).toBe("cancelled");
      await settle();
      expect(ears.heard[offered.driver.id]).toEqual([{ bookingId: job.id, change: "closed" }]);
      expect(await offeredTo(job.id)).toEqual([]);
    } finally {
      ears.stop();
    }
  });

  it("a job many drivers may take is in all their lists, and e-mailed and texted to the nearest 25", async () => {
    // In Colchester, where no other test's drivers are.
    const nearest = await Promise.all(Array.from({ length: ANNOUNCED_PER_WAVE }, () => driver("CO1 1AA")));
    const further = await Promise.all(Array.from({ length: 5 }, () => driver("CO4 1AA")));
    const job = await openJob({ days: 17, pickupAddress: "3 High Street, Colchester CO1 1DD" });
    await runDispatch();
    const rows = await offeredTo(job.id);
    for (const each of [...nearest, ...further]) expect(rows).toContain(each.driver.id);
    const told = await db.message.findMany({
      where: { bookingId: job.id, kind: "job-offer" },
      select: { recipient: true },
    });
    expect(told).toHaveLength(ANNOUNCED_PER_WAVE);
    const toldTo = told.map((message) => message.recipient);
    for (const each of nearest) expect(toldTo).toContain(each.user.email);
    for (const each of further) expect(toldTo).not.toContain(each.user.email);
    expect(await db.message.count({ where: { bookingId: job.id, kind: "text-job-offer" } })).toBe(ANNOUNCED_PER_WAVE);
  });

  it("a change for thousands of drivers goes as several notices, and each driver hears it once", async () => {
    const many = Array.from({ length: 3000 }, (_, index) => `nobody-${index}`);
    const { driver: row } = await driver();
    const ears = await listen([row.id, "nobody-1500"]);
    try {
      await publishOfferChange({ bookingId: "some-job", change: "taken" }, [...many, row.id]);
      await settle();
      expect(ears.heard[row.id]).toEqual([{ bookingId: "some-job", change: "taken" }]);
      expect(ears.heard["nobody-1500"]).toHaveLength(1);
    } finally {
      ears.stop();
    }
  });

  it("the driver's event stream sends the new offer's card, districts only, and a taken one's id", async () => {
    const watcher = await driver();
    const controller = new AbortController();
    const request = new Request("http://localhost/api/driver/offers/events", {
      headers: { Authorization: `Bearer ${watcher.token}` },
      signal: controller.signal,
    });
    const response = (await offerEvents.loader({ request, params: {}, context: {} })) as Response;
    expect(response.status).toBe(200);
    const stream = response.body!;
    try {
      await readEvents(stream, (event) => event.event === "ready");
      const job = await openJob({ days: 16 });
      await runDispatch();
      const added = (await readEvents(stream, (event) => event.event === "change")).filter(
        (event) => event.event === "change",
      );
      expect(JSON.parse(added[0]!.data)).toMatchObject({
        change: "added",
        offer: { bookingId: job.id, from: "NE1", to: "NE2", window: "10:00–12:00" },
      });
      expect(added[0]!.data).not.toContain("Grey Street");

      const rival = await driver();
      await call(
        takeApi,
        jsonRequest(`/api/driver/offers/${job.id}/take`, {}, { token: rival.token, ip: uniqueIp() }),
        {
          bookingId: job.id,
        },
      );
      const gone = (await readEvents(stream, (event) => event.event === "change")).filter(
        (event) => event.event === "change",
      );
      expect(JSON.parse(gone[0]!.data)).toEqual({ change: "taken", bookingId: job.id });
    } finally {
      controller.abort();
    }
  });
});
