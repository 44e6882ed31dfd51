import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BookingPageError } from "~/components/booking-page-error";
import { GivenRating, RatingForm, type RatingAnswer } from "~/components/tracker/rate-driver";
import { RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { ratingSchema } from "~/schemas/rating";
import { RATING_MESSAGES } from "~/schemas/rating-messages";
import { requireUser } from "~/server/auth/auth.server";
import { bookingToRate, rateDriver } from "~/server/bookings/ratings.server";
import { answerWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";
import { trackerPath } from "~/utils/tracker-path";

// /bookings/:id/rate: the customer rates the driver of a completed booking, once. The tracker
// embeds the same form (components/tracker/rate-driver.tsx) and posts here.

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) =>
  seo({
    title: data ? `Rate your driver, ${data.booking.reference}` : "Rate your driver",
    description: "Rate the driver of your completed move.",
    path: `/bookings/${params.id ?? ""}/rate`,
    matches,
    noindex: true,
  });

function notFound(): never {
  throw new Response(RATING_MESSAGES.notFound, { status: 404, statusText: RATING_MESSAGES.notFound });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = params.id ?? "";
  const booking = RECORD_ID_PATTERN.test(id) ? await bookingToRate(id, user) : null;
  if (!booking) notFound();
  return { booking };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = params.id ?? "";
  if (!RECORD_ID_PATTERN.test(id)) notFound();
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ratingSchema });
  if (submission.status !== "success") return data<RatingAnswer>(submission.reply(), { status: 400 });

  const result = await rateDriver({ bookingId: id, user, ...submission.value });
  if (!result.ok) {
    if (result.status === 404) notFound();
    return data<RatingAnswer>(submission.reply({ formErrors: [result.message] }), { status: result.status });
  }
  return answerWithToast(request, context, {
    toast: { title: RATING_MESSAGES.thanks, variant: "success" },
    data: { ...submission.reply({ resetForm: true }), status: "success" } as RatingAnswer,
    redirectTo: trackerPath(id),
  });
}

export default function RateDriverPage() {
  const { booking } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as RatingAnswer | undefined;
  return (
    <div className="bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Rate your driver</h1>
        <p className="mt-1 text-sm text-slate-700">
          Booking <span className="font-semibold">{booking.reference}</span>
          {booking.driver ? (
            <>
              , driven by <span className="font-semibold">{booking.driver.name}</span>
            </>
          ) : null}
          . {booking.pickupAddress} to {booking.deliveryAddress}.
        </p>
        {booking.rating ? (
          <GivenRating rating={booking.rating} />
        ) : booking.refusal ? (
          <p
            role="status"
            className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            {booking.refusal}
          </p>
        ) : (
          <div className="mt-4">
            <RatingForm bookingId={booking.id} lastResult={lastResult} />
          </div>
        )}
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
  return <BookingPageError failedTitle={RATING_MESSAGES.failed} />;
}
