// /admin/bookings, the dashboard's lists and their JSON API: search and filter, status changes
// and driver assignment with their audit rows, a booking's history, and every refusal (bad
// ids, bad statuses, a customer's token, drivers who are not approved).
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import * as bookingsPage from "~/routes/admin+/bookings";
import * as detailsPage from "~/routes/admin+/bookings.$id";
import * as dashboard from "~/routes/admin+/dashboard";
import * as updateApi from "~/routes/api+/admin.booking.$id.update";
import * as bookingsApi from "~/routes/api+/admin.bookings";
import * as pendingDriversApi from "~/routes/api+/admin.pending-drivers";
import * as recentBookingsApi from "~/routes/api+/admin.recent-bookings";
import { ADMIN_BOOKING_MESSAGES } from "~/schemas/admin-bookings";
import { assignDriver, updateBookingStatus } from "~/server/admin/booking-commands.server";
import { BOOKING_ROW_SELECT, bookingDetails, listBookings } from "~/server/admin/bookings.server";
import { db } from "~/server/platform/db.server";
import { readTextOutbox } from "~/server/platform/sms.server";
import { takeToasts } from "~/server/platform/toast.server";
import {
  bearerFor,
  call,
  createAccount,
  flashedToasts,
  formRequest,
  getRequest,
  jsonRequest,
  sessionCookie,
  unique,
} from "./auth-helpers";
import { createApprovedDriver, createBooking, requestWithCookie } from "./factories";
import { deliverQueuedMessages, readOutbox } from "./messages";

type Account = Awaited<ReturnType<typeof createAccount>>;
let admin: Account;
let adminCookie: string;
let adminToken: string;
let customerToken: string;
let customerCookie: string;

beforeAll(async () => {
  admin = await createAccount({ role: "admin" });
  adminCookie = await sessionCookie(admin);
  adminToken = await bearerFor(admin);
  const customer = await createAccount();
  customerToken = await bearerFor(customer);
  customerCookie = await sessionCookie(customer);
});

/** A booking with a word of its own in the customer's name, created `minutesAgo`. */
type Status = "pending" | "assigned" | "in_progress" | "completed" | "cancelled";
async function bookingFor(
  word: string,
  {
    status = "pending",
    minutesAgo = 0,
    pickup = "1 Grey Street, Newcastle NE1 6EE",
  }: { status?: Status; minutesAgo?: number; pickup?: string } = {},
) {
  const booking = await createBooking(status);
  return db.booking.update({
    where: { id: booking.id },
    data: {
      customerName: `Customer ${word}`,
      pickupAddress: pickup,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    },
  });
}

function createDriver(
  approvalStatus: "pending" | "approved" | "declined",
  name = `Driver ${unique()}`,
  createdAt = new Date(),
) {
  return db.driver.create({
    data: {
      name,
      email: `${unique()}@example.com`,
      phone: "07700900123",
      experience: "1-3",
      vanType: "small",
      location: "Leeds",
      approvalStatus,
      agreementAcceptedAt: new Date(),
      createdAt,
    },
  });
}

/** The driver given an account, which an admin has disabled. */
async function withDisabledAccount(driver: { id: string; name: string; email: string }) {
  const user = await db.user.create({
    data: { username: driver.name, email: driver.email, role: "driver", isActive: false },
  });
  return db.driver.update({ where: { id: driver.id }, data: { userId: user.id } });
}

// Other test files write bookings and applications at the same time: dated an hour ahead, a
// record is surely among "the newest five" when a test looks.
const AHEAD = -60;
const anHourAhead = () => new Date(Date.now() + 60 * 60_000);
/**
 * An application "made" a year ahead: ahead of admin-drivers.test.ts's own future drivers, so
 * it heads the five-newest list whichever file runs first. Removed after the test.
 */
const aYearAhead = () => new Date(Date.now() + 365 * 86_400_000 + Math.floor(Math.random() * 60_000));

const auditRows = (bookingId: string) =>
  db.auditLog.findMany({ where: { targetType: "Booking", targetId: bookingId }, orderBy: { createdAt: "asc" } });

async function toastsOf(setCookie: string | null) {
  return (await takeToasts(requestWithCookie("http://localhost/admin/bookings", setCookie))).toasts;
}

// ---------------------------------------------------------------- the server module

