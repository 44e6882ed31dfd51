// Self-dispatch against a real PostgreSQL: a paid booking is open to the drivers who
// may do it, through the JSON API; twenty pressing "take" at once give one winner; an offer
// shows no street and no customer until taken; each rule that stops a driver is named.
import { beforeAll, describe, expect, it } from "vitest";
import { DISPATCH_MESSAGES } from "~/domain/dispatch";
import { loader as offersApi } from "~/routes/api+/driver.offers";
import { action as takeApi } from "~/routes/api+/driver.offers.$bookingId.take";
import { unassignDriver } from "~/server/admin/booking-commands.server";
import { bookingDetails, needsDriverCount } from "~/server/admin/bookings.server";
import { runDispatch } from "~/server/drivers/dispatch.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { bearerFor, call, createAccount, getRequest, jsonRequest, unique, uniqueIp } from "./auth-helpers";
import { createBooking } from "./factories";
import { deliverQueuedMessages, readOutbox } from "./messages";

const inDays = (days: number) =>
  new Date(`${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);

/** A paid booking open to drivers since `openedMinutesAgo`, with a customer's details on it. */
async function openJob({
  days = 10,
  openedMinutesAgo = 120,
  vanSize = "medium" as const,
  pickupAddress = "12 Grey Street, Newcastle upon Tyne NE1 6EE",
} = {}) {
  const booking = await createBooking("pending");
  return db.booking.update({
    where: { id: booking.id },
    data: {
      paymentState: "paid",
      vanSize,
      moveDate: inDays(days),
      moveTime: "10:00",
      pickupAddress,
      deliveryAddress: "40 Osborne Road, Jesmond, Newcastle upon Tyne NE2 2AL",
      customerName: "Priya Secretname",
      customerEmail: `priya-${unique()}@example.com`,
      customerPhone: "+447400900321",
      openedAt: new Date(Date.now() - openedMinutesAgo * 60_000),
    },
  });
}

/** An approved driver with an account and a token, based in Newcastle. */
async function driver(
  overrides: { vanType?: "small" | "medium" | "large" | "luton"; basePostcode?: string | null } = {},
) {
  const user = await createAccount({ role: "driver" });
  const row = await db.driver.create({
    data: {
      name: `Driver ${unique()}`,
      email: user.email,
      phone: "+447400900999",
      experience: "3-5",
      vanType: overrides.vanType ?? "large",
      location: "Newcastle upon Tyne",
      approvalStatus: "approved",
      agreementAcceptedAt: new Date(),
      userId: user.id,
      basePostcode: overrides.basePostcode === undefined ? "NE6 1AA" : overrides.basePostcode,
    },
  });
  return { user, driver: row, token: await bearerFor(user) };
}

const offers = (token: string) => call(offersApi, getRequest("/api/driver/offers", { token, ip: uniqueIp() }));
const take = (token: string, bookingId: string) =>
  call(takeApi, jsonRequest(`/api/driver/offers/${bookingId}/take`, {}, { token, ip: uniqueIp() }), { bookingId });

describe("GET /api/driver/offers", () => {
  it("lists an open job for an eligible driver, by district only: no street, no customer", async () => {
    const job = await openJob();
    const { token } = await driver();
    const answer = await offers(token);
    expect(answer.status).toBe(200);
    const offer = answer.body.offers.find((each: { bookingId: string }) => each.bookingId === job.id);
    expect(offer).toMatchObject({
      from: "NE1",
      to: "NE2",
      window: "10:00–12:00",
      van: "Medium Van",
      share: "£30.00",
    });
    expect(offer.distanceFromBase).toMatch(/miles$/);
    const json = JSON.stringify(answer.body);
    for (const secret of ["Grey Street", "Osborne Road", "Priya", job.customerEmail!, "+447400900321", "900321"])
      expect(json).not.toContain(secret);
  });

  it("leaves out what the driver may not take: a bigger van, too far, no base", async () => {
    const job = await openJob({ vanSize: "luton" as never });
    for (const who of [
      await driver({ vanType: "large" }),
      await driver({ basePostcode: "B1 1AA" }),
      await driver({ basePostcode: null }),
    ]) {
      const listed = (await offers(who.token)).body.offers.map((each: { bookingId: string }) => each.bookingId);
      expect(listed).not.toContain(job.id);
    }
  });

  it("is for drivers only: 401 without a token, 403 for a customer", async () => {
    expect((await call(offersApi, getRequest("/api/driver/offers", { ip: uniqueIp() }))).status).toBe(401);
    const customer = await createAccount({ role: "customer" });
    expect((await offers(await bearerFor(customer))).status).toBe(403);
  });
});

describe("POST /api/driver/offers/:bookingId/take", () => {
  it("twenty eligible drivers at once: one 200, nineteen 409s, one assignment, one customer message", async () => {
    const job = await openJob();
    const drivers = await Promise.all(Array.from({ length: 20 }, () => driver()));
    const answers = await Promise.all(drivers.map((each) => take(each.token, job.id)));
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    const losers = answers.filter((answer) => answer.status === 409);
    expect(losers).toHaveLength(19);
    for (const loser of losers) expect(loser.body.error).toBe("Another driver has taken this job");

    const after = await db.booking.findUniqueOrThrow({ where: { id: job.id } });
    const winner = drivers[answers.indexOf(winners[0]!)]!;
    expect(after).toMatchObject({
      driverId: winner.driver.id,
      status: "assigned",
      trackingStatus: "assigned",
      openedAt: null,
    });
    expect(await db.message.count({ where: { bookingId: job.id, kind: "driver-assigned" } })).toBe(1);
    expect(await db.auditLog.count({ where: { targetId: job.id, action: "booking.taken" } })).toBe(1);
    const details = await bookingDetails(job.id);
    expect(details!.dispatchText).toMatch(/^Taken by Driver .+ at \d+ \w+ \d{4}, \d\d:\d\d$/);
    expect(details!.history[0]!.text).toMatch(/^Driver .+ took the job$/);
    // The winner now sees the street and the customer's contact.
    expect(winners[0]!.body.booking).toMatchObject({
      pickupAddress: job.pickupAddress,
      customer: { name: "Priya Secretname", phone: "+447400900321" },
    });
    // And the job has left everyone's list.
    for (const each of drivers.slice(0, 3)) {
      const listed = (await offers(each.token)).body.offers.map((offer: { bookingId: string }) => offer.bookingId);
      expect(listed).not.toContain(job.id);
    }
  });

  it("a driver's second tap on a job they took is answered as the first, and changes nothing", async () => {
    const job = await openJob();
    const { token } = await driver();
    const [first, second] = await Promise.all([take(token, job.id), take(token, job.id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const again = await take(token, job.id);
    expect(again.status).toBe(200);
    expect(again.body.booking.reference).toBe(job.reference);
    expect(await db.auditLog.count({ where: { targetId: job.id, action: "booking.taken" } })).toBe(1);
    expect(await db.message.count({ where: { bookingId: job.id, kind: "driver-assigned" } })).toBe(1);
  });

  it("names the rule that stops a driver (403), and 404 for no such open job", async () => {
    const job = await openJob({ vanSize: "luton" as never });
    const small = await driver({ vanType: "large" });
    const refused = await take(small.token, job.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("This job needs a luton van");
    expect((await take(small.token, "no-such-job")).status).toBe(404);
    // In its first 30 minutes a job goes to the first wave only: a driver 25 miles away waits.
    const fresh = await openJob({ openedMinutesAgo: 5 });
    const far = await driver({ basePostcode: "DH1 1AA" });
    const early = await take(far.token, fresh.id);
    expect(early.status).toBe(403);
    expect(early.body.error).toMatch(/^This job is offered to nearby drivers first; it opens to you at \d\d:\d\d$/);
    expect((await db.booking.findUniqueOrThrow({ where: { id: fresh.id } })).driverId).toBeNull();
  });

  it("a job the driver gave back is not offered to them again", async () => {
    const job = await openJob();
    const { token, driver: row } = await driver();
    await db.driverJobEvent.create({ data: { driverId: row.id, bookingId: job.id, kind: "dropped" } });
    const refused = await take(token, job.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(DISPATCH_MESSAGES.droppedBefore);
  });
});

describe("the dispatch schedule (runDispatch)", () => {
  // The schedule works on every open job: this file's runs start with none but their own (earlier
  // files' paid bookings are closed to drivers here), so they tell only this file's drivers.
  beforeAll(async () => {
    await db.booking.updateMany({ where: { openedAt: { not: null } }, data: { openedAt: null } });
  });

  const offersOf = (bookingId: string) =>
    db.dispatchOffer.findMany({ where: { bookingId }, select: { driverId: true, wave: true } });

  it("tells the first wave first, everyone after 30 minutes, each driver once, by e-mail and text", async () => {
    // In Wolverhampton, where no other test's drivers are.
    const job = await openJob({ openedMinutesAgo: 5, pickupAddress: "1 Lichfield Street, Wolverhampton WV1 1AA" });
    const near = await driver({ basePostcode: "WV2 1AA" }); // a mile away: new, so meets the bars
    const far = await driver({ basePostcode: "DY10 1AA" }); // Kidderminster, ~17 miles: wave 2 only
    const now = new Date();
    await runDispatch(now);
    const firstWave = (await offersOf(job.id)).map((offer) => offer.driverId);
    expect(firstWave).toEqual([near.driver.id]);
    expect(
      await db.message.count({ where: { bookingId: job.id, kind: "job-offer", recipient: near.user.email } }),
    ).toBe(1);

    // 30 minutes after it opened: wave 2, the far driver too; the near one is not told again.
    await runDispatch(new Date(job.openedAt!.getTime() + 31 * 60_000));
    await runDispatch(new Date(job.openedAt!.getTime() + 32 * 60_000));
    const offers = await offersOf(job.id);
    expect(offers).toEqual(
      expect.arrayContaining([
        { driverId: near.driver.id, wave: 1 },
        { driverId: far.driver.id, wave: 2 },
      ]),
    );
    expect(
      await db.message.count({ where: { bookingId: job.id, kind: "job-offer", recipient: near.user.email } }),
    ).toBe(1);
    // One e-mail and one text per driver told (other tests' drivers in Birmingham are in wave 2 too).
    expect(await db.message.count({ where: { bookingId: job.id, kind: "job-offer" } })).toBe(offers.length);
    expect(await db.message.count({ where: { bookingId: job.id, kind: "text-job-offer" } })).toBe(offers.length);

    // The e-mail says where by district and the share, never the street or the customer.
    await deliverQueuedMessages();
    const [mail] = await readOutbox(far.user.email);
    expect(mail!.subject).toMatch(/^A new job for you: WV1 to NE2, /);
    expect(mail!.text).toContain("Your share: £30.00");
    expect(mail!.text).not.toContain("Grey Street");
    expect(mail!.text).not.toContain("Priya");
  });

  it("flags a job still open 48 hours before its start, once, by e-mail to OPS_EMAIL and in the history", async () => {
    const job = await openJob({ days: 10, openedMinutesAgo: 60 * 24 * 3 });
    const start = new Date(`${job.moveDate.toISOString().slice(0, 10)}T10:00:00Z`).getTime();
    await runDispatch(new Date(start - 49 * 3_600_000));
    expect((await db.booking.findUniqueOrThrow({ where: { id: job.id } })).needsDriverAt).toBeNull();
    await runDispatch(new Date(start - 47 * 3_600_000));
    await runDispatch(new Date(start - 46 * 3_600_000));
    expect((await db.booking.findUniqueOrThrow({ where: { id: job.id } })).needsDriverAt).toBeInstanceOf(Date);
    const flags = await db.message.findMany({ where: { bookingId: job.id, kind: "needs-a-driver" } });
    expect(flags).toHaveLength(1);
    expect(flags[0]!.recipient).toBe(env.OPS_EMAIL ?? env.SUPPORT_EMAIL);
    expect(await db.auditLog.count({ where: { targetId: job.id, action: "booking.needs_driver" } })).toBe(1);
    // The admins see it on the booking, in its history, and counted on the dashboard.
    const details = await bookingDetails(job.id);
    expect(details!.dispatchText).toMatch(/^Needs a driver: open since .+; offered to \d+ drivers? \(wave 2\)$/);
    expect(details!.history.map((entry) => entry.text)).toContain("Flagged: still needs a driver");
    expect(await needsDriverCount()).toBeGreaterThanOrEqual(1);
  });
});

describe("an admin takes the driver off a job (unassignDriver)", () => {
  it("opens it to drivers again, texts the driver it is no longer theirs, and says so in the history", async () => {
    const job = await openJob();
    const first = await driver();
    expect((await take(first.token, job.id)).status).toBe(200);
    const admin = await createAccount({ role: "admin" });
    expect(await unassignDriver(admin.id, job.id)).toMatchObject({ ok: true });
    expect(await db.booking.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      driverId: null,
      status: "pending",
      trackingStatus: null,
    });
    expect(
      await db.message.count({ where: { bookingId: job.id, kind: "text-job-cancelled", recipient: "+447400900999" } }),
    ).toBe(1);
    const other = await driver();
    const listed = (await offers(other.token)).body.offers.map((offer: { bookingId: string }) => offer.bookingId);
    expect(listed).toContain(job.id);
    expect((await bookingDetails(job.id))!.history[0]!.text).toMatch(/taken off the job; open to drivers again$/);
    // Not twice, and not once the job has started.
    expect(await unassignDriver(admin.id, job.id)).toMatchObject({ ok: false, status: 409 });
  });
});
