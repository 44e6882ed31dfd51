// E-mail's transport: SMTP when SMTP_URL is set, otherwise each message is written to a local
// outbox folder (OUTBOX_DIR) as a .eml file plus a .json summary, which tests and developers
// read. Only the message queue's worker delivers (server/messages/delivery.server.ts); the
// rest of the app queues messages (server/messages/outbox.server.ts).
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "./env.server";
import { metrics } from "./metrics.server";
import { correlationHeaders } from "./request-context.server";

export type EmailAttachment = { filename: string; content: Buffer; contentType: string };
export type Email = { to: string; subject: string; text: string; html?: string; attachments?: EmailAttachment[] };

/** Text made safe to put inside an e-mail's HTML copy. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function transport() {
  if (env.SMTP_URL) return nodemailer.createTransport(env.SMTP_URL);
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
}

/** Hands one e-mail to SMTP (or the outbox) with its Message-ID; throws what SMTP refused. */
export async function deliverEmail(email: Email, { messageId }: { messageId: string }) {
  metrics.emailsInFlight.inc();
  try {
    await deliver(email, messageId);
    metrics.emails.inc({ outcome: "sent" });
  } catch (error) {
    metrics.emails.inc({ outcome: "failed" });
    throw error;
  } finally {
    metrics.emailsInFlight.dec();
  }
}

async function deliver(email: Email, messageId: string) {
  // The job that sent it, as its correlation id (the same id as in the logs).
  const info = await transport().sendMail({ from: env.MAIL_FROM, ...email, messageId, headers: correlationHeaders() });
  if (!env.SMTP_URL) {
    const dir = path.resolve(env.OUTBOX_DIR);
    await fs.mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}`;
    await fs.writeFile(path.join(dir, `${name}.eml`), (info as unknown as { message: Buffer }).message);
    // The summary is written aside, then renamed: a reader never sees half of it.
    const summary = path.join(dir, `${name}.json`);
    await fs.writeFile(
      `${summary}.tmp`,
      JSON.stringify(
        {
          ...email,
          // The summary names the attachments; their bytes are in the .eml beside it.
          attachments: email.attachments?.map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            sizeBytes: content.byteLength,
          })),
          from: env.MAIL_FROM,
          messageId,
          sentAt: new Date().toISOString(),
        },
        null,
        2,
      ),
    );
    await fs.rename(`${summary}.tmp`, summary);
  }
}

/** The outbox's messages to one address, newest last (for tests and local development). */
export async function readOutbox(to: string): Promise<
  (Omit<Email, "attachments"> & {
    sentAt: string;
    messageId: string;
    attachments?: { filename: string; sizeBytes: number }[];
  })[]
> {
  const dir = path.resolve(env.OUTBOX_DIR);
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".json")).sort();
  const messages = await Promise.all(
    files.map(async (file) => JSON.parse(await fs.readFile(path.join(dir, file), "utf8"))),
  );
  return messages.filter((message) => message.to.toLowerCase() === to.toLowerCase());
}
