// Texts on the move day, queued with the change they report: an admin's
// assignment texts the customer (the driver's name and van) and the driver (the job is theirs);
// a customer whose number is a landline gets e-mail only; the driver's steps text the customer;
// a text goes through Twilio (its stand-in) when Twilio is configured, else to the outbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalisePhone } from "~/domain/phone";
import { assignDriver, updateBookingStatus } from "~/server/admin/booking-commands.server";
import { deliverMessage } from "~/server/message-delivery.server";
import { setAccountTexts } from "~/server/messages/text-consent.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { readTextOutbox } from "~/server/platform/sms.server";
import { startTwilioStandIn } from "../support/twilio-stand-in";
import { createAccount, unique } from "./auth-helpers";
import { createApprovedDriver, createBooking } from "./factories";
import { deliverQueuedMessages } from "./messages";

const admin = await createAccount({ role: "admin" });
const ACCOUNT = { accountSid: "AC00000000000000000000000000000002", authToken: "stand-in-auth-token-2" };
const settings = env as unknown as Record<string, string | undefined>;
const NAMES = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TWILIO_API_BASE"] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, settings[name]]));
let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;

beforeAll(async () => {
  twilio = await startTwilioStandIn(ACCOUNT);
});
afterAll(async () => {
  for (const name of NAMES) settings[name] = saved[name];
  await twilio.close();
});

/** A UK mobile of its own for each test (in 07400, a range libphonenumber knows as mobile). */
const mobile = () => {
  const digits = String(100_000 + Math.floor(Math.random() * 899_999));
  return { typed: `07400 ${digits}`, e164: `+447400${digits}` };
};

async function assignedBooking(customerPhone: string, driverPhone: string) {
  const booking = await db.booking.update({
    where: { id: (await createBooking("pending")).id },
    data: { customerPhone },
  });
  const driver = await db.driver.update({
    where: { id: (await createApprovedDriver()).id },
    data: { phone: driverPhone, name: `Dev ${unique()}` },
  });
  expect((await assignDriver(admin.id, booking.id, driver.id)).status).toBe("assigned");
  return { booking, driver };
}

