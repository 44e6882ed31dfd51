// Twilio's webhooks: a signed reply of STOP stops our texts to that number
// (an assignment then texts only the other side), START starts them again; a forged or unsigned
// request is refused with 403 and changes nothing; a signed delivery report of a failed text
// makes its message dead with Twilio's error code.
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as inboundRoute from "~/routes/api+/twilio.inbound";
import * as statusRoute from "~/routes/api+/twilio.status";
import { assignDriver } from "~/server/admin/booking-commands.server";
import { deliverMessage } from "~/server/message-delivery.server";
import { db } from "~/server/platform/db.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { call, createAccount } from "./auth-helpers";
import { createApprovedDriver, createBooking } from "./factories";

const AUTH_TOKEN = "twilio-webhook-test-token";
const settings = env as unknown as Record<string, string | undefined>;
const saved = settings.TWILIO_AUTH_TOKEN;
beforeAll(() => {
  settings.TWILIO_AUTH_TOKEN = AUTH_TOKEN;
});
afterAll(() => {
  settings.TWILIO_AUTH_TOKEN = saved;
});

const admin = await createAccount({ role: "admin" });
const mobile = () => {
  const digits = String(100_000 + Math.floor(Math.random() * 899_999));
  return { typed: `07400 ${digits}`, e164: `+447400${digits}` };
};

/** A POST as Twilio sends it: form-encoded, signed over the address it called and the fields. */
function fromTwilio(path: string, fields: Record<string, string>, { token = AUTH_TOKEN, signed = true } = {}) {
  const signature = twilio.getExpectedTwilioSignature(token, absoluteUrl(path), fields);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(signed ? { "X-Twilio-Signature": signature } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

const inbound = (fields: Record<string, string>, options?: { token?: string; signed?: boolean }) =>
  call(inboundRoute.action, fromTwilio("/api/twilio/inbound", fields, options));

async function assignment(customerPhone: string) {
  const booking = await db.booking.update({
    where: { id: (await createBooking("pending")).id },
    data: { customerPhone },
  });
  const driver = await db.driver.update({
    where: { id: (await createApprovedDriver()).id },
    data: { phone: mobile().typed },
  });
  await assignDriver(admin.id, booking.id, driver.id);
  return db.message.findMany({ where: { bookingId: booking.id, channel: "sms" }, select: { kind: true, id: true } });
}

describe("Twilio's inbound webhook", () => {
  it("STOP stops our texts to the number, START starts them again", async () => {
    const customer = mobile();
    const stop = await inbound({ From: customer.e164, Body: " stop ", MessageSid: "SM1" });
    expect(stop.status).toBe(200);
    expect(stop.body).toContain("<Response>");
    expect(await db.textOptOut.count({ where: { phone: customer.e164 } })).toBe(1);
    expect((await assignment(customer.typed)).map((message) => message.kind)).toEqual(["text-job-assigned"]);

    expect((await inbound({ From: customer.e164, Body: "START" })).status).toBe(200);
    expect(await db.textOptOut.count({ where: { phone: customer.e164 } })).toBe(0);
    expect((await assignment(customer.typed)).map((message) => message.kind).sort()).toEqual([
      "text-driver-assigned",
      "text-job-assigned",
    ]);
  });

  it("a forged or unsigned request is refused with 403 and changes nothing", async () => {
    const customer = mobile();
    expect((await inbound({ From: customer.e164, Body: "STOP" }, { token: "not-our-token" })).status).toBe(403);
    expect((await inbound({ From: customer.e164, Body: "STOP" }, { signed: false })).status).toBe(403);
    expect(await db.textOptOut.count({ where: { phone: customer.e164 } })).toBe(0);
  });

  it("without Twilio's settings the webhooks are not there", async () => {
    settings.TWILIO_AUTH_TOKEN = undefined;
    try {
      expect((await inbound({ From: "+447400100000", Body: "STOP" })).status).toBe(404);
    } finally {
      settings.TWILIO_AUTH_TOKEN = AUTH_TOKEN;
    }
  });
});

describe("Twilio's status callback", () => {
  it("a text Twilio could not deliver is dead, with its error code; a forged report changes nothing", async () => {
    const customer = mobile();
    const [text] = (await assignment(customer.typed)).filter((message) => message.kind === "text-driver-assigned");
    await deliverMessage(text!.id);
    const { providerId } = await db.message.findUniqueOrThrow({ where: { id: text!.id } });
    expect(providerId).toMatch(/^SM/);

    const report = { MessageSid: providerId!, MessageStatus: "undelivered", ErrorCode: "30003" };
    const forged = await call(statusRoute.action, fromTwilio("/api/twilio/status", report, { token: "not-our-token" }));
    expect(forged.status).toBe(403);
    expect((await db.message.findUniqueOrThrow({ where: { id: text!.id } })).state).toBe("sent");

    const signed = await call(statusRoute.action, fromTwilio("/api/twilio/status", report));
    expect(signed.status).toBe(200);
    expect(await db.message.findUniqueOrThrow({ where: { id: text!.id } })).toMatchObject({
      state: "dead",
      lastError: "Twilio: undelivered (error 30003)",
    });
  });
});