describe("listBookings", () => {
  it("searches reference, customer name and e-mail (booking or account) and addresses, case-insensitively, newest first", async () => {
    const word = unique();
    const older = await bookingFor(word, { minutesAgo: 10 });
    const newer = await bookingFor(word, { minutesAgo: 1 });
    const byAddress = await bookingFor(unique(), { pickup: `7 ${word} Lane, York YO1 7HH` });
    const account = await createAccount();
    const byAccount = await createBooking();
    await db.booking.update({
      where: { id: byAccount.id },
      data: { customerId: account.id, customerName: null, customerEmail: null },
    });

    expect((await listBookings({ searchTerm: word.toUpperCase() })).rows.map((row) => row.id)).toEqual([
      byAddress.id,
      newer.id,
      older.id,
    ]);
    expect((await listBookings({ searchTerm: older.reference.toLowerCase() })).rows.map((row) => row.id)).toEqual([
      older.id,
    ]);
    expect((await listBookings({ searchTerm: older.customerEmail! })).rows.map((row) => row.id)).toEqual([older.id]);
    const viaAccount = await listBookings({ searchTerm: account.email });
    expect(viaAccount.rows.map((row) => row.id)).toEqual([byAccount.id]);
    expect(viaAccount.rows[0]!.customer).toEqual({ username: account.username, email: account.email });
    expect((await listBookings({ searchTerm: account.username })).rows.map((row) => row.id)).toEqual([byAccount.id]);
  });

  it("lists each booking as Prisma reads it, with its account, driver, stops and offer count", async () => {
    const word = unique();
    const driver = await createApprovedDriver();
    const account = await createAccount();
    const open = await bookingFor(word, { minutesAgo: 2 });
    await db.booking.update({
      where: { id: open.id },
      data: {
        openedAt: new Date(),
        stops: {
          create: [
            { position: 1, type: "dropoff", address: "2 Quay Side, Newcastle NE1 3AF" },
            { position: 2, type: "pickup", address: "9 Pilgrim Street, Newcastle NE1 6QE" },
          ],
        },
      },
    });
    await db.dispatchOffer.create({ data: { bookingId: open.id, driverId: driver.id, wave: 1 } });
    const assigned = await bookingFor(word, { status: "assigned", minutesAgo: 1 });
    await db.booking.update({ where: { id: assigned.id }, data: { driverId: driver.id, customerId: account.id } });

    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    const asPrismaReads = async (id: string) => {
      const row = await db.booking.findUniqueOrThrow({ where: { id }, select: BOOKING_ROW_SELECT });
      return { ...row, stops: row.stops.sort(byId) };
    };
    const listed = (await listBookings({ searchTerm: word })).rows.map((row) => ({
      ...row,
      stops: row.stops.sort(byId),
    }));
    expect(listed).toEqual([await asPrismaReads(assigned.id), { ...(await asPrismaReads(open.id)), offered: 1 }]);
    expect(listed[0]).toMatchObject({ customer: { username: account.username }, driver: { id: driver.id } });
    expect(listed[1]!.stops).toHaveLength(2);
  });

  it("filters by status and pages through the results", async () => {
    const word = unique();
    const pending = [];
    for (let i = 0; i < 3; i++) pending.push(await bookingFor(word, { minutesAgo: 3 - i }));
    const completed = await bookingFor(word, { status: "completed" });

    expect((await listBookings({ searchTerm: word, status: "completed" })).rows.map((row) => row.id)).toEqual([
      completed.id,
    ]);
    const first = await listBookings({ searchTerm: word, status: "pending", page: 1, pageSize: 2 });
    expect(first.page).toEqual({ page: 1, pageSize: 2, total: 3, pages: 2 });
    expect(first.rows.map((row) => row.id)).toEqual([pending[2]!.id, pending[1]!.id]);
    const second = await listBookings({ searchTerm: word, status: "pending", page: 2, pageSize: 2 });
    expect(second.rows.map((row) => row.id)).toEqual([pending[0]!.id]);
  });

  it("brings the driver's name in the same select", async () => {
    const driver = await createApprovedDriver();
    const booking = await bookingFor(unique());
    await db.booking.update({ where: { id: booking.id }, data: { driverId: driver.id } });
    const [row] = (await listBookings({ searchTerm: booking.reference })).rows;
    expect(row!.driver).toEqual({ id: driver.id, name: driver.name });
  });
});

describe("updateBookingStatus", () => {
  it("sets any of the five statuses, audits from and to, stamps cancelledAt and clears it again", async () => {
    const booking = await createBooking();
    for (const status of ["in_progress", "completed", "assigned", "cancelled"] as const) {
      expect((await updateBookingStatus(admin.id, booking.id, status)).status).toBe("updated");
    }
    const cancelled = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);

    await updateBookingStatus(admin.id, booking.id, "pending");
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).cancelledAt).toBeNull();

    const rows = await auditRows(booking.id);
    expect(rows.map((row) => [row.action, row.actorId, row.details])).toEqual([
      ["booking.status", admin.id, { from: "pending", to: "in_progress" }],
      ["booking.status", admin.id, { from: "in_progress", to: "completed" }],
      ["booking.status", admin.id, { from: "completed", to: "assigned" }],
      ["booking.status", admin.id, { from: "assigned", to: "cancelled" }],
      ["booking.status", admin.id, { from: "cancelled", to: "pending" }],
    ]);
  });

  it("writes nothing when the status is already the one asked for, and knows unknown bookings", async () => {
    const booking = await createBooking("assigned");
    expect((await updateBookingStatus(admin.id, booking.id, "assigned")).status).toBe("unchanged");
    expect(await auditRows(booking.id)).toEqual([]);
    expect((await updateBookingStatus(admin.id, "no-such-booking", "completed")).status).toBe("not_found");
  });

  it("records each of several changes made at once with the status it really came from", async () => {
    const booking = await createBooking();
    const targets = ["assigned", "in_progress", "completed", "cancelled", "pending", "assigned"] as const;
    await Promise.all(targets.map((status) => updateBookingStatus(admin.id, booking.id, status)));
    const rows = await auditRows(booking.id);
    // A chain: each change starts where the one before it ended.
    let current = "pending";
    for (const row of rows) {
      const details = row.details as { from: string; to: string };
      expect(details.from).toBe(current);
      current = details.to;
    }
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe(current);
  });
});

