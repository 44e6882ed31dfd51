import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BookingPageError } from "~/components/booking-page-error";
import { HelpForm, type HelpAnswer } from "~/components/tracker/help-actions";
import { RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { helpRequestSchema } from "~/schemas/help-request";
import { HELP_KIND_LABELS, HELP_KINDS, HELP_MESSAGES, type HelpKind } from "~/schemas/help-request-messages";
import { requireUser } from "~/server/auth/auth.server";
import { createHelpRequest, helpBookingFor, submitRequesterReply } from "~/server/bookings/support-requests.server";
import { answerWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";
import { trackerPath } from "~/utils/tracker-path";

// /bookings/:id/help: the tracker's help actions post here (share location, request a change,
// contact support, and the customer's problem report for 48 hours after completion). A stored request comes back to the tracker with a toast; without
// JavaScript a refused one shows this page's form again with the typed text and the reason.

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  seo({
    title: data ? `Help with ${data.booking.reference}` : "Help with your booking",
    description: "Share your location, ask for a change or contact support about a booking.",
    path: `/bookings/${params.id ?? ""}/help`,
    matches,
    noindex: true,
  });

function notFound(): never {
  throw new Response(HELP_MESSAGES.notFound, { status: 404, statusText: HELP_MESSAGES.notFound });
}

const kindOf = (value: unknown): HelpKind => (HELP_KINDS.includes(value as HelpKind) ? (value as HelpKind) : "support");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = params.id ?? "";
  const booking = RECORD_ID_PATTERN.test(id) ? await helpBookingFor(id, user) : null;
  if (!booking) notFound();
  return {
    booking: { id: booking.id, reference: booking.reference },
    kinds: HELP_KINDS.filter((kind) => kind !== "complaint" || booking.canReportProblem),
    kind: kindOf(new URL(request.url).searchParams.get("kind")),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = params.id ?? "";
  if (!RECORD_ID_PATTERN.test(id)) notFound();
  const formData = await request.formData();
  // A reply in one of this user's tickets (the tracker's "Your messages with support").
  if (formData.get("intent") === "reply") {
    const reply = await submitRequesterReply(user, Object.fromEntries(formData));
    if (reply.httpStatus === 404) notFound();
    return answerWithToast(request, context, {
      toast: reply.toast,
      data: { ok: reply.ok, error: reply.error },
      status: reply.httpStatus,
      redirectTo: `${trackerPath(id)}#support`,
    });
  }
  const submission = parseWithZod(formData, { schema: helpRequestSchema });
  if (submission.status !== "success") return data<HelpAnswer>(submission.reply(), { status: 400 });

  const result = await createHelpRequest({ bookingId: id, user, input: submission.value });
  if (!result.ok) {
    if (result.status === 404) notFound();
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data<HelpAnswer>(submission.reply({ formErrors: [result.message] }), { status: result.status, headers });
  }
  return answerWithToast(request, context, {
    toast: {
      title: HELP_MESSAGES.sent[submission.value.kind],
      description: HELP_MESSAGES.sentDescription,
      variant: "success",
    },
    data: { ...submission.reply({ resetForm: true }), status: "success" } as HelpAnswer,
    redirectTo: trackerPath(id),
  });
}

export default function BookingHelpPage() {
  const { booking, kinds, kind: askedKind } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as HelpAnswer | undefined;
  // After a refused post, the form of the kind that was posted.
  const kind = kindOf((lastResult?.initialValue as { kind?: unknown } | undefined)?.kind ?? askedKind);
  return (
    <div className="bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{HELP_KIND_LABELS[kind]}</h1>
        <p className="mt-1 text-sm text-slate-700">
          Booking <span className="font-semibold">{booking.reference}</span>
        </p>
        <nav aria-label="What you need" className="mt-3 flex flex-wrap gap-2 text-sm">
          {kinds.map((other) => (
            <Link
              key={other}
              to={`?kind=${other}`}
              aria-current={other === kind ? "page" : undefined}
              className={`rounded-full border px-3 py-1 ${other === kind ? "border-blue-700 bg-blue-50 font-semibold text-blue-800" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
            >
              {HELP_KIND_LABELS[other]}
            </Link>
          ))}
        </nav>
        <div className="mt-4">
          <HelpForm key={kind} bookingId={booking.id} kind={kind} lastResult={lastResult} />
        </div>
        <Link
          to={trackerPath(booking.id)}
          className="mt-6 inline-block text-sm font-medium text-blue-700 hover:underline"
        >
          Back to your booking
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <BookingPageError failedTitle={HELP_MESSAGES.failed} />;
}
