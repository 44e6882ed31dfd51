// An accessibility problem report (/accessibility): an e-mail to the support inbox with the
// report, and a copy to the reporter, so they know it arrived (support-emails.server.ts), both
// queued together. Counted per client address, as every form that sends e-mail is.
import { messageKey } from "~/domain/message-delivery";
import type { AccessibilityReport } from "~/schemas/accessibility-report";
import { queueMessage } from "~/server/messages/outbox.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { createId } from "~/server/platform/ids.server";
import { hitRateLimit, type RateLimitRule } from "~/server/platform/rate-limit.server";

const REPORTS_PER_HOUR: RateLimitRule = { name: "accessibility-report", limit: 5, windowSeconds: 3600 };

/** Queues the report and its copy; "limited" when this address sent too many within the hour. */
export async function sendAccessibilityReport(report: AccessibilityReport, clientAddress: string) {
  const limit = await hitRateLimit(REPORTS_PER_HOUR, clientAddress);
  if (!limit.allowed) return { status: "limited" as const, retryAfterSeconds: limit.retryAfterSeconds };
  const reportId = createId();
  await db.$transaction(async (tx) => {
    await queueMessage(
      tx,
      "accessibility-report",
      { report },
      {
        key: messageKey("accessibility-report", reportId),
        recipient: env.SUPPORT_EMAIL,
      },
    );
    await queueMessage(
      tx,
      "accessibility-report-copy",
      { report },
      {
        key: messageKey("accessibility-report-copy", reportId),
        recipient: report.email,
      },
    );
  });
  return { status: "sent" as const };
}