describe("assignDriver", () => {
  it("gives a pending booking an approved driver: assigned, tracking 'assigned', a tracking event and an audit row", async () => {
    const booking = await createBooking();
    const driver = await createApprovedDriver();
    const result = await assignDriver(admin.id, booking.id, driver.id);
    expect(result.status).toBe("assigned");
    const after = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(after).toMatchObject({ driverId: driver.id, status: "assigned", trackingStatus: "assigned" });
    const events = await db.trackingEvent.findMany({ where: { bookingId: booking.id } });
    expect(events.map((event) => [event.status, event.createdById])).toEqual([["assigned", admin.id]]);
    const [audit] = await auditRows(booking.id);
    expect(audit).toMatchObject({ action: "booking.assign_driver", actorId: admin.id });
    expect(audit!.details).toMatchObject({
      driverId: driver.id,
      driverName: driver.name,
      fromDriverId: null,
      from: "pending",
      to: "assigned",
    });
  });

  it("assigns approved drivers only", async () => {
    const booking = await createBooking();
    for (const driver of [await createDriver("pending"), await createDriver("declined")]) {
      expect((await assignDriver(admin.id, booking.id, driver.id)).status).toBe("driver_not_approved");
    }
    expect((await assignDriver(admin.id, booking.id, "no-such-driver")).status).toBe("driver_not_approved");
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      driverId: null,
      status: "pending",
      trackingStatus: null,
    });
    expect(await auditRows(booking.id)).toEqual([]);
  });

  it("refuses a driver whose account is disabled, as dispatch does: they could not sign in to see the job", async () => {
    const booking = await createBooking();
    const disabled = await withDisabledAccount(await createDriver("approved"));
    expect((await assignDriver(admin.id, booking.id, disabled.id)).status).toBe("driver_disabled");
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).driverId).toBeNull();

    const outcome = await call(
      bookingsPage.action,
      formRequest(
        "/admin/bookings",
        { intent: "assign", bookingId: booking.id, driverId: disabled.id },
        { cookie: adminCookie },
      ),
    );
    expect(await toastsOf(outcome.headers.get("set-cookie"))).toEqual([
      expect.objectContaining({
        title: "Failed to assign driver",
        description: ADMIN_BOOKING_MESSAGES.driverDisabled,
        variant: "error",
      }),
    ]);
    expect(await auditRows(booking.id)).toEqual([]);
  });

  it("refuses a completed or cancelled booking and an unknown one; the same driver twice changes nothing", async () => {
    const driver = await createApprovedDriver();
    for (const status of ["completed", "cancelled"] as const) {
      expect((await assignDriver(admin.id, (await createBooking(status)).id, driver.id)).status).toBe("not_assignable");
    }
    expect((await assignDriver(admin.id, "no-such-booking", driver.id)).status).toBe("not_found");
    const booking = await createBooking();
    await assignDriver(admin.id, booking.id, driver.id);
    expect((await assignDriver(admin.id, booking.id, driver.id)).status).toBe("unchanged");
    expect(await auditRows(booking.id)).toHaveLength(1);
  });

  it("reassigns an in-progress booking without moving its status or tracking", async () => {
    const booking = await createBooking("in_progress");
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "en_route" } });
    const driver = await createApprovedDriver();
    expect((await assignDriver(admin.id, booking.id, driver.id)).status).toBe("assigned");
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      driverId: driver.id,
      status: "in_progress",
      trackingStatus: "en_route",
    });
  });
});

describe("bookingDetails", () => {
  it("gives the booking with its history, newest first, in words", async () => {
    const booking = await createBooking();
    const driver = await createApprovedDriver();
    await assignDriver(admin.id, booking.id, driver.id);
    await updateBookingStatus(admin.id, booking.id, "completed");
    const details = await bookingDetails(booking.id);
    expect(details!.reference).toBe(booking.reference);
    expect(details!.history.map((entry) => [entry.action, entry.text, entry.by])).toEqual([
      ["booking.status", "Status changed from Assigned to Completed", admin.username],
      ["booking.assign_driver", `${driver.name} assigned (status Pending → Assigned)`, admin.username],
    ]);
    expect(await bookingDetails("no-such-booking")).toBeNull();
  });
});

// ---------------------------------------------------------------- the pages

