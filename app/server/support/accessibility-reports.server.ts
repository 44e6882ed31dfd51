// An accessibility problem report (/accessibility): an e-mail to the support inbox with the
// report, and a copy to the reporter, so they know it arrived. Counted per client address, as
// every form that sends e-mail is.
import type { AccessibilityReport } from "~/schemas/accessibility-report";
import { sendEmail } from "~/server/platform/email.server";
import { env } from "~/server/platform/env.server";
import { hitRateLimit, type RateLimitRule } from "~/server/platform/rate-limit.server";

const REPORTS_PER_HOUR: RateLimitRule = { name: "accessibility-report", limit: 5, windowSeconds: 3600 };

function reportText(report: AccessibilityReport) {
  return [
    `From: ${report.name ?? "(no name given)"} <${report.email}>`,
    `Page: ${report.page ?? "(not given)"}`,
    "",
    report.problem,
  ].join("\n");
}

/** Sends the report and its copy; "limited" when this address sent too many within the hour. */
export async function sendAccessibilityReport(report: AccessibilityReport, clientAddress: string) {
  const limit = await hitRateLimit(REPORTS_PER_HOUR, clientAddress);
  if (!limit.allowed) return { status: "limited" as const, retryAfterSeconds: limit.retryAfterSeconds };
  await sendEmail({
    to: env.SUPPORT_EMAIL,
    subject: `Accessibility problem reported${report.page ? `: ${report.page}` : ""}`,
    text: reportText(report),
  });
  await sendEmail({
    to: report.email,
    subject: `${env.BRAND_NAME}: we have your accessibility report`,
    text: [
      `Thank you for telling us about an accessibility problem. We reply within 5 working days.`,
      "",
      "What you sent us:",
      "",
      reportText(report),
    ].join("\n"),
  });
  return { status: "sent" as const };
}
