// The tracker, its chat and its event stream against a real PostgreSQL: who may read them
// (the booking's customer, its driver, admins; nobody else), the driver's status steps, read
// ticks, the chat's limits, and a NOTIFY sent from a second database connection arriving on
// the event stream.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MAX_LENGTH } from "~/domain/tracking";
import { ukToday } from "~/domain/uk-calendar";
import * as trackerRoute from "~/routes/_bookings+/booking-tracker";
import * as eventsRoute from "~/routes/api+/bookings.$id.events";
import * as driverRoute from "~/routes/driver+/_index";
import { TRACKER_MESSAGES } from "~/schemas/tracker";
import { CHAT_MESSAGES, CHAT_RATE_LIMIT } from "~/server/bookings/chat.server";
import { advanceTracking, TRACKING_MESSAGES } from "~/server/bookings/tracking.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { LIVE_STREAM_MESSAGES } from "~/server/platform/live-stream.server";
import { LIVE_STREAM_LIMITS, livePayload, subscribeToTopic, type LiveEvent } from "~/server/platform/live.server";
import { bearerFor, call, createAccount, formRequest, getRequest, sessionCookie } from "./auth-helpers";
import { readEvents } from "./event-streams";
import { createApprovedDriver, createBooking } from "./factories";

type Account = Awaited<ReturnType<typeof createAccount>>;

/** A booking with its customer and an assigned driver (with an account), and everyone's cookies. */
async function trackedBooking() {
  const customer = await createAccount();
  const driverUser = await createAccount({ role: "driver" });
  const driver = await createApprovedDriver();
  await db.driver.update({ where: { id: driver.id }, data: { userId: driverUser.id } });
  const created = await createBooking("assigned");
  // Today from midnight: the driver may set off at once (the start window has its own tests).
  const booking = await db.booking.update({
    where: { id: created.id },
    data: {
      customerId: customer.id,
      driverId: driver.id,
      trackingStatus: "assigned",
      paymentState: "paid",
      moveDate: new Date(`${ukToday()}T00:00:00Z`),
      moveTime: "00:00",
    },
  });
  return {
    booking,
    customer,
    driverUser,
    driver,
    customerCookie: await sessionCookie(customer),
    driverCookie: await sessionCookie(driverUser),
  };
}

let admin: Account;
let adminCookie: string;
let strangerCookie: string;
let otherDriverCookie: string;

beforeAll(async () => {
  admin = await createAccount({ role: "admin" });
  adminCookie = await sessionCookie(admin);
  strangerCookie = await sessionCookie(await createAccount());
  const otherDriverUser = await createAccount({ role: "driver" });
  const otherDriver = await createApprovedDriver();
  await db.driver.update({ where: { id: otherDriver.id }, data: { userId: otherDriverUser.id } });
  otherDriverCookie = await sessionCookie(otherDriverUser);
});

const trackerUrl = (id: string, tab = "") => `/booking-tracker?booking=${id}${tab ? `&tab=${tab}` : ""}`;

