// A local stand-in for the part of Twilio's REST API that EasyMove uses: creating a
// message (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP basic auth with
// the account sid and auth token), answered as Twilio answers, so tests drive the real `twilio`
// SDK (its requests sent here through TWILIO_API_BASE). It records every text and can refuse a
// number as Twilio does: 21211 (not a valid number), 21610 (the recipient replied STOP),
// 21614 (not a mobile), or answer 503 for a while.
import { randomBytes } from "node:crypto";
import { headerOf, startStandInServer } from "./stand-in-server";

export type TwilioText = { sid: string; to: string; from: string; body: string; statusCallback: string | null };

const REFUSALS = {
  21211: "The 'To' number is not a valid phone number.",
  21610: "Attempt to send to unsubscribed recipient",
  21614: "'To' number is not a valid mobile number",
} as const;

export async function startTwilioStandIn({ accountSid, authToken }: { accountSid: string; authToken: string }) {
  const texts: TwilioText[] = [];
  const refused = new Map<string, keyof typeof REFUSALS>();
  let unavailableFor = 0;

  const json = (response: import("node:http").ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };

  const server = await startStandInServer({
    handle({ request, response, url, method, raw }) {
      const wanted = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
      if (headerOf(request, "authorization") !== expectedAuth)
        return json(response, 401, { code: 20003, message: "Authenticate", status: 401 });
      if (method !== "POST" || url.pathname !== wanted)
        return json(response, 404, { code: 20404, message: "The requested resource was not found", status: 404 });
      if (unavailableFor > 0) {
        unavailableFor -= 1;
        return json(response, 503, { code: 20500, message: "Service Unavailable", status: 503 });
      }
      const form = new URLSearchParams(raw);
      const to = form.get("To") ?? "";
      const refusal = refused.get(to);
      if (refusal) return json(response, 400, { code: refusal, message: REFUSALS[refusal], status: 400 });
      const text: TwilioText = {
        sid: `SM${randomBytes(16).toString("hex")}`,
        to,
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        statusCallback: form.get("StatusCallback"),
      };
      texts.push(text);
      return json(response, 201, {
        sid: text.sid,
        account_sid: accountSid,
        to: text.to,
        from: text.from,
        body: text.body,
        status: "queued",
        num_segments: "1",
        direction: "outbound-api",
        api_version: "2010-04-01",
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}.json`,
      });
    },
    crashed(error, response) {
      json(response, 500, { code: 20500, message: String(error), status: 500 });
    },
  });

  return {
    baseUrl: server.baseUrl,
    texts,
    to: (number: string) => texts.filter((text) => text.to === number),
    refuse: (number: string, code: keyof typeof REFUSALS) => refused.set(number, code),
    unavailable: (times: number) => (unavailableFor = times),
    close: () => server.close(),
  };
}
