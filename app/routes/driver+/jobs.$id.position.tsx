// /driver/jobs/:id/position: the driver shares where they are during a job. The job card on /driver posts here: with JavaScript the phone's coordinates, every
// 15 s or 100 m (components/driver/position-sharer.tsx); without it, "Share my position now"
// with the postcode or town typed. A refused plain post shows this page's form again.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SharePositionForm, type PositionAnswer } from "~/components/driver/position-sharer";
import { RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { positionSchema } from "~/schemas/position";
import { POSITION_MESSAGES } from "~/schemas/position-messages";
import { requireDriver } from "~/server/auth/auth.server";
import { sharePosition } from "~/server/bookings/positions.server";
import { findTrackedBooking } from "~/server/bookings/tracking.server";
import { answerWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction<typeof loader> = ({ matches, data: page, params }) =>
  seo({
    title: page ? `Share your position, ${page.reference}` : "Share your position",
    description: "Share where you are with your customer.",
    path: `/driver/jobs/${params.id ?? ""}/position`,
    matches,
    noindex: true,
  });

function notFound(): never {
  throw new Response(POSITION_MESSAGES.notYours, { status: 404, statusText: POSITION_MESSAGES.notYours });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDriver(request);
  const id = params.id ?? "";
  const found = RECORD_ID_PATTERN.test(id) ? await findTrackedBooking(id, user) : null;
  if (!found || found.viewer !== "driver") notFound();
  return { id: found.booking.id, reference: found.booking.reference };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireDriver(request);
  const id = params.id ?? "";
  if (!RECORD_ID_PATTERN.test(id)) notFound();
  const submission = parseWithZod(await request.formData(), { schema: positionSchema });
  if (submission.status !== "success") return data<PositionAnswer>(submission.reply(), { status: 400 });
  const shared = await sharePosition({ bookingId: id, user, input: submission.value });
  if (!shared.ok) {
    if (shared.status === 404) notFound();
    const reply = shared.field
      ? submission.reply({ fieldErrors: { [shared.field]: [shared.message] } })
      : submission.reply({ formErrors: [shared.message] });
    return data<PositionAnswer>(reply, { status: shared.status });
  }
  return answerWithToast(request, context, {
    // The phone's own updates go quietly; a position shared by hand is confirmed.
    toast: submission.value.place ? { title: POSITION_MESSAGES.shared, variant: "success" } : null,
    data: { ...submission.reply({ resetForm: true }), status: "success" } as PositionAnswer,
    redirectTo: "/driver",
  });
}

export default function SharePositionPage() {
  const job = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as PositionAnswer | undefined;
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <p className="text-sm font-medium text-slate-500">Job {job.reference}</p>
      <h1 className="text-2xl font-bold text-slate-900">Share your position</h1>
      <div className="mt-4">
        <SharePositionForm bookingId={job.id} lastResult={lastResult} />
      </div>
      <Link to="/driver" className="mt-6 inline-block text-sm font-semibold text-blue-700 hover:underline">
        Back to my jobs
      </Link>
    </div>
  );
}
