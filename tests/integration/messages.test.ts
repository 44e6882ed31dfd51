// Messages that always arrive: each is a Message row and a pg-boss job made in the
// transaction of the change it reports; the queue's worker composes and delivers it through a
// real SMTP server (smtp-server, read back with mailparser), once, with one Message-ID; a
// mailbox that does not exist is dead at once, and "Send again" sends it once the address is
// fixed. The last test runs the real workers (server/background.server.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageKey } from "~/domain/message-delivery";
import { messageQueueCounts, startBackgroundJobs, stopBackgroundJobs } from "~/server/background.server";
import { QUEUES } from "~/server/jobs/job-queue.server";
import { deliverMessage } from "~/server/message-delivery.server";
import { queueMessage, sendAgain } from "~/server/messages/outbox.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { metrics } from "~/server/platform/metrics.server";
import { runWithRequestId } from "~/server/platform/request-context.server";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-stand-in";
import { createAccount, unique } from "./auth-helpers";

let smtp: SmtpStandIn;
const savedSmtpUrl = env.SMTP_URL;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  (env as { SMTP_URL?: string }).SMTP_URL = smtp.url;
});

afterAll(async () => {
  (env as { SMTP_URL?: string }).SMTP_URL = savedSmtpUrl;
  await smtp.close();
});

const jobsFor = async (messageId: string) =>
  (
    await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'messageId' = $2`,
      QUEUES.messages,
      messageId,
    )
  )[0]!.n;

const allMessageJobs = async () =>
  (
    await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`,
      QUEUES.messages,
    )
  )[0]!.n;

/** A password-reset e-mail queued for this account, as /forgot-password queues it. */
async function queueReset(user: { id: string; email: string }) {
  const key = messageKey("password-reset", user.id, unique());
  await db.$transaction((tx) => queueMessage(tx, "password-reset", { userId: user.id }, { key, userId: user.id }));
  return db.message.findUniqueOrThrow({ where: { key } });
}

describe("a message is queued with the change it reports", () => {
  it("commits with it: the row and its job", async () => {
    const user = await createAccount();
    const message = await queueReset(user);
    expect(message).toMatchObject({ state: "queued", tries: 0, kind: "password-reset", userId: user.id });
    expect(message.headerId).toMatch(/^<.+@.+>$/);
    expect(await jobsFor(message.id)).toBe(1);
  });

  it("a transaction that rolls back leaves no message and no job", async () => {
    const user = await createAccount();
    const key = messageKey("password-reset", user.id, unique());
    const jobsBefore = await allMessageJobs();
    await expect(
      db.$transaction(async (tx) => {
        await queueMessage(tx, "password-reset", { userId: user.id }, { key });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.message.count({ where: { key } })).toBe(0);
    expect(await allMessageJobs()).toBe(jobsBefore);
  });

  it("a second message with the same key is not made", async () => {
    const user = await createAccount();
    const key = messageKey("password-reset", user.id, unique());
    const first = await db.$transaction((tx) => queueMessage(tx, "password-reset", { userId: user.id }, { key }));
    const second = await db.$transaction((tx) => queueMessage(tx, "password-reset", { userId: user.id }, { key }));
    expect([first, second]).toEqual([true, false]);
    expect(await db.message.count({ where: { key } })).toBe(1);
  });
});

describe("delivery", () => {
  it("sends once, with the message's own Message-ID, whatever the number of jobs or tries", async () => {
    const user = await createAccount();
    const message = await queueReset(user);
    await Promise.all([deliverMessage(message.id), deliverMessage(message.id), deliverMessage(message.id)]);
    await deliverMessage(message.id);
    const mails = smtp.to(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.messageId).toBe(message.headerId);
    expect(mails[0]!.subject).toBe("Reset your EasyMove password");
    expect(mails[0]!.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]+/);
    expect(await db.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      state: "sent",
      tries: 1,
      recipient: user.email,
      subject: "Reset your EasyMove password",
      lastError: null,
    });
  });

  it("a temporary refusal leaves it retrying with the error; the retry carries the same Message-ID", async () => {
    const user = await createAccount();
    const message = await queueReset(user);
    smtp.refuseTemporarily(1);
    await expect(deliverMessage(message.id)).rejects.toThrow();
    const retrying = await db.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(retrying).toMatchObject({ state: "retrying", tries: 1 });
    expect(retrying.lastError).toContain("Try again later");
    await deliverMessage(message.id);
    const mails = smtp.to(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.messageId).toBe(message.headerId);
    expect(await db.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      state: "sent",
      tries: 2,
    });
  });

  it("an SMTP server that is down is a temporary failure", async () => {
    const user = await createAccount();
    const message = await queueReset(user);
    await smtp.down();
    try {
      await expect(deliverMessage(message.id)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await smtp.up();
    }
    expect(await db.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ state: "retrying" });
    await deliverMessage(message.id);
    expect(smtp.to(user.email)).toHaveLength(1);
  });

  it("a mailbox that does not exist is dead at once; Send again sends it once the address is fixed", async () => {
    const user = await createAccount();
    smtp.refuseMailbox(user.email);
    const message = await queueReset(user);
    await deliverMessage(message.id); // not thrown: nothing to retry
    const dead = await db.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(dead).toMatchObject({ state: "dead", tries: 1 });
    expect(dead.lastError).toContain("No such mailbox");
    expect(dead.deadAt).not.toBeNull();
    await deliverMessage(message.id); // a dead message is not sent by a stray job
    expect(smtp.to(user.email)).toHaveLength(0);

    const fixed = `fixed-${unique()}@example.com`;
    await db.user.update({ where: { id: user.id }, data: { email: fixed } });
    expect(await db.$transaction((tx) => sendAgain(tx, message.id))).toBe(true);
    expect(await db.$transaction((tx) => sendAgain(tx, message.id))).toBe(false); // not dead any more
    expect(await jobsFor(message.id)).toBe(2);
    await deliverMessage(message.id);
    expect(smtp.to(fixed)).toHaveLength(1);
    expect(await db.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      state: "sent",
      recipient: fixed,
    });
  });

  it("a message with nothing to send (the account is gone) is dead, with why", async () => {
    const user = await createAccount();
    const message = await queueReset(user);
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    await deliverMessage(message.id);
    expect(await db.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      state: "dead",
      lastError: "Nothing to send: the message has no recipient any more.",
    });
  });
});