describe("who may open the tracker", () => {
  it("the customer, the assigned driver and admins; another customer and another driver get a 404; a visitor goes to sign in", async () => {
    const { booking, customerCookie, driverCookie } = await trackedBooking();
    for (const cookie of [customerCookie, driverCookie, adminCookie]) {
      const page = await call(trackerRoute.loader, getRequest(trackerUrl(booking.id), { cookie }));
      expect(page.status).toBe(200);
      expect(page.body.view.reference).toBe(booking.reference);
    }
    for (const cookie of [strangerCookie, otherDriverCookie]) {
      expect(await call(trackerRoute.loader, getRequest(trackerUrl(booking.id), { cookie }))).toMatchObject({
        status: 404,
        thrown: true,
      });
      expect(await call(trackerRoute.loader, getRequest(trackerUrl(booking.id, "chat"), { cookie }))).toMatchObject({
        status: 404,
        thrown: true,
      });
      expect(
        await call(trackerRoute.action, formRequest(trackerUrl(booking.id, "chat"), { content: "hello" }, { cookie })),
      ).toMatchObject({ status: 404, thrown: true });
    }
    const visitor = await call(trackerRoute.loader, getRequest(trackerUrl(booking.id)));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/signin\?redirectTo=/);
    expect(
      await call(trackerRoute.loader, getRequest(trackerUrl("nosuchbooking00000"), { cookie: customerCookie })),
    ).toMatchObject({ status: 404 });
  });

  it("shows the customer's contact details to the driver, not the driver's own screen to anyone else", async () => {
    const { booking, customerCookie, driverCookie } = await trackedBooking();
    const asDriver = await call(trackerRoute.loader, getRequest(trackerUrl(booking.id), { cookie: driverCookie }));
    expect(asDriver.body.viewer).toBe("driver");
    expect(asDriver.body.view.customer).toMatchObject({ name: "Test Customer" });
    const asCustomer = await call(trackerRoute.loader, getRequest(trackerUrl(booking.id), { cookie: customerCookie }));
    expect(asCustomer.body.viewer).toBe("customer");
    expect(asCustomer.body.view.customer).toBeNull();
    expect(asCustomer.body.view.driver).toMatchObject({ completedJobs: 0, rating: "No ratings yet", isNew: true });
  });

  it("without a booking, sends each account to its own place", async () => {
    const { booking, customerCookie, driverCookie } = await trackedBooking();
    expect((await call(trackerRoute.loader, getRequest("/booking-tracker", { cookie: customerCookie }))).location).toBe(
      `/booking-tracker?booking=${booking.id}`,
    );
    expect((await call(trackerRoute.loader, getRequest("/booking-tracker", { cookie: driverCookie }))).location).toBe(
      "/driver",
    );
    expect((await call(trackerRoute.loader, getRequest("/booking-tracker", { cookie: adminCookie }))).location).toBe(
      "/admin/bookings",
    );
    expect((await call(trackerRoute.loader, getRequest("/booking-tracker", { cookie: strangerCookie }))).location).toBe(
      "/bookings",
    );
    // The FAQ's "Live chat" link opens the chat of the customer's next booking.
    expect(
      (await call(trackerRoute.loader, getRequest("/booking-tracker?tab=chat", { cookie: customerCookie }))).location,
    ).toBe(`/booking-tracker?booking=${booking.id}&tab=chat#chat`);
  });
});

