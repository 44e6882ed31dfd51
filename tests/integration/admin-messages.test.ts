// /admin/messages against the real database: admins only; every message with
// its state, tries, last error and times; filters by state, booking and recipient; "Send again"
// on a dead message, once, in the audit log; and a booking's admin page lists its messages.
import { describe, expect, it } from "vitest";
import { messageKey } from "~/domain/message-delivery";
import * as bookingPage from "~/routes/admin+/bookings.$id";
import * as messagesPage from "~/routes/admin+/messages";
import { queueMessage } from "~/server/messages/outbox.server";
import { db } from "~/server/platform/db.server";
import { call, createAccount, flashedToasts, formRequest, getRequest, sessionCookie, unique } from "./auth-helpers";
import { createBooking } from "./factories";

const admin = await createAccount({ role: "admin" });
const adminCookie = await sessionCookie(admin);

/** A booking's confirmation, queued as the payment queues it, then put in the given state. */
async function messageFor(
  booking: { id: string },
  state: "queued" | "sent" | "retrying" | "dead",
  recipient = `${unique()}@example.com`,
) {
  const key = messageKey("booking-confirmed", booking.id, unique());
  await db.$transaction((tx) =>
    queueMessage(tx, "booking-confirmed", { bookingId: booking.id }, { key, bookingId: booking.id }),
  );
  return db.message.update({
    where: { key },
    data: {
      state,
      recipient,
      subject: "Booking confirmed",
      tries: state === "queued" ? 0 : 3,
      lastError: state === "dead" || state === "retrying" ? "550 5.1.1 No such mailbox" : null,
      deadAt: state === "dead" ? new Date() : null,
      sentAt: state === "sent" ? new Date() : null,
    },
  });
}

const list = (query = "", cookie = adminCookie) =>
  call(messagesPage.loader, getRequest(`/admin/messages${query}`, { cookie }));

describe("/admin/messages", () => {
  it("is for admins only: a customer goes home, a visitor to the admin sign-in", async () => {
    const customer = await createAccount();
    const customerCookie = await sessionCookie(customer);
    expect((await list("", customerCookie)).location).toBe("/");
    expect((await call(messagesPage.loader, getRequest("/admin/messages"))).location).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fmessages",
    );
    const resend = await call(
      messagesPage.action,
      formRequest("/admin/messages", { intent: "resend", messageId: "x" }, { cookie: customerCookie }),
    );
    expect(resend.location).toBe("/");
  });

  it("lists each message with its state, last error and tries, and filters by state, booking and recipient", async () => {
    const booking = await createBooking("pending");
    const dead = await messageFor(booking, "dead");
    const sent = await messageFor(booking, "sent");
    const other = await messageFor(await createBooking("pending"), "retrying");

    const byBooking = await list(`?booking=${encodeURIComponent(booking.reference)}`);
    expect(byBooking.status).toBe(200);
    expect(byBooking.body.messages.map((message: { id: string }) => message.id).sort()).toEqual(
      [dead.id, sent.id].sort(),
    );
    const deadRow = byBooking.body.messages.find((message: { id: string }) => message.id === dead.id);
    expect(deadRow).toMatchObject({
      state: "dead",
      tries: 3,
      lastError: "550 5.1.1 No such mailbox",
      recipient: dead.recipient,
      summary: "Booking confirmed",
      channel: "email",
      booking: { id: booking.id, reference: booking.reference },
    });
    expect(deadRow.deadAt).toBeTruthy();

    const deadOnes = await list(`?state=dead&booking=${booking.reference}`);
    expect(deadOnes.body.messages.map((message: { id: string }) => message.id)).toEqual([dead.id]);
    const byRecipient = await list(`?recipient=${encodeURIComponent(other.recipient!.toUpperCase())}`);
    expect(byRecipient.body.messages.map((message: { id: string }) => message.id)).toEqual([other.id]);
    // An unknown state is no filter; the counts are of every message.
    const any = await list("?state=nonsense");
    expect(any.body.filters.state).toBeNull();
    expect(any.body.counts.dead).toBeGreaterThanOrEqual(1);
    expect(any.body.page).toMatchObject({ page: 1, pageSize: 25 });
    // Unsearched, the list's total is the running totals' (the table grows with every message).
    const counts = any.body.counts as Record<string, number>;
    expect(any.body.page.total).toBe(Object.values(counts).reduce((sum, count) => sum + count, 0));
    const allDead = await list("?state=dead");
    expect(allDead.body.page.total).toBe(allDead.body.counts.dead);
  });

  it("Send again queues a dead message once, in the audit log; a message not dead is refused with 409", async () => {
    const booking = await createBooking("pending");
    const dead = await messageFor(booking, "dead");
    const post = (enhanced: boolean) =>
      call(
        messagesPage.action,
        formRequest(
          "/admin/messages",
          { intent: "resend", messageId: dead.id, returnTo: `/admin/bookings/${booking.id}` },
          { cookie: adminCookie, enhanced },
        ),
      );
    const first = await post(false);
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/admin/bookings/${booking.id}`);
    expect((await flashedToasts(first))[0]).toMatchObject({ title: "Message queued again" });
    expect(await db.message.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({
      state: "queued",
      deadAt: null,
    });
    const second = await post(true);
    expect(second.status).toBe(409);
    expect(await db.auditLog.count({ where: { action: "message.resend", targetId: dead.id } })).toBe(1);

    const bad = await call(
      messagesPage.action,
      formRequest("/admin/messages", { intent: "delete-everything" }, { cookie: adminCookie, enhanced: true }),
    );
    expect(bad.status).toBe(400);
    // A return address off the admin pages is not followed.
    const elsewhere = await messageFor(booking, "dead");
    const offsite = await call(
      messagesPage.action,
      formRequest(
        "/admin/messages",
        { intent: "resend", messageId: elsewhere.id, returnTo: "https://example.com/" },
        { cookie: adminCookie },
      ),
    );
    expect(offsite.location).toBe("/admin/messages");
  });

  it("a booking's admin page lists its messages", async () => {
    const booking = await createBooking("pending");
    const sent = await messageFor(booking, "sent");
    const page = await call(bookingPage.loader, getRequest(`/admin/bookings/${booking.id}`, { cookie: adminCookie }), {
      id: booking.id,
    });
    expect(page.body.messages.map((message: { id: string }) => message.id)).toEqual([sent.id]);
  });
});
