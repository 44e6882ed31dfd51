// The support desk against a real PostgreSQL: a request from the tracker
// is a ticket with a thread; support answers from /admin/support (or the booking's page), the
// customer reads and answers on the tracker, each side hears of it by e-mail, statuses move
// (open, waiting on customer, resolved) with an audit row, the dashboard counts open tickets,
// and a visitor's contact form opens a ticket too.
import { beforeAll, describe, expect, it } from "vitest";
import * as trackerRoute from "~/routes/_bookings+/booking-tracker";
import * as helpPage from "~/routes/_bookings+/bookings_.$id.help";
import * as supportDesk from "~/routes/admin+/support";
import * as supportPage from "~/routes/support";
import { TICKET_MESSAGES } from "~/schemas/support-ticket-messages";
import { getAdminStats } from "~/server/admin/stats.server";
import { replyAsSupport, setTicketStatus, ticketReturnPath } from "~/server/admin/support.server";
import { replyAsRequester } from "~/server/bookings/support-requests.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { call, createAccount, formRequest, getRequest, sessionCookie, uniqueIp } from "./auth-helpers";
import { createBooking } from "./factories";
import { readOutbox } from "./messages";

type Account = Awaited<ReturnType<typeof createAccount>>;

let admin: Account;
let adminCookie: string;

beforeAll(async () => {
  admin = await createAccount({ role: "admin" });
  adminCookie = await sessionCookie(admin);
});

async function customerWithBooking() {
  const customer = await createAccount();
  const created = await createBooking("assigned");
  const booking = await db.booking.update({
    where: { id: created.id },
    data: { customerId: customer.id, customerEmail: customer.email },
  });
  return { customer, booking, cookie: await sessionCookie(customer) };
}

/** The page of the open-ticket desk that lists the booking's ticket, or 0 if none does. */
async function deskPageListing(bookingId: string) {
  for (let page = 1; ; page++) {
    const { body } = await call(supportDesk.loader, getRequest(`/admin/support?page=${page}`, { cookie: adminCookie }));
    if (body.tickets.some((ticket: { booking: { id: string } | null }) => ticket.booking?.id === bookingId))
      return page;
    if (page >= body.page.pages) return 0;
  }
}

const support = (fields: Record<string, string>, cookie = adminCookie, enhanced = false) =>
  call(supportDesk.action, formRequest("/admin/support", fields, { cookie, enhanced }));

