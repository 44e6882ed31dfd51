// What runs in the background, on the job queue (server/jobs): each message's delivery, the
// dead letters, and the timed work on the queue's schedules (housekeeping, the day-before
// reminders, the upload clean-up, credit notes a refund is owed, a claim's refund a stopped process
// left unmade). Every app instance runs the
// workers unless JOB_WORKERS=off; `npm run worker` (worker.ts) runs them in a process of
// their own. The schedules run each job once per period across all of them.
import { issueMissingCreditNotes } from "./bookings/invoices.server";
import { queueDayBeforeReminders } from "./bookings/move-day-emails.server";
import { finishClaimRefunds } from "./claims/claim-payments.server";
import { runDispatch } from "./drivers/dispatch.server";
import { offerOpenJobs } from "./drivers/offers.server";
import { runHousekeeping } from "./housekeeping.server";
import { jobWorkersRunning, QUEUES, startJobWorkers, stopJobQueue, type JobHandlers } from "./jobs/job-queue.server";
import { deliverMessage, markDead } from "./message-delivery.server";
import { db } from "./platform/db.server";
import { env } from "./platform/env.server";
import { logger } from "./platform/logger.server";
import { metrics } from "./platform/metrics.server";
import { cleanupStaleUploads } from "./uploads/cleanup.server";

const messageIdOf = (data: Record<string, unknown>) => String(data.messageId ?? "");

const HANDLERS: JobHandlers = {
  [QUEUES.messages]: (job) => deliverMessage(messageIdOf(job.data)),
  [QUEUES.deadMessages]: (job) => markDead(messageIdOf(job.data), "Not delivered after 48 hours of tries."),
  [QUEUES.housekeeping]: async () => void (await runHousekeeping()),
  [QUEUES.reminders]: async () => void (await queueDayBeforeReminders()),
  [QUEUES.uploadCleanup]: async () => void (await cleanupStaleUploads()),
  [QUEUES.creditNotes]: async () => void (await issueMissingCreditNotes()),
  [QUEUES.claimRefunds]: async () => void (await finishClaimRefunds()),
  // A job that just opened is offered at once; the schedule's minute also flags jobs open too long.
  [QUEUES.dispatch]: async (job) => void (await (job.data.bookingId ? offerOpenJobs() : runDispatch())),
};

/** The messages waiting to be sent, for /metrics. */
export async function messageQueueCounts() {
  const waiting = await db.message.groupBy({
    by: ["channel"],
    where: { state: { in: ["queued", "retrying"] } },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  const oldest = Math.min(...waiting.map((group) => group._min.createdAt?.getTime() ?? Date.now()), Date.now());
  return {
    waiting: waiting.map((group) => ({ channel: group.channel, count: group._count._all })),
    oldestSeconds: Math.round((Date.now() - oldest) / 1000),
  };
}

const RETRY_START_MS = 30_000;
let stopped = false;
let retryTimer: NodeJS.Timeout | null = null;

/** Starts the workers and schedules; while the database cannot be reached, tries again every 30 s. */
export async function startBackgroundJobs({ force = false }: { force?: boolean } = {}) {
  metrics.watchMessageQueue(messageQueueCounts);
  if (env.JOB_WORKERS === "off" && !force) return;
  stopped = false;
  try {
    await startJobWorkers(HANDLERS);
  } catch (error) {
    await stopJobQueue(0);
    logger.error({ err: error instanceof Error ? error.message : error }, "job workers could not start; trying again");
    if (!stopped) retryTimer = setTimeout(() => void startBackgroundJobs({ force }), RETRY_START_MS);
  }
}

/** At shutdown: the jobs in hand get `graceMs` to finish; the rest go back to the queue. */
export async function stopBackgroundJobs(graceMs = 10_000) {
  stopped = true;
  if (retryTimer) clearTimeout(retryTimer);
  await stopJobQueue(graceMs);
}

/** For /readyz: false when this instance should run workers and they are not running. */
export const backgroundJobsReady = () => env.JOB_WORKERS === "off" || jobWorkersRunning();
