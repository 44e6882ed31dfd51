// /support: "Live chat" from the FAQ. A signed-in customer with a booking goes to support on
// that booking (its messages then live on the tracker); anyone else writes to support here,
// and the answer comes by e-mail. Each message is a ticket on the admins' support desk.
import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { HoneypotFields } from "~/components/ui/honeypot-fields";
import { HELP_MESSAGE_MAX } from "~/schemas/help-request-messages";
import { contactFormSchema } from "~/schemas/support-ticket";
import { TICKET_MESSAGES } from "~/schemas/support-ticket-messages";
import { getSessionUser } from "~/server/auth/auth.server";
import { createContactTicket, supportChatTarget } from "~/server/bookings/support-requests.server";
import { clientAddress } from "~/server/platform/client-address.server";
import { isSpam } from "~/server/platform/honeypot.server";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";
import { answerWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";
import { usePageForm } from "~/utils/use-validated-form";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Contact support",
    description: "Write to our support team: we answer by e-mail, usually within the hour.",
    path: "/support",
    matches,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const target = user ? await supportChatTarget(user) : null;
  if (target) throw redirect(target);
  return { name: user?.username ?? "", email: user?.email ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactFormSchema });
  // A bot in the honeypot is thanked like anyone; nothing is stored or sent.
  if (isSpam(formData)) return data(submission.reply({ resetForm: true }));
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await createContactTicket(submission.value, clientAddress(context));
  if (outcome.status === "limited")
    return data(submission.reply({ formErrors: [TOO_MANY_REQUESTS_MESSAGE] }), {
      status: 429,
      headers: { "Retry-After": String(outcome.retryAfterSeconds) },
    });
  return answerWithToast(request, context, {
    toast: {
      title: TICKET_MESSAGES.contactSent,
      description: TICKET_MESSAGES.contactSentDescription,
      variant: "success",
    },
    data: { ...submission.reply({ resetForm: true }), status: "success" as const },
    redirectTo: "/support?sent=1",
  });
}

export default function SupportPage() {
  const known = useLoaderData<typeof loader>();
  const { form, fields, pending, lastResult } = usePageForm(
    () => import("~/schemas/support-ticket").then((schemas) => schemas.contactFormSchema),
    { defaultValue: known },
  );
  const [searchParams] = useSearchParams();
  const sent = lastResult?.status === "success" || searchParams.get("sent") === "1";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Contact support</h1>
      <p className="mt-2 text-slate-700">
        Write to us and we answer by e-mail, usually within the hour, day and night. Already booked? Sign in and use
        &quot;Contact support&quot; on your booking, so that we see it at once.
      </p>
      {sent ? (
        <p role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-green-900">
          {TICKET_MESSAGES.contactSentDescription}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <HoneypotFields />
        <FormErrorSummary form={form} />
        <FormField meta={fields.name} type="text" label="Your name" autoComplete="name" />
        <FormField meta={fields.email} type="email" label="Your email address" autoComplete="email" />
        <TextareaField
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          id={fields.message.id}
          label="How can we help?"
          rows={6}
          maxLength={HELP_MESSAGE_MAX}
          errors={fields.message.errors}
        />
        <StatusButton pending={pending} pendingText="Sending…">
          Send message
        </StatusButton>
      </Form>
    </div>
  );
}