describe("a ticket's thread", () => {
  it("goes from the customer to support and back, each side told by e-mail, its status following", async () => {
    const { customer, booking, cookie } = await customerWithBooking();
    const asked = await call(
      helpPage.action,
      formRequest(`/bookings/${booking.id}/help`, { kind: "support", message: "Can you bring a trolley?" }, { cookie }),
      { id: booking.id },
    );
    expect(asked.status).toBe(303);
    const ticket = await db.supportRequest.findFirstOrThrow({ where: { bookingId: booking.id } });
    expect(ticket.status).toBe("open");
    // Support's inbox and the customer's acknowledgement.
    expect((await readOutbox(env.SUPPORT_EMAIL)).at(-1)!.subject).toBe(`Support request: ${booking.reference}`);
    expect((await readOutbox(customer.email)).at(-1)!.subject).toBe("We have your message: EasyMove support");
    const statsBefore = await getAdminStats();

    // Support answers from the desk (a plain post comes back to where it was sent from).
    const answered = await support({
      intent: "reply",
      ticketId: ticket.id,
      body: "Yes, the driver will bring one.",
      returnTo: `/admin/bookings/${booking.id}`,
    });
    expect(answered).toMatchObject({ status: 303, location: `/admin/bookings/${booking.id}` });
    expect((await db.supportRequest.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe(
      "waiting_on_customer",
    );
    const toCustomer = (await readOutbox(customer.email)).at(-1)!;
    expect(toCustomer.subject).toBe(`EasyMove support has answered: ${booking.reference}`);
    expect(toCustomer.text).toContain("Yes, the driver will bring one.");
    expect(toCustomer.text).toContain(`${env.SITE_URL}/booking-tracker?booking=${booking.id}#support`);
    expect((await getAdminStats()).activeComplaints).toBe(statsBefore.activeComplaints - 1);

    // The customer reads it on the tracker and answers there.
    const tracker = await call(trackerRoute.loader, getRequest(`/booking-tracker?booking=${booking.id}`, { cookie }));
    expect(tracker.body.tickets).toHaveLength(1);
    expect(tracker.body.tickets[0]).toMatchObject({ status: "waiting_on_customer", statusText: "Waiting on customer" });
    expect(
      tracker.body.tickets[0].thread.map((message: { fromSupport: boolean; body: string }) => [
        message.fromSupport,
        message.body,
      ]),
    ).toEqual([
      [false, "Can you bring a trolley?"],
      [true, "Yes, the driver will bring one."],
    ]);
    const replied = await call(
      helpPage.action,
      formRequest(
        `/bookings/${booking.id}/help`,
        { intent: "reply", ticketId: ticket.id, body: "Thank you!" },
        { cookie, enhanced: true },
      ),
      { id: booking.id },
    );
    expect(replied).toMatchObject({ status: 200, body: { ok: true } });
    expect((await db.supportRequest.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe("open");
    expect((await readOutbox(env.SUPPORT_EMAIL)).at(-1)!.text).toContain("Thank you!");

    // An empty reply is refused with its reason; another customer cannot answer in this thread.
    const empty = await call(
      helpPage.action,
      formRequest(
        `/bookings/${booking.id}/help`,
        { intent: "reply", ticketId: ticket.id, body: " " },
        { cookie, enhanced: true },
      ),
      { id: booking.id },
    );
    expect(empty).toMatchObject({ status: 400, body: { error: { body: [TICKET_MESSAGES.replyRequired] } } });
    const stranger = await createAccount();
    expect(await replyAsRequester({ ticketId: ticket.id, user: stranger, body: "Hi" })).toMatchObject({
      ok: false,
      status: 404,
    });

    // Resolved: audited, and no longer counted.
    expect(
      await support({ intent: "status", ticketId: ticket.id, status: "resolved" }, adminCookie, true),
    ).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await db.supportRequest.findUniqueOrThrow({ where: { id: ticket.id } })).toMatchObject({
      status: "resolved",
      resolvedAt: expect.any(Date),
    });
    const audit = await db.auditLog.findMany({ where: { targetId: ticket.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["support.reply", admin.id],
      ["support.status", admin.id],
    ]);
    expect(audit[1]!.details).toEqual({ from: "open", to: "resolved" });
  });

  it("lists tickets by status on the desk, and refuses what is not there or not an admin's", async () => {
    const { booking, cookie } = await customerWithBooking();
    await call(
      helpPage.action,
      formRequest(`/bookings/${booking.id}/help`, { kind: "change_request", message: "Arrive at 10:00?" }, { cookie }),
      { id: booking.id },
    );
    const open = await call(supportDesk.loader, getRequest("/admin/support", { cookie: adminCookie }));
    expect(open.body.status).toBe("open");
    expect(open.body.counts.open).toBeGreaterThan(0);
    // Other test files open tickets in the same database, so the new one may be on a later page
    // (open tickets list the longest-waiting first).
    expect(await deskPageListing(booking.id)).toBeGreaterThanOrEqual(1);
    expect(await replyAsSupport(admin.id, "no-such-ticket", "Hello")).toMatchObject({ ok: false, status: 404 });
    expect(await setTicketStatus(admin.id, "no-such-ticket", "resolved")).toMatchObject({ ok: false, status: 404 });
    expect(await support({ intent: "status", ticketId: "x", status: "closed" }, adminCookie, true)).toMatchObject({
      status: 400,
    });
    expect(await support({ intent: "reply", ticketId: "x", body: "Hi" }, cookie)).toMatchObject({
      status: 302,
      location: "/",
    });
    // A plain post goes back only to an admin page.
    expect(ticketReturnPath("//evil.example/admin/")).toBe("/admin/support");
    expect(ticketReturnPath("https://evil.example")).toBe("/admin/support");
    expect(ticketReturnPath("/admin/bookings/abc")).toBe("/admin/bookings/abc");
  });
});

describe("Live chat from the FAQ", () => {
  it("takes a customer with a booking to support on it, and gives a visitor the contact form, which opens a ticket", async () => {
    const { booking, cookie } = await customerWithBooking();
    expect(await call(supportPage.loader, getRequest("/support", { cookie }))).toMatchObject({
      status: 302,
      location: `/bookings/${booking.id}/help?kind=support`,
      thrown: true,
    });
    expect(await call(supportPage.loader, getRequest("/support"))).toMatchObject({
      status: 200,
      body: { name: "", email: "" },
    });

    const email = `visitor-${Date.now()}@example.com`;
    const ip = uniqueIp();
    const refused = await call(
      supportPage.action,
      formRequest("/support", { name: "Vic", email: "not-an-email", message: "Hi" }, { ip }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.email).toEqual([TICKET_MESSAGES.emailInvalid]);
    expect(refused.body.initialValue).toMatchObject({ name: "Vic", message: "Hi" });

    const sent = await call(
      supportPage.action,
      formRequest("/support", { name: "Vic Visitor", email, message: "Do you move pianos?" }, { ip }),
    );
    expect(sent).toMatchObject({ status: 303, location: "/support?sent=1" });
    const ticket = await db.supportRequest.findFirstOrThrow({ where: { email } });
    expect(ticket).toMatchObject({
      kind: "support",
      status: "open",
      name: "Vic Visitor",
      bookingId: null,
      userId: null,
    });
    expect((await readOutbox(email)).map((mail) => mail.subject)).toEqual(["We have your message: EasyMove support"]);

    // Support answers the visitor by e-mail.
    await replyAsSupport(admin.id, ticket.id, "Yes, uprights up to 250 kg.");
    const answer = (await readOutbox(email)).at(-1)!;
    expect(answer.subject).toBe("EasyMove support has answered");
    expect(answer.text).toContain("Yes, uprights up to 250 kg.");
    expect(answer.text).toContain(`To answer, write to ${env.SUPPORT_EMAIL}.`);
  });
});