describe("GET /admin/bookings", () => {
  it("lists the search's bookings (a linkable GET), with no driver list of its own", async () => {
    const word = unique();
    const pending = await bookingFor(word);
    await bookingFor(word, { status: "completed" });

    const outcome = await call(
      bookingsPage.loader,
      getRequest(`/admin/bookings?searchTerm=${word}&status=pending`, { cookie: adminCookie }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.filters).toEqual({ searchTerm: word, status: "pending" });
    expect(outcome.body.bookings.map((row: { id: string }) => row.id)).toEqual([pending.id]);
    expect(outcome.body.bookings[0]).toMatchObject({
      reference: pending.reference,
      status: "pending",
      statusLabel: "Pending",
      paymentLabel: "Unpaid",
      van: "Small Van",
      priceText: "£42.00",
    });
    expect(outcome.body.page).toMatchObject({ page: 1, total: 1, pages: 1 });
    // Drivers are offered in a booking's panel, a few at a time, not 500 in every row.
    expect(outcome.body).not.toHaveProperty("drivers");
  });

  it("treats an unknown status in the URL as every status and cuts a long search", async () => {
    const outcome = await call(
      bookingsPage.loader,
      getRequest(`/admin/bookings?status=lost&searchTerm=${"x".repeat(300)}`, { cookie: adminCookie }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.filters).toEqual({ searchTerm: "x".repeat(100), status: undefined });
    expect(outcome.body.bookings).toEqual([]);
  });
});

describe("POST /admin/bookings (without JavaScript: redirect with a toast)", () => {
  it("changes a status, goes back to the list it came from and says so", async () => {
    const booking = await createBooking();
    const back = `/admin/bookings?searchTerm=${booking.reference}&page=1`;
    const outcome = await call(
      bookingsPage.action,
      formRequest(
        "/admin/bookings",
        { intent: "status", bookingId: booking.id, status: "cancelled", redirectTo: back },
        { cookie: adminCookie },
      ),
    );
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe(back);
    expect(await toastsOf(outcome.headers.get("set-cookie"))).toEqual([
      expect.objectContaining({
        title: "Booking status updated",
        description: `${booking.reference} is now Cancelled.`,
        variant: "success",
      }),
    ]);
    const after = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(after.status).toBe("cancelled");
    expect(after.cancelledAt).not.toBeNull();
    expect((await auditRows(booking.id)).map((row) => row.details)).toEqual([{ from: "pending", to: "cancelled" }]);
  });

  it("refuses a bad status or an unknown booking with 'Failed to update booking status', changing nothing", async () => {
    const booking = await createBooking();
    for (const [fields, reason] of [
      [{ bookingId: booking.id, status: "lost" }, ADMIN_BOOKING_MESSAGES.invalidStatus],
      [{ bookingId: booking.id }, ADMIN_BOOKING_MESSAGES.invalidStatus],
      [{ bookingId: "no-such-booking", status: "completed" }, ADMIN_BOOKING_MESSAGES.bookingNotFound],
      [{ bookingId: "bad id!", status: "completed" }, ADMIN_BOOKING_MESSAGES.invalidBookingId],
    ] as const) {
      const outcome = await call(
        bookingsPage.action,
        formRequest(
          "/admin/bookings",
          { intent: "status", ...fields, redirectTo: "/admin/bookings" },
          { cookie: adminCookie },
        ),
      );
      expect(outcome.status).toBe(303);
      expect(await toastsOf(outcome.headers.get("set-cookie"))).toEqual([
        expect.objectContaining({ title: "Failed to update booking status", description: reason, variant: "error" }),
      ]);
    }
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("pending");
    expect(await auditRows(booking.id)).toEqual([]);
  });

  it("goes back only to an admin bookings page", async () => {
    const booking = await createBooking();
    for (const redirectTo of [
      "https://evil.example/admin/bookings",
      "//evil.example",
      "/admin/users",
      "/admin/bookingsX",
    ]) {
      const outcome = await call(
        bookingsPage.action,
        formRequest(
          "/admin/bookings",
          { intent: "status", bookingId: booking.id, status: "assigned", redirectTo },
          { cookie: adminCookie },
        ),
      );
      expect(outcome.location).toBe("/admin/bookings");
    }
    const details = `/admin/bookings/${booking.id}?status=pending`;
    const outcome = await call(
      bookingsPage.action,
      formRequest(
        "/admin/bookings",
        { intent: "status", bookingId: booking.id, status: "pending", redirectTo: details },
        { cookie: adminCookie },
      ),
    );
    expect(outcome.location).toBe(details);
  });

  it("assigns an approved driver and refuses any other", async () => {
    const booking = await createBooking();
    const pending = await createDriver("pending");
    let outcome = await call(
      bookingsPage.action,
      formRequest(
        "/admin/bookings",
        { intent: "assign", bookingId: booking.id, driverId: pending.id },
        { cookie: adminCookie },
      ),
    );
    expect(await toastsOf(outcome.headers.get("set-cookie"))).toEqual([
      expect.objectContaining({
        title: "Failed to assign driver",
        description: ADMIN_BOOKING_MESSAGES.driverNotApproved,
        variant: "error",
      }),
    ]);
    outcome = await call(
      bookingsPage.action,
      formRequest("/admin/bookings", { intent: "assign", bookingId: booking.id }, { cookie: adminCookie }),
    );
    expect(await toastsOf(outcome.headers.get("set-cookie"))).toEqual([
      expect.objectContaining({ description: ADMIN_BOOKING_MESSAGES.driverRequired }),
    ]);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).driverId).toBeNull();

    const driver = await createApprovedDriver();
    outcome = await call(
      bookingsPage.action,
      formRequest(
        "/admin/bookings",
        { intent: "assign", bookingId: booking.id, driverId: driver.id },
        { cookie: adminCookie },
      ),
    );
    expect(outcome.location).toBe("/admin/bookings");
    expect(await toastsOf(outcome.headers.get("set-cookie"))).toEqual([
      expect.objectContaining({
        title: "Driver assigned",
        description: `${driver.name} is now assigned to ${booking.reference}.`,
        variant: "success",
      }),
    ]);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      driverId: driver.id,
      status: "assigned",
      trackingStatus: "assigned",
    });
    expect((await auditRows(booking.id)).map((row) => row.action)).toEqual(["booking.assign_driver"]);
  });

  it("answers an unknown intent with an error toast", async () => {
    const outcome = await call(
      bookingsPage.action,
      formRequest("/admin/bookings", { intent: "delete", bookingId: "x" }, { cookie: adminCookie }),
    );
    expect(await toastsOf(outcome.headers.get("set-cookie"))).toEqual([
      expect.objectContaining({ variant: "error", description: ADMIN_BOOKING_MESSAGES.invalidAction }),
    ]);
  });

  it("sends a customer away", async () => {
    const booking = await createBooking();
    const outcome = await call(
      bookingsPage.action,
      formRequest(
        "/admin/bookings",
        { intent: "status", bookingId: booking.id, status: "completed" },
        { cookie: customerCookie },
      ),
    );
    expect(outcome.location).toBe("/");
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("pending");
  });
});

