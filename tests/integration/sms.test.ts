// Texts' transport (server/platform/sms.server.ts) through the real `twilio` SDK against a local
// stand-in of Twilio's Messages API: a text is created with the sending number and a status
// callback, Twilio's refusals come back as errors the queue can tell apart (a number that cannot
// take texts is permanent; Twilio being away is not), and without Twilio's settings a text goes
// to the local outbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPermanentRefusal } from "~/domain/message-delivery";
import { env } from "~/server/platform/env.server";
import { deliverText, readTextOutbox } from "~/server/platform/sms.server";
import { startTwilioStandIn } from "../support/twilio-stand-in";

const ACCOUNT = { accountSid: "AC00000000000000000000000000000001", authToken: "stand-in-auth-token" };
type Writable = Record<string, string | undefined>;
const settings = env as unknown as Writable;
const NAMES = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TWILIO_API_BASE"] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, settings[name]]));

let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;

function useTwilio(on: boolean) {
  settings.TWILIO_ACCOUNT_SID = on ? ACCOUNT.accountSid : undefined;
  settings.TWILIO_AUTH_TOKEN = on ? ACCOUNT.authToken : undefined;
  settings.TWILIO_FROM = on ? "+447700900000" : undefined;
  settings.TWILIO_API_BASE = on ? twilio.baseUrl : undefined;
}

beforeAll(async () => {
  twilio = await startTwilioStandIn(ACCOUNT);
});

afterAll(async () => {
  for (const name of NAMES) settings[name] = saved[name];
  await twilio.close();
});

describe("texts through Twilio", () => {
  it("creates the message from our number, with a status callback on the site", async () => {
    useTwilio(true);
    const sid = await deliverText({ to: "+447700900123", body: "Your driver is on the way." }, { messageId: "m1" });
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.to("+447700900123")).toEqual([
      {
        sid,
        to: "+447700900123",
        from: "+447700900000",
        body: "Your driver is on the way.",
        statusCallback: `${env.SITE_URL.replace(/\/$/, "")}/api/twilio/status`,
      },
    ]);
  });

  it("a number that cannot take texts is a permanent refusal; Twilio away is not", async () => {
    useTwilio(true);
    twilio.refuse("+442079460018", 21614);
    const landline = await deliverText({ to: "+442079460018", body: "Hi" }, { messageId: "m2" }).catch((e) => e);
    expect(landline).toMatchObject({ status: 400, code: 21614 });
    expect(isPermanentRefusal(landline)).toBe(true);

    twilio.unavailable(1);
    const away = await deliverText({ to: "+447700900124", body: "Hi" }, { messageId: "m3" }).catch((e) => e);
    expect(away).toMatchObject({ status: 503 });
    expect(isPermanentRefusal(away)).toBe(false);
  });

  it("without Twilio's settings, a text goes to the local outbox", async () => {
    useTwilio(false);
    const number = `+4477009${String(Date.now()).slice(-5)}`;
    await deliverText({ to: number, body: "Your move is tomorrow." }, { messageId: "m4" });
    expect(await readTextOutbox(number)).toEqual([
      expect.objectContaining({ to: number, body: "Your move is tomorrow.", messageId: "m4" }),
    ]);
    expect(twilio.to(number)).toEqual([]);
  });
});
