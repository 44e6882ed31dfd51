// The job queue: pg-boss, on the PostgreSQL we already run (docs/ARCHITECTURE.md says why it and
// not graphile-worker). Every e-mail and text is a job (server/messages), added in the
// transaction of the change it reports; timed work runs on the queue's schedules, once across
// all instances. Each process has one PgBoss, started on first use: it adds the requests' jobs
// and, where workers run (every app instance by default, or `npm run worker`), runs them, the
// schedules and pg-boss's own maintenance.
//
// pg-boss polls (no LISTEN), so it works through PgBouncer in transaction mode on DATABASE_URL;
// its schema is made or updated on start, under its own advisory lock.
import { fromPrisma, PgBoss, type Job, type SendOptions } from "pg-boss";
import { LONGEST_RETRY_SECONDS, RETRY_DELAY_SECONDS, retryLimit } from "~/domain/message-delivery";
import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { waitForSpareCapacity } from "~/server/platform/spare-capacity.server";

type Transaction = { $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> };

export const QUEUES = {
  /** One job per message: deliver it. */
  messages: "messages",
  /** Messages whose retries ran out (pg-boss's dead letters): marked dead. */
  deadMessages: "messages-dead",
  housekeeping: "housekeeping",
  reminders: "day-before-reminders",
  uploadCleanup: "upload-cleanup",
  creditNotes: "credit-notes",
  /** A paid damage claim's refund that a stopped process left unmade. */
  claimRefunds: "claim-refunds",
  /** Open jobs told to the drivers who may take them, and flagged when open too long. */
  dispatch: "dispatch",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Timed work: each runs once per period across all instances (pg-boss's cron, UK time). */
const SCHEDULES: { queue: QueueName; cron: string }[] = [
  { queue: QUEUES.housekeeping, cron: "*/15 * * * *" },
  { queue: QUEUES.reminders, cron: "*/15 * * * *" },
  { queue: QUEUES.uploadCleanup, cron: "7 * * * *" },
  { queue: QUEUES.creditNotes, cron: "*/15 * * * *" },
  { queue: QUEUES.claimRefunds, cron: "*/15 * * * *" },
  { queue: QUEUES.dispatch, cron: "* * * * *" },
];

const MESSAGE_QUEUE_OPTIONS = {
  retryLimit: retryLimit(),
  retryDelay: RETRY_DELAY_SECONDS,
  retryBackoff: true,
  retryDelayMax: LONGEST_RETRY_SECONDS,
  deadLetter: QUEUES.deadMessages,
  // A send that hangs (an SMTP server that accepts and never answers) is given up after this.
  expireInSeconds: 120,
};
/** How long a message waits at most for the pages to leave room (spare-capacity.server.ts). */
const MESSAGE_PAGES_FIRST_MS = 2_000;
const TIMED_QUEUE_OPTIONS = { retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 };

let boss: Promise<PgBoss> | null = null;
let working = false;

async function startBoss() {
  const runsWorkers = env.JOB_WORKERS === "on";
  const instance = new PgBoss({
    connectionString: env.DATABASE_URL,
    max: 6,
    // The queues' sizes, read every 5 s: a backlog of messages is worked through without pauses.
    queueCacheIntervalSeconds: 5,
    // The scheduler and maintenance run where workers may; an instance with JOB_WORKERS=off only adds jobs.
    schedule: runsWorkers,
    supervise: runsWorkers,
  });
  instance.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await instance.start();
  await instance.createQueue(QUEUES.deadMessages, { retryLimit: 5, retryDelay: 60 });
  await instance.createQueue(QUEUES.messages, MESSAGE_QUEUE_OPTIONS);
  for (const { queue } of SCHEDULES) await instance.createQueue(queue, TIMED_QUEUE_OPTIONS);
  return instance;
}

/** This process's PgBoss, started on first use. */
function jobQueue(): Promise<PgBoss> {
  boss ??= startBoss().catch((error) => {
    boss = null;
    throw error;
  });
  return boss;
}

/** Adds a job inside the caller's Prisma transaction: it exists if, and only if, the transaction commits. */
export async function addJob(tx: Transaction, queue: QueueName, data: object, options: SendOptions = {}) {
  const queueBoss = await jobQueue();
  return queueBoss.send(queue, data, { ...options, db: fromPrisma(tx) });
}

/** Adds many jobs in one statement inside the caller's transaction (with the queue's own options). */
export async function addJobs(tx: Transaction, queue: QueueName, data: readonly object[]) {
  if (data.length === 0) return;
  const queueBoss = await jobQueue();
  await queueBoss.insert(
    queue,
    data.map((each) => ({ data: each })),
    { db: fromPrisma(tx) },
  );
}

export type JobHandlers = Partial<Record<QueueName, (job: Job<Record<string, unknown>>) => Promise<void>>>;

/** Starts this process's workers (a few jobs at a time per queue) and the schedules. */
export async function startJobWorkers(handlers: JobHandlers, { concurrency = 2, messageConcurrency = 2 } = {}) {
  if (working) return;
  const instance = await jobQueue();
  for (const { queue, cron } of SCHEDULES)
    await instance.schedule(queue, env.JOB_SCHEDULE_CRON ?? cron, {}, { tz: "Europe/London" });
  for (const [queue, handle] of Object.entries(handlers)) {
    // A worker waits a poll's interval between jobs unless it is told of a backlog: messages then
    // go one after another (200 confirmations in seconds, not minutes), and timed work polls.
    const messages = queue === QUEUES.messages;
    await instance.work<Record<string, unknown>>(
      queue,
      {
        batchSize: 1,
        localConcurrency: messages ? messageConcurrency : concurrency,
        pollingIntervalSeconds: messages ? 0.5 : 1,
        ...(messages ? { burstWhenReadyExceeds: 1 } : {}),
      },
      async ([job]) => {
        // A message waits a moment for room in a rush of pages; timed work runs on its clock.
        if (messages) await waitForSpareCapacity(MESSAGE_PAGES_FIRST_MS);
        if (job) await handle(job);
      },
    );
  }
  working = true;
}

/** Stops taking jobs; the ones in hand get `graceMs` to finish, then go back to the queue. */
export async function stopJobQueue(graceMs = 10_000) {
  const stopping = boss;
  boss = null;
  working = false;
  const instance = await stopping?.catch(() => null);
  await instance?.stop({ graceful: graceMs > 0, timeout: Math.max(graceMs, 1000) }).catch(() => {});
}

/** True while this process's workers run (for /readyz). */
export const jobWorkersRunning = () => working;