describe("POST /admin/bookings from a fetcher (with JavaScript: data, the toast in the session)", () => {
  it("answers ok and flashes the toast", async () => {
    const booking = await createBooking();
    const outcome = await call(
      bookingsPage.action,
      formRequest(
        "/admin/bookings",
        { intent: "status", bookingId: booking.id, status: "completed" },
        { cookie: adminCookie, enhanced: true },
      ),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({ ok: true });
    expect(await flashedToasts(outcome)).toMatchObject([
      { title: "Booking status updated", description: `${booking.reference} is now Completed.`, variant: "success" },
    ]);
  });

  it("answers a failure with the product's 'Failed to update booking status' and an error status", async () => {
    let outcome = await call(
      bookingsPage.action,
      formRequest(
        "/admin/bookings",
        { intent: "status", bookingId: "no-such-booking", status: "completed" },
        { cookie: adminCookie, enhanced: true },
      ),
    );
    expect(outcome.status).toBe(404);
    expect(outcome.body).toEqual({ ok: false });
    expect(await flashedToasts(outcome)).toMatchObject([
      {
        title: "Failed to update booking status",
        description: ADMIN_BOOKING_MESSAGES.bookingNotFound,
        variant: "error",
      },
    ]);
    outcome = await call(
      bookingsPage.action,
      formRequest(
        "/admin/bookings",
        { intent: "status", bookingId: "abc", status: "lost" },
        { cookie: adminCookie, enhanced: true },
      ),
    );
    expect(outcome.status).toBe(400);
    expect((await flashedToasts(outcome))[0]?.title).toBe("Failed to update booking status");
  });
});

describe("GET /admin/bookings/:id", () => {
  it("shows the booking and its history", async () => {
    const booking = await createBooking();
    await updateBookingStatus(admin.id, booking.id, "in_progress");
    const outcome = await call(
      detailsPage.loader,
      getRequest(`/admin/bookings/${booking.id}`, { cookie: adminCookie }),
      { id: booking.id },
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.booking.reference).toBe(booking.reference);
    expect(outcome.body.booking.history.map((entry: { text: string }) => entry.text)).toEqual([
      "Status changed from Pending to In progress",
    ]);
  });

  it("is a 404 for an unknown or malformed id", async () => {
    for (const id of ["no-such-booking", "bad id!", "x".repeat(65)]) {
      const outcome = await call(
        detailsPage.loader,
        getRequest(`/admin/bookings/${encodeURIComponent(id)}`, { cookie: adminCookie }),
        { id },
      );
      expect(outcome.status).toBe(404);
    }
  });

  /** An approved driver (or `approvalStatus`) based `degreesNorth` of the pickup below. */
  const driverNorthOf = (pickup: { lat: number; lng: number }, degreesNorth: number, approvalStatus = "approved") =>
    db.driver.create({
      data: {
        name: `Driver ${unique()}`,
        email: `${unique()}@example.com`,
        phone: "07700900123",
        experience: "1-3",
        vanType: "large",
        location: "Orkney",
        approvalStatus: approvalStatus as "approved" | "pending",
        agreementAcceptedAt: new Date(),
        baseLat: pickup.lat + degreesNorth,
        baseLng: pickup.lng,
      },
    });

  it("offers the approved drivers based nearest the pickup, nearest first, never its own driver nor a disabled account", async () => {
    // Orkney, where no other test's driver is based.
    const pickup = { lat: 58.98, lng: -2.96 };
    const far = await driverNorthOf(pickup, -0.6); // about 41 miles: found once the box widens
    const near = await driverNorthOf(pickup, 0.1);
    const middle = await driverNorthOf(pickup, 0.3);
    const applicant = await driverNorthOf(pickup, 0.01, "pending");
    const current = await driverNorthOf(pickup, 0.02);
    const disabled = await withDisabledAccount(await driverNorthOf(pickup, 0.03));
    const booking = await createBooking("assigned");
    await db.booking.update({
      where: { id: booking.id },
      data: { pickupLat: pickup.lat, pickupLng: pickup.lng, driverId: current.id },
    });

    const outcome = await call(
      detailsPage.loader,
      getRequest(`/admin/bookings/${booking.id}`, { cookie: adminCookie }),
      { id: booking.id },
    );
    expect(outcome.body.assign.by).toBe("distance");
    const offered = outcome.body.assign.drivers as { id: string; milesText: string; van: string }[];
    expect(offered.slice(0, 3).map((driver) => driver.id)).toEqual([near.id, middle.id, far.id]);
    expect(offered[0]).toMatchObject({ van: "Large Van", milesText: "6.9 miles from the pickup" });
    expect(offered.map((driver) => driver.id)).not.toContain(applicant.id);
    expect(offered.map((driver) => driver.id)).not.toContain(current.id);
    expect(offered.map((driver) => driver.id)).not.toContain(disabled.id);
    expect(offered.length).toBeLessThanOrEqual(10);
  });

  it("finds approved drivers by a part of their name, any case (not one whose account is disabled), and offers none for an ended booking", async () => {
    const word = unique();
    const approved = await createDriver("approved", `Alex ${word} Smith`);
    await createDriver("pending", `Sam ${word} Jones`);
    await withDisabledAccount(await createDriver("approved", `Kim ${word} Brown`));
    const booking = await createBooking();

    const outcome = await call(
      detailsPage.loader,
      getRequest(`/admin/bookings/${booking.id}?driver=${word.toUpperCase()}`, { cookie: adminCookie }),
      { id: booking.id },
    );
    expect(outcome.body.assign).toMatchObject({ by: "name", name: word.toUpperCase() });
    expect(outcome.body.assign.drivers.map((driver: { id: string }) => driver.id)).toEqual([approved.id]);

    const completed = await createBooking("completed");
    const ended = await call(
      detailsPage.loader,
      getRequest(`/admin/bookings/${completed.id}`, { cookie: adminCookie }),
      { id: completed.id },
    );
    expect(ended.body.assign).toBeNull();
  });
});

describe("POST /admin/bookings/:id (an admin sets the tracking by hand, with a reason)", () => {
  const post = (id: string, fields: Record<string, string>, cookie = adminCookie) =>
    call(detailsPage.action, formRequest(`/admin/bookings/${id}?status=assigned`, fields, { cookie }), { id });

  it("moves the job past the driver's rule, writes the reason to the history and keeps the counts true", async () => {
    const driver = await createApprovedDriver();
    const created = await createBooking("assigned");
    const booking = await db.booking.update({
      where: { id: created.id },
      data: { driverId: driver.id, trackingStatus: "assigned" },
    });
    const done = await post(booking.id, {
      trackingStatus: "completed",
      reason: "Driver's phone was lost; done at 14:00",
    });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/admin/bookings/${booking.id}?status=assigned`);
    expect((await flashedToasts(done))[0]).toMatchObject({ title: ADMIN_BOOKING_MESSAGES.trackingChanged });
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      trackingStatus: "completed",
      status: "completed",
      completedAt: expect.any(Date), // the 48 hours for a problem report start
    });
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).completedJobs).toBe(1);
    expect(
      await db.auditLog.findFirstOrThrow({ where: { targetId: booking.id, action: "booking.tracking_override" } }),
    ).toMatchObject({
      actorId: admin.id,
      details: { from: "assigned", to: "completed", reason: "Driver's phone was lost; done at 14:00" },
    });

    // Undone: back on the way, and the driver's count with it.
    expect((await post(booking.id, { trackingStatus: "en_route", reason: "Completed by mistake" })).status).toBe(303);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      trackingStatus: "en_route",
      status: "in_progress",
      completedAt: null,
    });
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).completedJobs).toBe(0);
    const page = await call(detailsPage.loader, getRequest(`/admin/bookings/${booking.id}`, { cookie: adminCookie }), {
      id: booking.id,
    });
    expect(page.body.booking.history.map((entry: { text: string }) => entry.text)).toEqual([
      "Tracking set by hand from Move completed to On the way: Completed by mistake",
      "Tracking set by hand from Driver assigned to Move completed: Driver's phone was lost; done at 14:00",
    ]);
  });

  it("needs a reason and a real status, a driver and a live booking; only admins may", async () => {
    const driver = await createApprovedDriver();
    const created = await createBooking("assigned");
    await db.booking.update({ where: { id: created.id }, data: { driverId: driver.id } });

    const noReason = await post(created.id, { trackingStatus: "arrived", reason: "  ok " });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toMatchObject({ reason: [ADMIN_BOOKING_MESSAGES.reasonRequired] });
    expect(noReason.body.initialValue).toMatchObject({ trackingStatus: "arrived", reason: "  ok " });
    const badStatus = await post(created.id, { trackingStatus: "teleported", reason: "Because I can" });
    expect(badStatus.body.error).toMatchObject({ trackingStatus: [ADMIN_BOOKING_MESSAGES.trackingRequired] });
    const tooLong = await post(created.id, { trackingStatus: "arrived", reason: "x".repeat(501) });
    expect(tooLong.body.error).toMatchObject({ reason: [ADMIN_BOOKING_MESSAGES.reasonTooLong] });

    const unassigned = await createBooking("pending");
    const noDriver = await post(unassigned.id, { trackingStatus: "arrived", reason: "Testing the rule" });
    expect(noDriver.status).toBe(409);
    expect(noDriver.body.error).toMatchObject({ "": [ADMIN_BOOKING_MESSAGES.trackingNeedsDriver] });
    const cancelled = await createBooking("cancelled");
    expect((await post(cancelled.id, { trackingStatus: "arrived", reason: "Testing the rule" })).status).toBe(409);
    expect((await post("no-such-booking", { trackingStatus: "arrived", reason: "Testing the rule" })).status).toBe(404);

    const customer = await post(created.id, { trackingStatus: "arrived", reason: "Testing the rule" }, customerCookie);
    expect(customer.status).toBe(302);
    expect((await db.booking.findUniqueOrThrow({ where: { id: created.id } })).trackingStatus).not.toBe("arrived");
  });
});

describe("POST /admin/bookings/:id (an admin puts the move to another day or time)", () => {
  const post = (id: string, fields: Record<string, string>, cookie = adminCookie) =>
    call(detailsPage.action, formRequest(`/admin/bookings/${id}`, { intent: "reschedule", ...fields }, { cookie }), {
      id,
    });
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it("moves it, keeps the price, tells the customer by e-mail and the driver by text, and says so in the history", async () => {
    const driver = await db.driver.update({
      where: { id: (await createApprovedDriver()).id },
      data: { phone: "07400 900" + String(100 + Math.floor(Math.random() * 899)) },
    });
    const created = await createBooking("assigned");
    const booking = await db.booking.update({
      where: { id: created.id },
      data: { driverId: driver.id, trackingStatus: "assigned", reminderSentAt: new Date() },
    });
    const moveDate = inDays(9);
    const moved = await post(booking.id, {
      moveDate,
      moveTime: "14:30",
      reason: "The customer's keys come a week late",
    });
    expect(moved.status).toBe(303);
    expect((await flashedToasts(moved))[0]).toMatchObject({ title: ADMIN_BOOKING_MESSAGES.rescheduled });
    const after = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(after).toMatchObject({ moveTime: "14:30", finalPrice: booking.finalPrice, reminderSentAt: null });
    expect(after.moveDate.toISOString().slice(0, 10)).toBe(moveDate);
    const messages = await db.message.findMany({
      where: { bookingId: booking.id },
      select: { kind: true, channel: true, recipient: true },
      orderBy: { kind: "asc" },
    });
    expect(messages).toEqual([
      { kind: "move-rescheduled", channel: "email", recipient: null },
      { kind: "text-job-changed", channel: "sms", recipient: `+44${driver.phone.replace(/\s/g, "").slice(1)}` },
    ]);
    await deliverQueuedMessages();
    const [mail] = await readOutbox(booking.customerEmail!);
    expect(mail!.subject).toBe(`Your move's new date: ${booking.reference}`);
    expect(mail!.text).toMatch(/Your move is now on .+ at 14:30 \(it was .+\)\. Its price stays as it is\./);
    const [text] = await readTextOutbox(messages[1]!.recipient!);
    expect(text!.body).toMatch(new RegExp(`^EasyMove: job ${booking.reference} has changed: it is now .+ at 14:30\\.`));

    const page = await call(detailsPage.loader, getRequest(`/admin/bookings/${booking.id}`, { cookie: adminCookie }), {
      id: booking.id,
    });
    expect(page.body.booking.history[0].text).toMatch(
      /^Moved from .+ to .+ at 14:30: The customer's keys come a week late$/,
    );
    expect(page.body.booking.reschedule).toEqual({ moveDate, moveTime: "14:30" });

    // The same day and time again changes nothing and tells nobody.
    const same = await post(booking.id, { moveDate, moveTime: "14:30", reason: "Pressed twice by mistake" });
    expect((await flashedToasts(same))[0]).toMatchObject({ title: ADMIN_BOOKING_MESSAGES.statusUnchanged });
    expect(await db.message.count({ where: { bookingId: booking.id } })).toBe(2);
  });

  it("refuses a past day, a bad time or no reason on their fields, keeping what was typed; a started move; a customer", async () => {
    const created = await createBooking("pending");
    const past = await post(created.id, { moveDate: inDays(-2), moveTime: "25:00", reason: "" });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({
      moveDate: ["Please choose today or a later date"],
      moveTime: ["Please enter a valid time (HH:MM)"],
      reason: [ADMIN_BOOKING_MESSAGES.rescheduleReason],
    });
    expect(past.body.initialValue).toMatchObject({ moveDate: inDays(-2), moveTime: "25:00" });
    expect(past.body.form).toBe("reschedule");

    const started = await db.booking.update({
      where: { id: (await createBooking("in_progress")).id },
      data: { trackingStatus: "en_route" },
    });
    const refused = await post(started.id, { moveDate: inDays(3), moveTime: "10:00", reason: "Customer asked" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ "": [ADMIN_BOOKING_MESSAGES.notReschedulable] });
    expect(
      (await post("no-such-booking", { moveDate: inDays(3), moveTime: "10:00", reason: "Customer asked" })).status,
    ).toBe(404);

    const customer = await post(
      created.id,
      { moveDate: inDays(3), moveTime: "10:00", reason: "Customer asked" },
      customerCookie,
    );
    expect(customer.status).toBe(302);
    expect(await db.auditLog.count({ where: { targetId: created.id, action: "booking.reschedule" } })).toBe(0);
  });
});

describe("the dashboard's lists", () => {
  it("shows the five newest bookings and pending driver applications", async () => {
    const booking = await bookingFor(unique(), { minutesAgo: AHEAD });
    const applicant = await createDriver("pending", undefined, aYearAhead());
    const declined = await createDriver("declined", undefined, aYearAhead());
    onTestFinished(() => db.driver.deleteMany({ where: { id: { in: [applicant.id, declined.id] } } }).then(() => {}));
    const outcome = await call(dashboard.loader, getRequest("/admin/dashboard", { cookie: adminCookie }));
    expect(outcome.body.recentBookings).toHaveLength(5);
    // Other test files write at the same time, so "among the newest" rather than "the newest".
    expect(outcome.body.recentBookings).toContainEqual(
      expect.objectContaining({ id: booking.id, reference: booking.reference, statusLabel: "Pending" }),
    );
    expect(outcome.body.pendingDrivers).toContainEqual(
      expect.objectContaining({ id: applicant.id, name: applicant.name, location: "Leeds", van: "Small Van" }),
    );
    expect(outcome.body.pendingDrivers.length).toBeLessThanOrEqual(5);
    expect(outcome.body.pendingDrivers.map((driver: { id: string }) => driver.id)).not.toContain(declined.id);
    expect(outcome.body.stats).toHaveProperty("totalBookings");
  });
});

// ---------------------------------------------------------------- the JSON API

describe("GET /api/admin/recent-bookings", () => {
  it("gives the newest bookings as a list, five unless asked", async () => {
    const booking = await bookingFor(unique(), { minutesAgo: AHEAD });
    const outcome = await call(
      recentBookingsApi.loader,
      getRequest("/api/admin/recent-bookings", { token: adminToken }),
    );
    expect(outcome.status).toBe(200);
    expect(Array.isArray(outcome.body)).toBe(true);
    expect(outcome.body).toHaveLength(5);
    expect(outcome.body.find((row: { id: string }) => row.id === booking.id)).toMatchObject({
      id: booking.id,
      reference: booking.reference,
      status: "pending",
      paymentState: "unpaid",
      price: 42,
      vanSize: "small",
      van: "Small Van",
      distance: 2,
      moveDate: "2027-03-04",
      pickupAddress: booking.pickupAddress,
      deliveryAddress: booking.deliveryAddress,
      driver: null,
      customer: { username: booking.customerName, email: booking.customerEmail },
    });
    const two = await call(
      recentBookingsApi.loader,
      getRequest("/api/admin/recent-bookings?limit=2", { cookie: adminCookie }),
    );
    expect(two.body).toHaveLength(2);
  });

  it("refuses a bad limit with 400 and a customer's token with 403", async () => {
    for (const limit of ["0", "51", "two", "1.5"]) {
      const outcome = await call(
        recentBookingsApi.loader,
        getRequest(`/api/admin/recent-bookings?limit=${limit}`, { token: adminToken }),
      );
      expect(outcome.status).toBe(400);
      expect(outcome.body.error).toBe(ADMIN_BOOKING_MESSAGES.invalidLimit);
    }
    const outcome = await call(
      recentBookingsApi.loader,
      getRequest("/api/admin/recent-bookings", { token: customerToken }),
    );
    expect(outcome.status).toBe(403);
  });
});

describe("GET /api/admin/pending-drivers", () => {
  it("gives an array of pending drivers, newest first", async () => {
    await createDriver("approved", undefined, anHourAhead());
    const applicant = await createDriver("pending", undefined, aYearAhead());
    onTestFinished(() => db.driver.deleteMany({ where: { id: applicant.id } }).then(() => {}));
    const outcome = await call(
      pendingDriversApi.loader,
      getRequest("/api/admin/pending-drivers", { token: adminToken }),
    );
    expect(outcome.status).toBe(200);
    expect(Array.isArray(outcome.body)).toBe(true);
    expect(outcome.body.find((driver: { id: string }) => driver.id === applicant.id)).toEqual({
      id: applicant.id,
      name: applicant.name,
      email: applicant.email,
      phone: applicant.phone,
      experience: "1-3",
      vanType: "small",
      location: "Leeds",
      approvalStatus: "pending",
      rating: null,
      completedJobs: 0,
      createdAt: applicant.createdAt.toISOString(),
    });
    expect(outcome.body.every((driver: { approvalStatus: string }) => driver.approvalStatus === "pending")).toBe(true);
  });

  it("refuses a customer's token with 403 and a bad limit with 400", async () => {
    expect(
      (await call(pendingDriversApi.loader, getRequest("/api/admin/pending-drivers", { token: customerToken }))).status,
    ).toBe(403);
    expect(
      (await call(pendingDriversApi.loader, getRequest("/api/admin/pending-drivers?limit=-1", { token: adminToken })))
        .status,
    ).toBe(400);
  });
});

describe("GET /api/admin/bookings", () => {
  it("searches and filters, newest first, with the paging in headers", async () => {
    const word = unique();
    const older = await bookingFor(word, { minutesAgo: 5 });
    const newer = await bookingFor(word, { minutesAgo: 1 });
    await bookingFor(word, { status: "cancelled" });
    const outcome = await call(
      bookingsApi.loader,
      getRequest(`/api/admin/bookings?searchTerm=${word}&status=pending`, { token: adminToken }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.map((booking: { id: string }) => booking.id)).toEqual([newer.id, older.id]);
    expect(outcome.headers.get("x-total-count")).toBe("2");
    expect(outcome.headers.get("x-page")).toBe("1");
    expect(outcome.headers.get("x-page-count")).toBe("1");

    const all = await call(
      bookingsApi.loader,
      getRequest(`/api/admin/bookings?searchTerm=${word}&status=`, { token: adminToken }),
    );
    expect(all.body).toHaveLength(3);
  });

  it("links the next page when there is one, and none past the last", async () => {
    // More than a page of its own, whatever else the database holds.
    while ((await db.booking.count()) <= 25) await createBooking();
    const outcome = await call(bookingsApi.loader, getRequest("/api/admin/bookings", { token: adminToken }));
    expect(outcome.body).toHaveLength(25);
    expect(outcome.headers.get("link")).toContain('page=2>; rel="next"');
    const last = Number(outcome.headers.get("x-page-count"));
    const lastPage = await call(
      bookingsApi.loader,
      getRequest(`/api/admin/bookings?page=${last}`, { token: adminToken }),
    );
    expect(lastPage.headers.get("link") ?? "").not.toContain('rel="next"');
    expect(lastPage.headers.get("link")).toContain('rel="prev"');
  });

  it("refuses a bad status with 400 and a customer's token with 403", async () => {
    const bad = await call(bookingsApi.loader, getRequest("/api/admin/bookings?status=lost", { token: adminToken }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(ADMIN_BOOKING_MESSAGES.invalidStatus);
    const long = await call(
      bookingsApi.loader,
      getRequest(`/api/admin/bookings?searchTerm=${"x".repeat(101)}`, { token: adminToken }),
    );
    expect(long.status).toBe(400);
    expect((await call(bookingsApi.loader, getRequest("/api/admin/bookings", { token: customerToken }))).status).toBe(
      403,
    );
    expect((await call(bookingsApi.loader, getRequest("/api/admin/bookings", { cookie: customerCookie }))).status).toBe(
      403,
    );
  });
});

describe("POST /api/admin/booking/:id/update", () => {
  const update = (
    id: string,
    body: unknown,
    options: { token?: string; cookie?: string; method?: string } = { token: adminToken },
  ) =>
    call(updateApi.action, jsonRequest(`/api/admin/booking/${encodeURIComponent(id)}/update`, body, options), { id });

  it("sets the status and answers { success, booking }, with an audit row", async () => {
    const booking = await createBooking();
    const outcome = await update(booking.id, { status: "in_progress" });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({
      success: true,
      booking: { id: booking.id, reference: booking.reference, status: "in_progress" },
    });
    const [audit] = await auditRows(booking.id);
    expect(audit).toMatchObject({
      action: "booking.status",
      actorId: admin.id,
      details: { from: "pending", to: "in_progress" },
    });

    const cancelled = await update(booking.id, { status: "cancelled" }, { cookie: adminCookie });
    expect(cancelled.body.booking.status).toBe("cancelled");
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).cancelledAt).not.toBeNull();
  });

  it("refuses bad statuses with 400, changing nothing", async () => {
    const booking = await createBooking();
    for (const body of [
      { status: "lost" },
      { status: "" },
      {},
      { status: 3 },
      { status: null },
      { status: "PENDING" },
    ]) {
      const outcome = await update(booking.id, body);
      expect(outcome.status, JSON.stringify(body)).toBe(400);
      expect(outcome.body.error).toBe(ADMIN_BOOKING_MESSAGES.invalidStatus);
    }
    const notJson = await call(
      updateApi.action,
      new Request(`http://localhost/api/admin/booking/${booking.id}/update`, {
        method: "POST",
        body: "status=completed",
        headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "text/plain" },
      }),
      { id: booking.id },
    );
    expect(notJson.status).toBe(400);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("pending");
    expect(await auditRows(booking.id)).toEqual([]);
  });

  it("is a 404 for an unknown id and a 400 for a malformed one", async () => {
    const unknown = await update("ckunknownbooking000000000", { status: "completed" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: ADMIN_BOOKING_MESSAGES.bookingNotFound,
      message: ADMIN_BOOKING_MESSAGES.bookingNotFound,
    });
    for (const id of ["bad id!", "x".repeat(65), "' or 1=1 --"]) {
      const outcome = await update(id, { status: "completed" });
      expect(outcome.status, id).toBe(400);
      expect(outcome.body.error).toBe(ADMIN_BOOKING_MESSAGES.invalidBookingId);
    }
  });

  it("refuses a customer's token (403) and no credentials (401) before anything else", async () => {
    const booking = await createBooking();
    expect((await update(booking.id, { status: "completed" }, { token: customerToken })).status).toBe(403);
    expect((await update(booking.id, { status: "completed" }, { cookie: customerCookie })).status).toBe(403);
    expect((await update(booking.id, { status: "completed" }, {})).status).toBe(401);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("pending");
  });

  it("takes POST only", async () => {
    const booking = await createBooking();
    const outcome = await update(booking.id, { status: "completed" }, { token: adminToken, method: "PUT" });
    expect(outcome.status).toBe(405);
    expect(outcome.headers.get("allow")).toBe("POST");
  });
});
