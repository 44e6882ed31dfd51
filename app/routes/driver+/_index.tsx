// /driver: a signed-in driver's jobs, today's first, with the customer's details and the
// button that moves each job along (on my way, nearby, arrived), then the link to complete it
// with its proof of delivery (jobs.$id.complete.tsx). Each move updates
// the customer's tracker live. Above them, the open jobs this driver may take: by
// district only until taken, first come first served, the list following live as others take
// them. Works without JavaScript (post, then back here with a toast).
import { parseWithZod } from "@conform-to/zod";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DRIVER_APP_LINKS, DRIVER_APP_META, DriverApp } from "~/components/driver/driver-app";
import { JobSection } from "~/components/driver/job-cards";
import { OffersSection } from "~/components/driver/offers-section";
import { completeJobPath } from "~/domain/delivery-proof";
import { driverRatingText } from "~/domain/driver-reliability";
import { TRACKING_STATUS_LABELS } from "~/domain/tracking";
import { ukDateTime } from "~/domain/uk-calendar";
import {
  dropJobSchema,
  stopDoneSchema,
  takeJobSchema,
  TRACKER_MESSAGES,
  trackingUpdateSchema,
} from "~/schemas/tracker";
import { requireDriver } from "~/server/auth/auth.server";
import { advanceTracking, completeStop } from "~/server/bookings/tracking.server";
import { takeJob } from "~/server/drivers/dispatch.server";
import { driverJobs, dropJob } from "~/server/drivers/jobs.server";
import { offersOf, ownDriverOf } from "~/server/drivers/offers.server";
import { answerWithToast } from "~/server/platform/toast.server";
import { driverCopyHeaders, passDriverCopyHeaders } from "~/utils/driver-app-copies";
import { seo } from "~/utils/seo";
import { trackerPath } from "~/utils/tracker-path";
import type { DriverJobsAnswer } from "~/views/driver";
import type { SessionUser } from "~/views/session-user";

export const meta: MetaFunction = ({ matches }) => [
  ...seo({
    title: "My jobs",
    description: "Your assigned moves, their customers and their progress.",
    path: "/driver",
    matches,
    noindex: true,
  }),
  DRIVER_APP_META,
];

export const links: LinksFunction = () => DRIVER_APP_LINKS;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDriver(request);
  const driver = await ownDriverOf(user.id);
  const [jobs, { offers, paused }] = driver
    ? await Promise.all([driverJobs(driver), offersOf(driver)])
    : [
        { today: [], upcoming: [], done: [] },
        { offers: [], paused: null },
      ];
  // The driver's jobs now: the phone removes its copies of any other job's pages.
  const jobIds = [...jobs.today, ...jobs.upcoming, ...jobs.done].map((job) => job.id);
  const page = {
    offers,
    /** Why this driver may take no jobs for now (too many given back), or null. */
    takingPaused: paused,
    driver: driver
      ? {
          name: driver.name,
          rating: driverRatingText(driver.ratingTenths),
          completedJobs: driver.completedJobs,
        }
      : null,
    today: jobs.today,
    upcoming: jobs.upcoming,
    done: jobs.done,
    /** When this copy was made (UK time): offline, the page says it is shown as of then. */
    syncedAt: ukDateTime().time,
  };
  return data(page, { headers: driverCopyHeaders(jobIds) });
}

export const headers = passDriverCopyHeaders;

/** "Collected at stop N": the stop is marked done, the customer sees it live. */
async function markStopDone(request: Request, context: AppLoadContext, user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: stopDoneSchema });
  const bookingId = typeof formData.get("bookingId") === "string" ? String(formData.get("bookingId")) : null;
  if (submission.status !== "success")
    return data<DriverJobsAnswer>({ ok: false, bookingId, message: TRACKER_MESSAGES.invalidStop }, { status: 400 });
  const { bookingId: id, position } = submission.value;
  const done = await completeStop({ bookingId: id, user, position });
  if (!done.ok)
    return data<DriverJobsAnswer>({ ok: false, bookingId: id, message: done.message }, { status: done.status });
  return answerWithToast(request, context, {
    toast: { title: "Stop done", description: `${done.title}: done`, variant: "success" },
    data: { ok: true, bookingId: id } as DriverJobsAnswer,
    redirectTo: "/driver",
  });
}

/** "Take this job": the first eligible driver gets it; the others read why not. */
async function takeOpenJob(request: Request, context: AppLoadContext, user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: takeJobSchema });
  if (submission.status !== "success")
    return data<DriverJobsAnswer>(
      { ok: false, bookingId: null, message: TRACKER_MESSAGES.invalidBooking },
      { status: 400 },
    );
  const taken = await takeJob(user.id, submission.value.bookingId);
  if (!taken.ok)
    return answerWithToast(request, context, {
      toast: { title: "Not taken", description: taken.message, variant: "error" },
      data: { ok: false, bookingId: submission.value.bookingId, message: taken.message } as DriverJobsAnswer,
      status: taken.status,
    });
  return answerWithToast(request, context, {
    toast: {
      title: "Job taken",
      description: `${taken.reference} is yours: the addresses and the customer's contact are below.`,
      variant: "success",
    },
    data: { ok: true, bookingId: taken.bookingId } as DriverJobsAnswer,
    redirectTo: "/driver",
  });
}