describe("a message queued in a local demo", () => {
  it("links to the origin its visitor used, whichever instance's worker sends it", async () => {
    const settings = env as unknown as { siteUrlFollowsVisitor: boolean; SITE_URL: string };
    const saved = { ...settings };
    const user = await createAccount();
    const key = messageKey("password-reset", user.id, unique());
    settings.siteUrlFollowsVisitor = true;
    try {
      await runWithRequestId(
        "req-demo-0123456789",
        () => db.$transaction((tx) => queueMessage(tx, "password-reset", { userId: user.id }, { key })),
        "http://127.0.0.1:4123",
      );
    } finally {
      settings.siteUrlFollowsVisitor = saved.siteUrlFollowsVisitor;
    }
    // Sent by another instance: one with a SITE_URL of its own, which follows no visitor.
    Object.assign(settings, { siteUrlFollowsVisitor: false, SITE_URL: "http://127.0.0.1:3250" });
    try {
      await deliverMessage((await db.message.findUniqueOrThrow({ where: { key } })).id);
    } finally {
      Object.assign(settings, saved);
    }
    expect(smtp.to(user.email)[0]!.text).toMatch(/http:\/\/127\.0\.0\.1:4123\/reset-password\//);
  });
});

describe("the queue's metrics", () => {
  it("count the messages waiting by channel, and the oldest one's age", async () => {
    metrics.watchMessageQueue(messageQueueCounts);
    const user = await createAccount();
    await queueReset(user);
    await db.message.updateMany({ where: { userId: user.id }, data: { createdAt: new Date(Date.now() - 90_000) } });
    const read = async (name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values;
    const depth = (await read("easymove_message_queue_depth")).find((value) => value.labels.channel === "email");
    expect(depth?.value).toBeGreaterThanOrEqual(1);
    expect((await read("easymove_message_queue_oldest_seconds"))[0]!.value).toBeGreaterThanOrEqual(89);
  });
});

describe("the queue's workers", () => {
  it("deliver a queued message within seconds, and stop with nothing lost", async () => {
    // The run's other files left jobs of their own (their messages delivered by the helper):
    // cleared, so this message is not behind hundreds of them.
    await db.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE name = $1 AND state = 'created'`, QUEUES.messages);
    await startBackgroundJobs();
    try {
      const user = await createAccount();
      const message = await queueReset(user);
      await expect
        .poll(async () => (await db.message.findUniqueOrThrow({ where: { id: message.id } })).state, {
          timeout: 15_000,
          interval: 200,
        })
        .toBe("sent");
      expect(smtp.to(user.email)).toHaveLength(1);
    } finally {
      await stopBackgroundJobs(2_000);
    }
  });
});