describe("texts when a driver is assigned", () => {
  it("the customer is texted the driver and van, the driver that the job is theirs, beside the e-mail", async () => {
    const customer = mobile();
    const driverPhone = mobile();
    const { booking, driver } = await assignedBooking(customer.typed, driverPhone.typed);
    const queued = await db.message.findMany({
      where: { bookingId: booking.id },
      select: { kind: true, channel: true, recipient: true },
      orderBy: { kind: "asc" },
    });
    expect(queued).toEqual([
      { kind: "driver-assigned", channel: "email", recipient: null },
      { kind: "text-driver-assigned", channel: "sms", recipient: customer.e164 },
      { kind: "text-job-assigned", channel: "sms", recipient: driverPhone.e164 },
    ]);
    await deliverQueuedMessages();
    const [toCustomer] = await readTextOutbox(customer.e164);
    expect(toCustomer!.body).toBe(`EasyMove: ${driver.name} will do your move ${booking.reference} (Medium Van).`);
    const [toDriver] = await readTextOutbox(driverPhone.e164);
    expect(toDriver!.body).toMatch(
      new RegExp(`^EasyMove: job ${booking.reference} is yours, .+\\. Details: .+/driver$`),
    );
    expect(await db.message.count({ where: { bookingId: booking.id, channel: "sms", state: "sent" } })).toBe(2);
  });

  it("a driver the job is taken from, or whose job an admin cancels, is texted that it is cancelled", async () => {
    const first = mobile();
    const { booking } = await assignedBooking(mobile().typed, first.typed);
    const second = await db.driver.update({
      where: { id: (await createApprovedDriver()).id },
      data: { phone: mobile().typed },
    });
    expect((await assignDriver(admin.id, booking.id, second.id)).status).toBe("assigned");
    expect(
      await db.message.count({ where: { bookingId: booking.id, kind: "text-job-cancelled", recipient: first.e164 } }),
    ).toBe(1);

    await updateBookingStatus(admin.id, booking.id, "cancelled");
    const cancelled = await db.message.findMany({
      where: { bookingId: booking.id, kind: "text-job-cancelled" },
      select: { recipient: true },
    });
    expect(cancelled.map((message) => message.recipient).sort()).toEqual(
      [first.e164, normalisePhone(second.phone)!.e164].sort(),
    );
    await deliverQueuedMessages();
    expect((await readTextOutbox(first.e164)).at(-1)!.body).toMatch(
      new RegExp(`job ${booking.reference} .+ is cancelled\\.$`),
    );
  });

  it("a customer with a landline gets e-mail only", async () => {
    const { booking } = await assignedBooking("020 7946 0018", mobile().typed);
    const kinds = (await db.message.findMany({ where: { bookingId: booking.id }, select: { kind: true } })).map(
      (message) => message.kind,
    );
    expect(kinds.sort()).toEqual(["driver-assigned", "text-job-assigned"]);
  });

  it("a customer who unticked texts at checkout, or turned them off on their account, gets e-mail only", async () => {
    const unticked = await db.booking.update({
      where: { id: (await createBooking("pending")).id },
      data: { customerPhone: mobile().e164, textUpdates: false },
    });
    const account = await createAccount({ role: "customer" });
    await setAccountTexts(account.id, false);
    const turnedOff = await db.booking.update({
      where: { id: (await createBooking("pending")).id },
      data: { customerPhone: mobile().e164, customerId: account.id },
    });
    for (const booking of [unticked, turnedOff]) {
      const driver = await db.driver.update({
        where: { id: (await createApprovedDriver()).id },
        data: { phone: mobile().typed },
      });
      expect((await assignDriver(admin.id, booking.id, driver.id)).status).toBe("assigned");
      const kinds = (await db.message.findMany({ where: { bookingId: booking.id }, select: { kind: true } })).map(
        (message) => message.kind,
      );
      expect(kinds.sort()).toEqual(["driver-assigned", "text-job-assigned"]);
    }
  });

  it("a text queued before the customer turned texts off is not sent", async () => {
    const customer = mobile();
    const account = await createAccount({ role: "customer" });
    const booking = await db.booking.update({
      where: { id: (await createBooking("pending")).id },
      data: { customerPhone: customer.e164, customerId: account.id },
    });
    const driver = await db.driver.update({
      where: { id: (await createApprovedDriver()).id },
      data: { phone: mobile().typed },
    });
    expect((await assignDriver(admin.id, booking.id, driver.id)).status).toBe("assigned");
    await setAccountTexts(account.id, false);
    await deliverQueuedMessages();
    expect(await readTextOutbox(customer.e164)).toEqual([]);
  });

  it("goes through Twilio when it is configured, and a refused number is dead at once", async () => {
    settings.TWILIO_ACCOUNT_SID = ACCOUNT.accountSid;
    settings.TWILIO_AUTH_TOKEN = ACCOUNT.authToken;
    settings.TWILIO_FROM = "+447700900000";
    settings.TWILIO_API_BASE = twilio.baseUrl;
    try {
      const customer = mobile();
      const driverPhone = mobile();
      twilio.refuse(driverPhone.e164, 21610); // the driver once replied STOP
      const { booking } = await assignedBooking(customer.typed, driverPhone.typed);
      for (const message of await db.message.findMany({ where: { bookingId: booking.id, channel: "sms" } }))
        await deliverMessage(message.id);
      expect(twilio.to(customer.e164)).toHaveLength(1);
      expect(twilio.to(customer.e164)[0]!.body).toContain(booking.reference);
      const toDriver = await db.message.findFirstOrThrow({
        where: { bookingId: booking.id, kind: "text-job-assigned" },
      });
      expect(toDriver.state).toBe("dead");
      expect(toDriver.lastError).toContain("unsubscribed");
    } finally {
      for (const name of NAMES) settings[name] = saved[name];
    }
  });
});