describe("the driver's status steps", () => {
  it("go one at a time, move the booking along, count the completed job, and refuse anyone else", async () => {
    const { booking, driverUser, driver, customer } = await trackedBooking();
    const driverSession = {
      id: driverUser.id,
      username: driverUser.username,
      email: driverUser.email,
      role: "driver" as const,
    };
    expect(await advanceTracking({ bookingId: booking.id, user: driverSession, to: "nearby" })).toMatchObject({
      ok: false,
      status: 409,
      message: TRACKING_MESSAGES.outOfOrder,
    });
    const customerSession = {
      id: customer.id,
      username: customer.username,
      email: customer.email,
      role: "customer" as const,
    };
    expect(await advanceTracking({ bookingId: booking.id, user: customerSession, to: "en_route" })).toMatchObject({
      ok: false,
      status: 404,
    });

    // A double click (two posts at once) makes one step.
    const both = await Promise.all(
      [1, 2].map(() => advanceTracking({ bookingId: booking.id, user: driverSession, to: "en_route", etaMinutes: 30 })),
    );
    expect(both.filter((result) => result.ok)).toHaveLength(1);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      trackingStatus: "en_route",
      status: "in_progress",
    });
    expect(await db.trackingEvent.count({ where: { bookingId: booking.id, status: "en_route", etaMinutes: 30 } })).toBe(
      1,
    );

    for (const to of ["nearby", "arrived"] as const)
      expect(await advanceTracking({ bookingId: booking.id, user: driverSession, to })).toMatchObject({ ok: true });
    // "Completed" needs the proof of delivery.
    expect(await advanceTracking({ bookingId: booking.id, user: driverSession, to: "completed" })).toEqual({
      ok: false,
      status: 409,
      message: TRACKING_MESSAGES.needsProof,
    });
    await db.deliveryProof.create({
      data: { bookingId: booking.id, recipientName: "Ann Other", signedName: "Ann Other" },
    });
    expect(await advanceTracking({ bookingId: booking.id, user: driverSession, to: "completed" })).toMatchObject({
      ok: true,
    });
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      trackingStatus: "completed",
      status: "completed",
      completedAt: expect.any(Date),
    });
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).completedJobs).toBe(1);
    expect(await advanceTracking({ bookingId: booking.id, user: driverSession, to: "completed" })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("set off only on the move's day, from 2 hours before its start; the page says when", async () => {
    const { booking, driverUser } = await trackedBooking();
    const driverSession = {
      id: driverUser.id,
      username: driverUser.username,
      email: driverUser.email,
      role: "driver" as const,
    };
    // A move at 09:00 on 3 March 2027 (GMT).
    await db.booking.update({
      where: { id: booking.id },
      data: { moveDate: new Date("2027-03-03"), moveTime: "09:00" },
    });
    const start = (now: string) =>
      advanceTracking({ bookingId: booking.id, user: driverSession, to: "en_route", now: new Date(now) });

    expect(await start("2027-02-17T09:00:00Z")).toEqual({
      ok: false,
      status: 409,
      message: "You can start this job on its day, from 07:00.",
    });
    expect(await start("2027-03-03T06:59:00Z")).toMatchObject({ ok: false, status: 409 });
    expect(await start("2027-03-04T08:00:00Z")).toEqual({
      ok: false,
      status: 409,
      message: "This job's day has passed. Please contact EasyMove support to move it on.",
    });
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).trackingStatus).toBe("assigned");
    expect(await start("2027-03-03T07:00:00Z")).toMatchObject({ ok: true });

    // Weeks before its day, the job shows why it cannot start, and the form is refused.
    const later = await trackedBooking();
    await db.booking.update({
      where: { id: later.booking.id },
      data: { moveDate: new Date(Date.now() + 14 * 86_400_000), moveTime: "09:00" },
    });
    const page = await call(driverRoute.loader, getRequest("/driver", { cookie: later.driverCookie }));
    expect(page.body.upcoming).toEqual([
      expect.objectContaining({
        id: later.booking.id,
        next: null,
        notYet: "You can start this job on its day, from 07:00.",
      }),
    ]);
    const early = await call(
      driverRoute.action,
      formRequest("/driver", { bookingId: later.booking.id, status: "en_route" }, { cookie: later.driverCookie }),
    );
    expect(early).toMatchObject({
      status: 409,
      body: { ok: false, message: "You can start this job on its day, from 07:00." },
    });
  });

  it("the /driver page lists the driver's own jobs only, and its form checks the step", async () => {
    const { booking, driverCookie } = await trackedBooking();
    const other = await trackedBooking();
    const page = await call(driverRoute.loader, getRequest("/driver", { cookie: driverCookie }));
    const ids = [...page.body.today, ...page.body.upcoming].map((job: { id: string }) => job.id);
    expect(ids).toContain(booking.id);
    expect(ids).not.toContain(other.booking.id);

    const refused = await call(
      driverRoute.action,
      formRequest("/driver", { bookingId: other.booking.id, status: "en_route" }, { cookie: driverCookie }),
    );
    expect(refused).toMatchObject({ status: 404, body: { ok: false, message: TRACKING_MESSAGES.notYours } });
    const badEta = await call(
      driverRoute.action,
      formRequest("/driver", { bookingId: booking.id, status: "en_route", etaMinutes: "-5" }, { cookie: driverCookie }),
    );
    expect(badEta).toMatchObject({ status: 400, body: { message: TRACKER_MESSAGES.invalidEta } });
    const badStatus = await call(
      driverRoute.action,
      formRequest("/driver", { bookingId: booking.id, status: "teleported" }, { cookie: driverCookie }),
    );
    expect(badStatus.status).toBe(400);
    const moved = await call(
      driverRoute.action,
      formRequest("/driver", { bookingId: booking.id, status: "en_route", etaMinutes: "12" }, { cookie: driverCookie }),
    );
    expect(moved.status).toBe(303);
    expect(moved.location).toBe("/driver");

    // Customers and visitors are not drivers.
    expect((await call(driverRoute.loader, getRequest("/driver", { cookie: strangerCookie }))).location).toBe("/");
    expect((await call(driverRoute.loader, getRequest("/driver"))).location).toMatch(/^\/signin/);
  });
});

