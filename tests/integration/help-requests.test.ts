// The tracker's help actions: a shared location, a change request and a support
// request are stored as open requests tied to the booking and the user, counted in the admin
// dashboard's activeComplaints and listed on the admin's booking details; only the booking's
// customer and its driver may send them; bad input comes back 4xx with the message and text.
import { beforeAll, describe, expect, it } from "vitest";
import * as helpPage from "~/routes/_bookings+/bookings_.$id.help";
import * as detailsPage from "~/routes/admin+/bookings.$id";
import { HELP_MESSAGES } from "~/schemas/help-request";
import { getAdminStats } from "~/server/admin/stats.server";
import { HELP_RATE_LIMIT } from "~/server/bookings/support-requests.server";
import { db } from "~/server/platform/db.server";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";
import { takeToasts } from "~/server/platform/toast.server";
import { call, createAccount, flashedToasts, formRequest, getRequest, sessionCookie } from "./auth-helpers";
import { createApprovedDriver, createBooking, requestWithCookie } from "./factories";

type Account = Awaited<ReturnType<typeof createAccount>>;

let customer: Account;
let customerCookie: string;
let driverAccount: Account;
let driverCookie: string;
let booking: { id: string };

beforeAll(async () => {
  customer = await createAccount();
  customerCookie = await sessionCookie(customer);
  driverAccount = await createAccount({ role: "driver" });
  driverCookie = await sessionCookie(driverAccount);
  const driver = await createApprovedDriver();
  await db.driver.update({ where: { id: driver.id }, data: { userId: driverAccount.id } });
  booking = await db.booking.update({
    where: { id: (await createBooking("assigned")).id },
    data: { customerId: customer.id, driverId: driver.id },
  });
});

const send = (
  bookingId: string,
  fields: Record<string, string>,
  cookie: string | null = customerCookie,
  { enhanced = false } = {},
) => call(helpPage.action, formRequest(`/bookings/${bookingId}/help`, fields, { cookie, enhanced }), { id: bookingId });

const requestsOf = (bookingId: string) =>
  db.supportRequest.findMany({ where: { bookingId }, orderBy: { createdAt: "asc" } });