/** "I can't do this job": the job goes back to the admins, the customer is told. */
async function giveBackJob(request: Request, context: AppLoadContext, user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: dropJobSchema });
  const bookingId = typeof formData.get("bookingId") === "string" ? String(formData.get("bookingId")) : null;
  if (submission.status !== "success") {
    const message =
      Object.values(submission.error ?? {})
        .flat()
        .filter(Boolean)[0] ?? TRACKER_MESSAGES.invalidBooking;
    return data<DriverJobsAnswer>({ ok: false, bookingId, message }, { status: 400 });
  }
  const dropped = await dropJob({ bookingId: submission.value.bookingId, user, reason: submission.value.reason });
  if (!dropped.ok)
    return data<DriverJobsAnswer>({ ok: false, bookingId, message: dropped.message }, { status: dropped.status });
  return answerWithToast(request, context, {
    toast: {
      title: "Job dropped",
      description: `${dropped.reference} went back to our team, who will find another driver.`,
      variant: "success",
    },
    data: { ok: true, bookingId: submission.value.bookingId } as DriverJobsAnswer,
    redirectTo: "/driver",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireDriver(request);
  const formData = await request.formData();
  if (formData.get("intent") === "stop-done") return markStopDone(request, context, user, formData);
  if (formData.get("intent") === "drop") return giveBackJob(request, context, user, formData);
  if (formData.get("intent") === "take") return takeOpenJob(request, context, user, formData);
  const submission = parseWithZod(formData, { schema: trackingUpdateSchema });
  const bookingId = typeof formData.get("bookingId") === "string" ? String(formData.get("bookingId")) : null;
  if (submission.status !== "success") {
    const message =
      Object.values(submission.error ?? {})
        .flat()
        .filter(Boolean)[0] ?? "Please check the form.";
    return data<DriverJobsAnswer>({ ok: false, bookingId, message }, { status: 400 });
  }
  const { bookingId: id, status, etaMinutes } = submission.value;
  const moved = await advanceTracking({ bookingId: id, user, to: status, etaMinutes });
  if (!moved.ok)
    return data<DriverJobsAnswer>({ ok: false, bookingId: id, message: moved.message }, { status: moved.status });
  return answerWithToast(request, context, {
    toast: { title: "Status updated", description: TRACKING_STATUS_LABELS[status], variant: "success" },
    data: { ok: true, bookingId: id } as DriverJobsAnswer,
    redirectTo: "/driver",
  });
}

export default function DriverJobs() {
  const page = useLoaderData<typeof loader>();
  // Kept for offline use: today's and tomorrow's proof pages and chats.
  const offlinePages = [...page.today, ...page.upcoming.slice(0, 5)].flatMap((job) => [
    completeJobPath(job.id),
    ...job.stops.filter((stop) => stop.type === "dropoff").map((stop) => completeJobPath(job.id, stop.position)),
    trackerPath(job.id, "chat"),
  ]);
  return (
    <DriverApp syncedAt={page.syncedAt} offlinePages={["/driver", ...offlinePages]}>
      <DriverJobsPage page={page} />
    </DriverApp>
  );
}

function DriverJobsPage({ page }: { page: ReturnType<typeof useLoaderData<typeof loader>> }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My jobs</h1>
      {page.driver ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="driver-summary">
          {page.driver.name} · <span aria-hidden="true">★</span> {page.driver.rating} · {page.driver.completedJobs}{" "}
          completed jobs ·{" "}
          <Link to="/driver/earnings" className="font-semibold text-blue-700 hover:underline">
            Earnings and payouts
          </Link>{" "}
          ·{" "}
          <Link to="/driver/availability" className="font-semibold text-blue-700 hover:underline">
            Availability
          </Link>
        </p>
      ) : (
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          Your driver profile is not linked to this account yet. Please contact support.
        </p>
      )}
      {page.driver ? <OffersSection offers={page.offers} paused={page.takingPaused} /> : null}
      <JobSection title="Today" jobs={page.today} empty="No jobs today." />
      <JobSection
        title="Coming up"
        jobs={page.upcoming}
        empty="No jobs booked yet. A job you take above, or one our team gives you, appears here."
      />
      {page.done.length > 0 ? <JobSection title="Recently completed" jobs={page.done} empty="" /> : null}
    </div>
  );
}