describe("the chat", () => {
  it("stores plain text with sender and time, marks it read when the other side opens the chat, and refuses bad input", async () => {
    const { booking, customerCookie, driverCookie } = await trackedBooking();
    const sent = await call(
      trackerRoute.action,
      formRequest(
        trackerUrl(booking.id, "chat"),
        { content: "  <script>alert(1)</script> on my way  " },
        { cookie: driverCookie },
      ),
    );
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`${trackerUrl(booking.id, "chat")}#chat`);
    const stored = await db.chatMessage.findFirstOrThrow({ where: { bookingId: booking.id } });
    expect(stored).toMatchObject({ sender: "driver", content: "<script>alert(1)</script> on my way", readAt: null });

    // The driver's own view does not mark it read; the customer's chat tab does.
    await call(trackerRoute.loader, getRequest(trackerUrl(booking.id, "chat"), { cookie: driverCookie }));
    expect((await db.chatMessage.findUniqueOrThrow({ where: { id: stored.id } })).readAt).toBeNull();
    const customerUpdates = await call(
      trackerRoute.loader,
      getRequest(trackerUrl(booking.id), { cookie: customerCookie }),
    );
    expect(customerUpdates.body.unread).toBe(1);
    const customerChat = await call(
      trackerRoute.loader,
      getRequest(trackerUrl(booking.id, "chat"), { cookie: customerCookie }),
    );
    expect(customerChat.body.messages).toEqual([
      expect.objectContaining({ sender: "driver", mine: false, content: "<script>alert(1)</script> on my way" }),
    ]);
    expect((await db.chatMessage.findUniqueOrThrow({ where: { id: stored.id } })).readAt).not.toBeNull();
    const driverChat = await call(
      trackerRoute.loader,
      getRequest(trackerUrl(booking.id, "chat"), { cookie: driverCookie }),
    );
    expect(driverChat.body.messages[0]).toMatchObject({ mine: true, read: true });

    const enhanced = await call(
      trackerRoute.action,
      formRequest(trackerUrl(booking.id, "chat"), { content: "Thanks!" }, { cookie: customerCookie, enhanced: true }),
    );
    expect(enhanced).toMatchObject({ status: 200, body: { initialValue: null } });

    const empty = await call(
      trackerRoute.action,
      formRequest(trackerUrl(booking.id, "chat"), { content: "   " }, { cookie: customerCookie }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error.content).toEqual([TRACKER_MESSAGES.messageRequired]);
    const long = "x".repeat(CHAT_MESSAGE_MAX_LENGTH + 1);
    const tooLong = await call(
      trackerRoute.action,
      formRequest(trackerUrl(booking.id, "chat"), { content: long }, { cookie: customerCookie }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.content).toEqual([TRACKER_MESSAGES.messageTooLong]);
    expect(tooLong.body.initialValue.content).toBe(long); // the typed text comes back

    const asAdmin = await call(
      trackerRoute.action,
      formRequest(trackerUrl(booking.id, "chat"), { content: "Admin here" }, { cookie: adminCookie }),
    );
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.error[""]).toEqual([CHAT_MESSAGES.readOnly]);
  });

  it("is rate limited per sender", async () => {
    const { booking, customerCookie } = await trackedBooking();
    const statuses: number[] = [];
    for (let index = 0; index <= CHAT_RATE_LIMIT.limit; index += 1) {
      statuses.push(
        (
          await call(
            trackerRoute.action,
            formRequest(
              trackerUrl(booking.id, "chat"),
              { content: `message ${index}` },
              { cookie: customerCookie, enhanced: true },
            ),
          )
        ).status,
      );
    }
    expect(statuses.slice(0, CHAT_RATE_LIMIT.limit).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await db.chatMessage.count({ where: { bookingId: booking.id } })).toBe(CHAT_RATE_LIMIT.limit);
  });

  it("is closed on a cancelled booking", async () => {
    const { booking, customerCookie } = await trackedBooking();
    await db.booking.update({ where: { id: booking.id }, data: { status: "cancelled" } });
    const refused = await call(
      trackerRoute.action,
      formRequest(trackerUrl(booking.id, "chat"), { content: "Still coming?" }, { cookie: customerCookie }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error[""]).toEqual([CHAT_MESSAGES.closed]);
  });
});

describe("the event stream", () => {
  const second = new pg.Client({ connectionString: env.DATABASE_URL });
  beforeAll(() => second.connect());
  afterAll(() => second.end());

  it("delivers a NOTIFY sent from a second database connection to the booking's customer", async () => {
    const { booking, customerCookie } = await trackedBooking();
    const controller = new AbortController();
    const request = new Request(`http://localhost/api/bookings/${booking.id}/events`, {
      headers: { Cookie: customerCookie },
      signal: controller.signal,
    });
    const response = (await eventsRoute.loader({ request, params: { id: booking.id }, context: {} })) as Response;
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const stream = response.body!;
      const ready = await readEvents(stream, (event) => event.event === "ready");
      expect(ready.at(-1)).toMatchObject({ event: "ready" });

      // Another booking's news does not reach this stream; this booking's does.
      await second.query("SELECT pg_notify('easymove_live', $1)", [
        JSON.stringify({ bookingId: "someotherbooking0000", kind: "chat" }),
      ]);
      await second.query("SELECT pg_notify('easymove_live', $1)", [
        JSON.stringify({ bookingId: booking.id, kind: "tracking" }),
      ]);
      const events = await readEvents(stream, (event) => event.event === "change");
      const changes = events.filter((event) => event.event === "change");
      expect(changes).toHaveLength(1);
      expect(JSON.parse(changes[0]!.data)).toMatchObject({ kind: "tracking" });
    } finally {
      controller.abort();
    }
  });

  it("notifies with ids only: a payload far under PostgreSQL's 8,000-byte NOTIFY limit, whatever else an event holds", () => {
    const event = { bookingId: "c".repeat(30), kind: "chat" as const, message: "x".repeat(10_000) };
    const payload = livePayload(event);
    expect(JSON.parse(payload)).toEqual({ bookingId: event.bookingId, kind: "chat" });
    expect(Buffer.byteLength(payload)).toBeLessThan(100);
  });

  it("holds one account to 10 open streams (429 with Retry-After past it); a closed one frees its place", async () => {
    const { booking, customerCookie, driverCookie } = await trackedBooking();
    const open = async (cookie: string) => {
      const controller = new AbortController();
      const request = new Request(`http://localhost/api/bookings/${booking.id}/events`, {
        headers: { Cookie: cookie },
        signal: controller.signal,
      });
      const response = (await eventsRoute.loader({ request, params: { id: booking.id }, context: {} })) as Response;
      if (response.status === 200) await readEvents(response.body!, (event) => event.event === "ready");
      return { response, controller };
    };
    const streams = [];
    try {
      for (let i = 0; i < LIVE_STREAM_LIMITS.perUser; i++) streams.push(await open(customerCookie));
      expect(streams.every((stream) => stream.response.status === 200)).toBe(true);
      const refused = await open(customerCookie);
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get("retry-after")).toBe("30");
      expect((await refused.response.json()).message).toBe(LIVE_STREAM_MESSAGES.tooMany);
      // Another account (the driver) is not affected.
      const driverStream = await open(driverCookie);
      expect(driverStream.response.status).toBe(200);
      streams.push(driverStream);
      // One tab closes: its place is free again.
      streams.shift()!.controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await open(customerCookie);
      expect(again.response.status).toBe(200);
      streams.push(again);
    } finally {
      for (const stream of streams) stream.controller.abort();
    }
  });

  it("delivers the app's own changes: a chat message posted by the driver", async () => {
    const { booking, customerCookie, driverCookie } = await trackedBooking();
    const controller = new AbortController();
    const request = new Request(`http://localhost/api/bookings/${booking.id}/events`, {
      headers: { Cookie: customerCookie },
      signal: controller.signal,
    });
    const response = (await eventsRoute.loader({ request, params: { id: booking.id }, context: {} })) as Response;
    try {
      await readEvents(response.body!, (event) => event.event === "ready");
      await call(
        trackerRoute.action,
        formRequest(trackerUrl(booking.id, "chat"), { content: "Outside now" }, { cookie: driverCookie }),
      );
      const events = await readEvents(response.body!, (event) => event.event === "change");
      expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ kind: "chat" });
    } finally {
      controller.abort();
    }
  });

  it("survives its listening connection being killed: the open stream ends, and the next one hears changes again", async () => {
    const { booking } = await trackedBooking();
    let resets = 0;
    const heard: string[] = [];
    const unsubscribe = await subscribeToTopic<LiveEvent>(
      booking.id,
      (event) => heard.push(event.kind),
      () => (resets += 1),
    );
    // What a PostgreSQL restart or a failover does to the LISTEN session.
    await second.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN easymove_live%' AND pid <> pg_backend_pid()",
    );
    await expect.poll(() => resets, { timeout: 5000 }).toBe(1);
    unsubscribe();

    const again = await subscribeToTopic<LiveEvent>(booking.id, (event) => heard.push(event.kind));
    try {
      await second.query("SELECT pg_notify('easymove_live', $1)", [
        JSON.stringify({ bookingId: booking.id, kind: "chat" }),
      ]);
      await expect.poll(() => heard, { timeout: 5000 }).toEqual(["chat"]);
    } finally {
      again();
    }
  });

  it("is not for another customer, another driver or a visitor; the driver, admins and a bearer token may listen", async () => {
    const { booking, driverCookie, customer } = await trackedBooking();
    const open = async (headers: Record<string, string>) => {
      const controller = new AbortController();
      const request = new Request(`http://localhost/api/bookings/${booking.id}/events`, {
        headers,
        signal: controller.signal,
      });
      const outcome = await call(eventsRoute.loader, request, { id: booking.id }).catch((error) => error);
      controller.abort();
      return outcome;
    };
    expect(await open({ Cookie: strangerCookie })).toMatchObject({ status: 404, body: { error: "Booking not found" } });
    expect(await open({ Cookie: otherDriverCookie })).toMatchObject({ status: 404 });
    expect(await open({})).toMatchObject({ status: 401 });
    const listeners: Record<string, string>[] = [
      { Cookie: driverCookie },
      { Cookie: adminCookie },
      { Authorization: `Bearer ${await bearerFor(customer)}` },
    ];
    for (const headers of listeners) {
      const controller = new AbortController();
      const response = (await eventsRoute.loader({
        request: new Request(`http://localhost/api/bookings/${booking.id}/events`, {
          headers,
          signal: controller.signal,
        }),
        params: { id: booking.id },
        context: {},
      })) as Response;
      expect(response.status).toBe(200);
      controller.abort();
    }
  });
});
