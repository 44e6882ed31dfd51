import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useSearchParams } from "@remix-run/react";
import { AccessibilityStatement } from "~/components/content/accessibility-statement";
import { StatusButton } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { HoneypotFields } from "~/components/ui/honeypot-fields";
import { accessibilityReportSchema } from "~/schemas/accessibility-report";
import { ACCESSIBILITY_PROBLEM_MAX, ACCESSIBILITY_REPORT_MESSAGES } from "~/schemas/accessibility-report-messages";
import { clientAddress } from "~/server/platform/client-address.server";
import { isSpam } from "~/server/platform/honeypot.server";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";
import { answerWithToast } from "~/server/platform/toast.server";
import { sendAccessibilityReport } from "~/server/support/accessibility-reports.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { usePageForm } from "~/utils/use-validated-form";

// The accessibility statement (the UK government's model statement) and its report form,
// which reaches the support inbox and sends the reporter a copy, with or without JavaScript.
export const handle: RouteHandle = { sharedRender: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Accessibility statement",
    description: "How accessible the {brand} website is, what we know is not yet, and how to tell us about a problem.",
    path: "/accessibility",
    matches,
  });

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: accessibilityReportSchema });
  // A bot in the honeypot is thanked like anyone; nothing is sent.
  if (isSpam(formData)) return data(submission.reply({ resetForm: true }));
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await sendAccessibilityReport(submission.value, clientAddress(context));
  if (outcome.status === "limited")
    return data(submission.reply({ formErrors: [TOO_MANY_REQUESTS_MESSAGE] }), {
      status: 429,
      headers: { "Retry-After": String(outcome.retryAfterSeconds) },
    });
  return answerWithToast(request, context, {
    toast: { title: "Report sent", description: ACCESSIBILITY_REPORT_MESSAGES.sent, variant: "success" },
    data: { ...submission.reply({ resetForm: true }), status: "success" as const },
    redirectTo: "/accessibility?sent=1#report",
  });
}

export default function AccessibilityPage() {
  const { form, fields, pending, lastResult } = usePageForm(() =>
    import("~/schemas/accessibility-report").then((schemas) => schemas.accessibilityReportSchema),
  );
  // Sent: the action's answer with JavaScript, the page it redirects to without.
  const [searchParams] = useSearchParams();
  const sent = lastResult?.status === "success" || searchParams.get("sent") === "1";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AccessibilityStatement />
      <section aria-labelledby="report-heading" id="report" className="mt-10 scroll-mt-24">
        <h2 id="report-heading" className="text-2xl font-bold text-slate-900">
          Report an accessibility problem
        </h2>
        <p className="mt-2 text-slate-700">
          Tell us what you were trying to do and what got in the way. We send you a copy of your report, and reply
          within 5 working days.
        </p>
        {sent ? (
          <p role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-green-900">
            {ACCESSIBILITY_REPORT_MESSAGES.sent}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <HoneypotFields />
          <FormErrorSummary form={form} />
          <FormField meta={fields.name} type="text" label="Your name (optional)" autoComplete="name" />
          <FormField meta={fields.email} type="email" label="Your email address" autoComplete="email" />
          <FormField
            meta={fields.page}
            type="text"
            label="The page with the problem (optional)"
            hint="Its address, or what it is called"
          />
          <TextareaField
            {...getTextareaProps(fields.problem)}
            key={fields.problem.key}
            id={fields.problem.id}
            label="What is the problem?"
            rows={6}
            maxLength={ACCESSIBILITY_PROBLEM_MAX}
            errors={fields.problem.errors}
          />
          <StatusButton pending={pending} pendingText="Sending…">
            Send report
          </StatusButton>
        </Form>
      </section>
    </div>
  );
}
