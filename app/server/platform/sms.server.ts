// Texts' transport: Twilio's Messages API (the `twilio` package) when TWILIO_ACCOUNT_SID,
// TWILIO_AUTH_TOKEN and TWILIO_FROM are set (TWILIO_API_BASE points it at the tests' stand-in);
// otherwise each text is written to the local outbox (OUTBOX_DIR/texts, a .json each), as
// e-mail is. Only the message queue's worker delivers (server/message-delivery.server.ts).
import fs from "node:fs/promises";
import path from "node:path";
import twilio from "twilio";
import { absoluteUrl, env } from "./env.server";

export type Text = { to: string; body: string };

/** Twilio's client, its requests sent to TWILIO_API_BASE when that is set (the tests' stand-in). */
function twilioClient() {
  const base = env.TWILIO_API_BASE?.replace(/\/$/, "");
  let httpClient: InstanceType<typeof twilio.RequestClient> | undefined;
  if (base) {
    httpClient = new twilio.RequestClient();
    const send = httpClient.request.bind(httpClient);
    httpClient.request = (options) =>
      send({ ...options, uri: String(options.uri).replace(/^https:\/\/api\.twilio\.com/, base) });
  }
  return twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, { httpClient, autoRetry: false });
}

const twilioConfigured = () => Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);

/**
 * Hands one text to Twilio (or the outbox); returns Twilio's id for it, which its status
 * callbacks name. Throws what Twilio refused (a RestException with its HTTP status and code).
 */
export async function deliverText(text: Text, { messageId }: { messageId: string }): Promise<string> {
  if (twilioConfigured()) {
    const sent = await twilioClient().messages.create({
      to: text.to,
      from: env.TWILIO_FROM!,
      body: text.body,
      statusCallback: absoluteUrl("/api/twilio/status"),
    });
    return sent.sid;
  }
  const dir = path.resolve(env.OUTBOX_DIR, "texts");
  await fs.mkdir(dir, { recursive: true });
  const id = `SM${crypto.randomUUID().replace(/-/g, "")}`;
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${id.slice(2, 10)}`;
  // Written aside, then renamed: a reader never sees half a text, even if the write is cut.
  const file = path.join(dir, `${name}.json`);
  await fs.writeFile(
    `${file}.tmp`,
    JSON.stringify({ ...text, messageId, sid: id, sentAt: new Date().toISOString() }, null, 2),
  );
  await fs.rename(`${file}.tmp`, file);
  return id;
}

/** The outbox's texts to one number, oldest first (for tests and local development). */
export async function readTextOutbox(to: string): Promise<(Text & { messageId: string; sentAt: string })[]> {
  const dir = path.resolve(env.OUTBOX_DIR, "texts");
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".json")).sort();
  const texts = await Promise.all(
    files.map(async (file) => JSON.parse(await fs.readFile(path.join(dir, file), "utf8"))),
  );
  return texts.filter((text) => text.to === to);
}
