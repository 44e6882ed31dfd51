// Twilio's two webhooks, each verified by its X-Twilio-Signature (an HMAC of
// the address Twilio called, on SITE_URL, and the posted fields, with TWILIO_AUTH_TOKEN); a
// forged or unsigned request is refused with 403 and changes nothing.
// - Inbound: a reply of STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) stops our texts to
//   that number; START (or UNSTOP, YES) starts them again. Twilio answers the sender itself.
// - Status: a text's delivery report; one Twilio could not deliver is dead, with its error code.
import twilio from "twilio";
import { db } from "~/server/platform/db.server";
import { absoluteUrl, env } from "~/server/platform/env.server";

const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

type WebhookAnswer = { status: 200 | 403 | 404; body: string };

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** The posted fields when the signature is Twilio's for this address; null otherwise. */
function verified(path: string, signature: string | null, form: URLSearchParams) {
  if (!env.TWILIO_AUTH_TOKEN || !signature) return null;
  const fields = Object.fromEntries(form);
  return twilio.validateRequest(env.TWILIO_AUTH_TOKEN, signature, absoluteUrl(path), fields) ? fields : null;
}

export async function handleInboundText(signature: string | null, form: URLSearchParams): Promise<WebhookAnswer> {
  if (!env.TWILIO_AUTH_TOKEN) return { status: 404, body: "Not Found" };
  const fields = verified("/api/twilio/inbound", signature, form);
  if (!fields) return { status: 403, body: "Forbidden" };
  const from = String(fields.From ?? "");
  const word = String(fields.Body ?? "")
    .trim()
    .toUpperCase();
  if (from && STOP_WORDS.has(word))
    await db.textOptOut.upsert({ where: { phone: from }, create: { phone: from }, update: {} });
  if (from && START_WORDS.has(word)) await db.textOptOut.deleteMany({ where: { phone: from } });
  return { status: 200, body: EMPTY_TWIML };
}

export async function handleTextStatus(signature: string | null, form: URLSearchParams): Promise<WebhookAnswer> {
  if (!env.TWILIO_AUTH_TOKEN) return { status: 404, body: "Not Found" };
  const fields = verified("/api/twilio/status", signature, form);
  if (!fields) return { status: 403, body: "Forbidden" };
  const sid = String(fields.MessageSid ?? "");
  const status = String(fields.MessageStatus ?? "");
  if (sid && (status === "failed" || status === "undelivered"))
    await db.message.updateMany({
      where: { providerId: sid, state: { not: "dead" } },
      data: {
        state: "dead",
        deadAt: new Date(),
        lastError: `Twilio: ${status} (error ${fields.ErrorCode ?? "unknown"})`,
      },
    });
  return { status: 200, body: EMPTY_TWIML };
}

/** True when the number replied STOP (and not START since). */
export async function optedOut(phone: string, client: Pick<typeof db, "textOptOut"> = db) {
  return (await client.textOptOut.count({ where: { phone } })) > 0;
}