describe("each help action", () => {
  it("stores an open request of its kind for the customer's booking, confirms with a toast; open tickets count in activeComplaints", async () => {
    const before = await getAdminStats();
    const cases = [
      {
        fields: { kind: "location_share", latitude: "54.97825", longitude: "-1.61778" },
        stored: { kind: "location_share", message: "Shared my location", latitude: 54.97825, longitude: -1.61778 },
      },
      {
        fields: { kind: "location_share", message: "Outside the blue door" },
        stored: { kind: "location_share", message: "Outside the blue door", latitude: null, longitude: null },
      },
      {
        fields: { kind: "change_request", message: "Please arrive at 10 instead" },
        stored: { kind: "change_request", message: "Please arrive at 10 instead" },
      },
      {
        fields: { kind: "support", message: "The lift is broken" },
        stored: { kind: "support", message: "The lift is broken" },
      },
    ] as const;
    for (const { fields } of cases) {
      const answer = await send(booking.id, fields);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/booking-tracker?booking=${booking.id}`);
      const { toasts } = await takeToasts(requestWithCookie("http://localhost/", answer.headers.get("set-cookie")));
      expect(toasts.map((toast) => toast.title)).toEqual([HELP_MESSAGES.sent[fields.kind]]);
    }
    const stored = await requestsOf(booking.id);
    expect(stored).toHaveLength(cases.length);
    cases.forEach(({ stored: expected }, index) =>
      expect(stored[index]).toMatchObject({ ...expected, status: "open", userId: customer.id, bookingId: booking.id }),
    );

    // Every open ticket counts on the dashboard (the support desk's open list).
    const after = await getAdminStats();
    expect(after.activeComplaints - before.activeComplaints).toBe(cases.length);

    // Resolved ones no longer count.
    await db.supportRequest.updateMany({
      where: { bookingId: booking.id },
      data: { status: "resolved", resolvedAt: new Date() },
    });
    expect((await getAdminStats()).activeComplaints - before.activeComplaints).toBe(0);
  });

  it("answers a fetcher with data instead of a redirect, the toast flashed", async () => {
    const answer = await send(booking.id, { kind: "support", message: "Can you call me?" }, customerCookie, {
      enhanced: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "success" });
    expect(await flashedToasts(answer)).toMatchObject([{ title: HELP_MESSAGES.sent.support }]);
  });

  it("takes the booking's driver too, and lists every request on the admin's booking details", async () => {
    const answer = await send(booking.id, { kind: "change_request", message: "Running 10 minutes late" }, driverCookie);
    expect(answer.status).toBe(303);
    const admin = await createAccount({ role: "admin" });
    const details = await call(
      detailsPage.loader,
      getRequest(`/admin/bookings/${booking.id}`, { cookie: await sessionCookie(admin) }),
      { id: booking.id },
    );
    expect(details.status).toBe(200);
    const listed = details.body.supportRequests as {
      kind: string;
      thread: { body: string }[];
      status: string;
      from: string;
      createdText: string;
    }[];
    expect(listed[0]).toMatchObject({
      kind: "change_request",
      thread: [{ body: "Running 10 minutes late", fromSupport: false }],
      status: "open",
      from: `${driverAccount.username} (driver)`,
    });
    expect(listed.map((row) => row.kind)).toEqual(
      expect.arrayContaining(["location_share", "change_request", "support"]),
    );
    expect(listed.every((row) => row.createdText.length > 0)).toBe(true);
  });
});

describe("who may ask", () => {
  it("refuses another customer, another driver and an admin with 404, a visitor with the sign-in page, and stores nothing", async () => {
    const otherDriver = await createAccount({ role: "driver" });
    const strangers = [await createAccount(), otherDriver, await createAccount({ role: "admin" })];
    const count = (await requestsOf(booking.id)).length;
    for (const stranger of strangers) {
      const cookie = await sessionCookie(stranger);
      expect(await send(booking.id, { kind: "support", message: "Let me in" }, cookie)).toMatchObject({
        status: 404,
        thrown: true,
      });
      expect(
        await call(helpPage.loader, getRequest(`/bookings/${booking.id}/help`, { cookie }), { id: booking.id }),
      ).toMatchObject({ status: 404, thrown: true });
    }
    const anonymous = await send(booking.id, { kind: "support", message: "Let me in" }, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/signin\?redirectTo=/);
    expect(await send("no-such-booking", { kind: "support", message: "Hi" })).toMatchObject({
      status: 404,
      thrown: true,
    });
    expect(await requestsOf(booking.id)).toHaveLength(count);
  });
});

describe("bad input", () => {
  it.each([
    [{ kind: "support" }, "message", HELP_MESSAGES.messageRequired.support],
    [{ kind: "change_request", message: "   " }, "message", HELP_MESSAGES.messageRequired.change_request],
    [{ kind: "location_share" }, "message", HELP_MESSAGES.messageRequired.location_share],
    [
      { kind: "location_share", latitude: "123", longitude: "0", message: "Here" },
      "latitude",
      HELP_MESSAGES.invalidLocation,
    ],
    [{ kind: "refund_me", message: "Kept as typed" }, "kind", HELP_MESSAGES.invalidKind],
    [{ kind: "support", message: "x".repeat(1001) }, "message", HELP_MESSAGES.messageTooLong],
  ])("refuses %j with 400 and the message, the typed text kept", async (fields, field, message) => {
    const count = (await requestsOf(booking.id)).length;
    const answer = await send(booking.id, fields as Record<string, string>);
    expect(answer.status).toBe(400);
    expect(answer.body.error[field]).toEqual([message]);
    expect(answer.body.initialValue).toMatchObject(fields);
    expect(await requestsOf(booking.id)).toHaveLength(count);
  });

  it("refuses a problem report before the move is completed (409, the text kept, nothing stored)", async () => {
    const count = (await requestsOf(booking.id)).length;
    const answer = await send(booking.id, { kind: "complaint", message: "Kept as typed" });
    expect(answer.status).toBe(409);
    expect(answer.body.error[""]).toEqual([HELP_MESSAGES.problemWindowClosed]);
    expect(answer.body.initialValue).toMatchObject({ kind: "complaint", message: "Kept as typed" });
    expect(await requestsOf(booking.id)).toHaveLength(count);
  });

  it(`is rate limited per account (${HELP_RATE_LIMIT.limit} in ${HELP_RATE_LIMIT.windowSeconds / 60} minutes), 429 with the text kept`, async () => {
    const busy = await createAccount();
    const cookie = await sessionCookie(busy);
    const own = await db.booking.update({
      where: { id: (await createBooking("assigned")).id },
      data: { customerId: busy.id },
    });
    for (let index = 0; index < HELP_RATE_LIMIT.limit; index += 1)
      expect((await send(own.id, { kind: "support", message: `Hello ${index}` }, cookie)).status).toBe(303);
    const limited = await send(own.id, { kind: "support", message: "One too many" }, cookie);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.body.error[""]).toEqual([TOO_MANY_REQUESTS_MESSAGE]);
    expect(limited.body.initialValue.message).toBe("One too many");
    expect(await requestsOf(own.id)).toHaveLength(HELP_RATE_LIMIT.limit);
  });
});
