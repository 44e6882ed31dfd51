// /driver: a signed-in driver's jobs, today's first, with the customer's details and the
// button that moves each job along (on my way, nearby, arrived), then the link to complete it
// with its proof of delivery (driver_.jobs.$id.complete.tsx). Each move updates
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
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  DRIVER_APP_LINKS,
  DRIVER_APP_META,
  DriverApp,
  keptEffect,
  keptForJob,
  useKeptActions,
  WaitingToSend,
} from "~/components/driver/driver-app";
import { PositionSharer, SharePositionForm } from "~/components/driver/position-sharer";
import { RouteStops } from "~/components/quote/route-stops";
import { StatusButton } from "~/components/ui/button";
import { completeJobPath } from "~/domain/delivery-proof";
import { driverRatingText } from "~/domain/driver-reliability";
import { nextStepOf, progressAfter } from "~/domain/job-progress";
import { countOf } from "~/domain/plural";
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
import { offersFor, takeJob, type OfferView } from "~/server/drivers/dispatch.server";
import { driverJobs, dropJob, type DriverJob } from "~/server/drivers/jobs.server";
import { answerWithToast } from "~/server/platform/toast.server";
import { driverCopyHeaders, passDriverCopyHeaders } from "~/utils/driver-app-copies";
import { seo } from "~/utils/seo";
import { trackerPath } from "~/utils/tracker-path";
import { useLiveStream } from "~/utils/use-live-updates";
import { usePending } from "~/utils/use-pending";
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
  const [jobs, { offers, paused }] = await Promise.all([driverJobs(user), offersFor(user.id)]);
  // The driver's jobs now: the phone removes its copies of any other job's pages.
  const jobIds = [...jobs.today, ...jobs.upcoming, ...jobs.done].map((job) => job.id);
  const page = {
    offers,
    /** Why this driver may take no jobs for now (too many given back), or null. */
    takingPaused: paused,
    driver: jobs.driver
      ? {
          name: jobs.driver.name,
          rating: driverRatingText(jobs.driver.ratingTenths),
          completedJobs: jobs.driver.completedJobs,
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

type ActionAnswer = { ok: true; bookingId: string } | { ok: false; bookingId: string | null; message: string };

/** "Collected at stop N": the stop is marked done, the customer sees it live. */
async function markStopDone(request: Request, context: AppLoadContext, user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: stopDoneSchema });
  const bookingId = typeof formData.get("bookingId") === "string" ? String(formData.get("bookingId")) : null;
  if (submission.status !== "success")
    return data<ActionAnswer>({ ok: false, bookingId, message: TRACKER_MESSAGES.invalidStop }, { status: 400 });
  const { bookingId: id, position } = submission.value;
  const done = await completeStop({ bookingId: id, user, position });
  if (!done.ok) return data<ActionAnswer>({ ok: false, bookingId: id, message: done.message }, { status: done.status });
  return answerWithToast(request, context, {
    toast: { title: "Stop done", description: `${done.title}: done`, variant: "success" },
    data: { ok: true, bookingId: id } as ActionAnswer,
    redirectTo: "/driver",
  });
}

/** "Take this job": the first eligible driver gets it; the others read why not. */
async function takeOpenJob(request: Request, context: AppLoadContext, user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: takeJobSchema });
  if (submission.status !== "success")
    return data<ActionAnswer>(
      { ok: false, bookingId: null, message: TRACKER_MESSAGES.invalidBooking },
      { status: 400 },
    );
  const taken = await takeJob(user.id, submission.value.bookingId);
  if (!taken.ok)
    return answerWithToast(request, context, {
      toast: { title: "Not taken", description: taken.message, variant: "error" },
      data: { ok: false, bookingId: submission.value.bookingId, message: taken.message } as ActionAnswer,
      status: taken.status,
    });
  return answerWithToast(request, context, {
    toast: {
      title: "Job taken",
      description: `${taken.reference} is yours: the addresses and the customer's contact are below.`,
      variant: "success",
    },
    data: { ok: true, bookingId: taken.bookingId } as ActionAnswer,
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
    return data<ActionAnswer>({ ok: false, bookingId, message }, { status: 400 });
  }
  const dropped = await dropJob({ bookingId: submission.value.bookingId, user, reason: submission.value.reason });
  if (!dropped.ok)
    return data<ActionAnswer>({ ok: false, bookingId, message: dropped.message }, { status: dropped.status });
  return answerWithToast(request, context, {
    toast: {
      title: "Job dropped",
      description: `${dropped.reference} went back to our team, who will find another driver.`,
      variant: "success",
    },
    data: { ok: true, bookingId: submission.value.bookingId } as ActionAnswer,
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
    return data<ActionAnswer>({ ok: false, bookingId, message }, { status: 400 });
  }
  const { bookingId: id, status, etaMinutes } = submission.value;
  const moved = await advanceTracking({ bookingId: id, user, to: status, etaMinutes });
  if (!moved.ok)
    return data<ActionAnswer>({ ok: false, bookingId: id, message: moved.message }, { status: moved.status });
  return answerWithToast(request, context, {
    toast: { title: "Status updated", description: TRACKING_STATUS_LABELS[status], variant: "success" },
    data: { ok: true, bookingId: id } as ActionAnswer,
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

/** The fetcher every "Take this job" form shares, so its answer outlives the card it came from. */
const TAKE_FETCHER = "take-job";

function OffersSection({ offers, paused }: { offers: OfferView[]; paused: string | null }) {
  useLiveStream("/api/driver/offers/events");
  const taking = useFetcher<ActionAnswer>({ key: TAKE_FETCHER });
  const pageAnswer = useActionData<typeof action>();
  const answer = taking.data ?? pageAnswer;
  const refused = answer && !answer.ok && offers.every((offer) => offer.bookingId !== answer.bookingId) ? answer : null;
  return (
    <section aria-labelledby="offers-heading" className="mt-8">
      <h2 id="offers-heading" className="text-lg font-semibold text-slate-900">
        Available jobs{" "}
        <span
          className="ml-1 rounded-full bg-blue-100 px-2 py-0.5 text-sm font-semibold text-blue-900"
          data-testid="offers-count"
        >
          {offers.length}
        </span>
      </h2>
      <div role="status" className="mt-2 text-sm font-medium text-red-800" data-testid="offers-answer">
        {refused ? refused.message : null}
      </div>
      {paused ? (
        <p
          className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="taking-paused"
        >
          {paused}. Each job you take shows the customer&rsquo;s contact details, so giving jobs back often pauses
          taking.
        </p>
      ) : offers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No open jobs for you right now. They appear here as customers pay, and we e-mail and text you.
        </p>
      ) : (
        <ul className="mt-3 grid gap-4 md:grid-cols-2" data-testid="offers">
          {offers.map((offer) => (
            <OfferCard key={offer.bookingId} offer={offer} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OfferCard({ offer }: { offer: OfferView }) {
  const taking = useFetcher<ActionAnswer>({ key: TAKE_FETCHER });
  const pending = taking.state !== "idle" && taking.formData?.get("bookingId") === offer.bookingId;
  const error =
    taking.data && !taking.data.ok && taking.data.bookingId === offer.bookingId ? taking.data.message : null;
  return (
    <li className="rounded-xl border border-blue-200 bg-white p-5 shadow-sm" data-testid={`offer-${offer.reference}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {offer.dateText}, {offer.window}
        </p>
        <p className="text-lg font-bold text-green-800">Your share {offer.share}</p>
      </div>
      <p className="mt-1 text-sm text-slate-900">
        {offer.from} → {offer.to}
        {offer.distanceFromBase ? (
          <span className="text-slate-600"> · {offer.distanceFromBase} from your base</span>
        ) : null}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {offer.van}, {offer.helpers}
        {offer.stops > 0 ? `, ${countOf(offer.stops, "extra stop")}` : ""} · {offer.estimatedTime}
      </p>
      <taking.Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="take" />
        <input type="hidden" name="bookingId" value={offer.bookingId} />
        <StatusButton pending={pending} pendingText="Taking...">
          Take this job
        </StatusButton>
      </taking.Form>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function JobSection({ title, jobs, empty }: { title: string; jobs: DriverJob[]; empty: string }) {
  const id = `jobs-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {jobs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 grid gap-4 md:grid-cols-2">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}

function JobCard({ job: served }: { job: DriverJob }) {
  const fetcher = useFetcher<ActionAnswer>();
  const hydrated = useHydrated();
  const pageAnswer = useActionData<typeof action>();
  const pending = usePending({ fetcher });
  const kept = useKeptActions();
  const [keepError, setKeepError] = useState<string | null>(null);
  const { waiting } = keptForJob(kept?.records ?? [], served.id);
  // With actions kept on the phone, the card shows the job as it will be once they are sent.
  const progress = progressAfter(served.progress, waiting.map(keptEffect));
  const job =
    waiting.length > 0
      ? {
          ...served,
          ...nextStepOf(progress, served.tooSoon),
          trackingLabel: TRACKING_STATUS_LABELS[progress.trackingStatus ?? "assigned"],
          sharingPosition: served.sharingPosition && progress.trackingStatus !== "completed",
          droppable: false,
        }
      : served;
  const answer = fetcher.data ?? (pageAnswer?.bookingId === job.id ? pageAnswer : undefined);
  const error = keepError ?? (answer && !answer.ok ? answer.message : null);

  // Offline (or behind actions still waiting), the step is kept on the phone, in order.
  const keepWhenOffline = (event: FormEvent<HTMLFormElement>) => {
    if (!kept || (kept.online && waiting.length === 0)) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const eta = Number(form.get("etaMinutes"));
    const record: { kind: "stop-done" | "step"; fields: Record<string, string | number | null> } =
      form.get("intent") === "stop-done"
        ? { kind: "stop-done", fields: { position: Number(form.get("position")) } }
        : {
            kind: "step",
            fields: { status: String(form.get("status")), etaMinutes: Number.isInteger(eta) && eta > 0 ? eta : null },
          };
    setKeepError(null);
    kept.keep({ ...record, bookingId: job.id }).catch((problem: Error) => setKeepError(problem.message));
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={`job-${job.reference}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {job.moveDateText}, {job.moveTime}
        </p>
        <p className="text-xs font-medium text-slate-500">{job.reference}</p>
      </div>
      <p className="mt-1 text-sm font-semibold text-blue-800" data-testid="job-status">
        {job.trackingLabel} · {job.statusLabel}
      </p>
      <WaitingToSend count={waiting.length} />
      <dl className="mt-3 space-y-1 text-sm">
        {job.stops.length > 0 ? (
          <div>
            <dt className="font-medium text-slate-500">Route, in order:</dt>
            <dd className="mt-1 text-slate-900">
              <RouteStops
                pickupAddress={job.pickupAddress}
                deliveryAddress={job.deliveryAddress}
                stops={job.stops}
                showProgress
              />
            </dd>
          </div>
        ) : (
          <>
            <div>
              <dt className="inline font-medium text-slate-500">From: </dt>
              <dd className="inline text-slate-900">{job.pickupAddress}</dd>
            </div>
            <div>
              <dt className="inline font-medium text-slate-500">To: </dt>
              <dd className="inline text-slate-900">{job.deliveryAddress}</dd>
            </div>
          </>
        )}
        <div>
          <dt className="inline font-medium text-slate-500">Customer: </dt>
          <dd className="inline text-slate-900">
            {job.customer.name}
            {job.customer.phone ? (
              <>
                {" · "}
                <a href={`tel:${job.customer.phone.replace(/\s+/g, "")}`} className="text-blue-700 hover:underline">
                  {job.customer.phone}
                </a>
              </>
            ) : null}
            {job.customer.email ? (
              <>
                {" · "}
                <a href={`mailto:${job.customer.email}`} className="break-all text-blue-700 hover:underline">
                  {job.customer.email}
                </a>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-500">Van: </dt>
          <dd className="inline text-slate-900">
            {job.van}, {job.helpersText} · your share {job.earnings}
          </dd>
        </div>
        {job.specialRequirements ? (
          <div>
            <dt className="inline font-medium text-slate-500">Notes: </dt>
            <dd className="inline text-slate-900">{job.specialRequirements}</dd>
          </div>
        ) : null}
      </dl>

      {job.nextStop?.type === "dropoff" ? (
        <Link
          to={completeJobPath(job.id, job.nextStop.position)}
          className="mt-4 inline-flex min-h-11 items-center rounded-md bg-blue-700 px-5 text-sm font-semibold text-white hover:bg-blue-800"
        >
          {job.nextStop.title}: proof of delivery
        </Link>
      ) : job.nextStop ? (
        <fetcher.Form method="post" className="mt-4" onSubmit={keepWhenOffline} data-keeps-offline>
          <input type="hidden" name="intent" value="stop-done" />
          <input type="hidden" name="bookingId" value={job.id} />
          <input type="hidden" name="position" value={job.nextStop.position} />
          <StatusButton pending={pending} pendingText="Updating..." className="min-h-11 px-5">
            Collected at stop {job.nextStop.position}
          </StatusButton>
        </fetcher.Form>
      ) : job.next?.status === "completed" ? (
        <Link
          to={completeJobPath(job.id)}
          className="mt-4 inline-flex min-h-11 items-center rounded-md bg-blue-700 px-5 text-sm font-semibold text-white hover:bg-blue-800"
        >
          Complete job: proof of delivery
        </Link>
      ) : job.next ? (
        <fetcher.Form
          method="post"
          className="mt-4 flex flex-wrap items-end gap-2"
          onSubmit={keepWhenOffline}
          data-keeps-offline
        >
          <input type="hidden" name="bookingId" value={job.id} />
          <input type="hidden" name="status" value={job.next.status} />
          {job.next.status === "en_route" ? (
            <label className="text-sm text-slate-700">
              Minutes to pickup (optional)
              <input
                type="number"
                name="etaMinutes"
                min={1}
                max={600}
                inputMode="numeric"
                className="mt-1 block w-28 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
              />
            </label>
          ) : null}
          <StatusButton pending={pending} pendingText="Updating..." className="min-h-11 px-5">
            {job.next.label}
          </StatusButton>
        </fetcher.Form>
      ) : null}
      {job.sharingPosition ? (
        <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="job-position">
          {hydrated ? <PositionSharer bookingId={job.id} /> : null}
          <SharePositionForm bookingId={job.id} />
        </div>
      ) : null}
      {job.notYet ? (
        <p className="mt-4 text-sm text-slate-700" data-testid="job-not-yet">
          {job.notYet}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}

      {job.droppable ? <DropJobForm job={job} /> : null}

      <Link
        to={trackerPath(job.id, "chat")}
        className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-blue-700 hover:underline"
      >
        Chat with customer
        {job.unread > 0 ? (
          <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs text-white" data-testid="job-unread">
            {job.unread} new
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** Tucked away (a details element, so it opens without JavaScript): giving an assigned job back. */
function DropJobForm({ job }: { job: DriverJob }) {
  const fetcher = useFetcher<ActionAnswer>();
  const pending = usePending({ fetcher });
  const reasonId = `drop-reason-${job.id}`;
  return (
    <details className="mt-4 rounded-lg border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-800">I can&apos;t do this job</summary>
      <fetcher.Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="drop" />
        <input type="hidden" name="bookingId" value={job.id} />
        <p className="text-slate-700">
          The job goes back to our team to find another driver, and the customer is told. Dropped jobs show on your
          record.
        </p>
        <div>
          <label htmlFor={reasonId} className="block font-medium text-slate-800">
            Reason <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={2}
            maxLength={500}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5"
          />
        </div>
        <StatusButton pending={pending} pendingText="Dropping…" variant="secondary" className="min-h-11 px-5">
          Drop job {job.reference}
        </StatusButton>
        {fetcher.data && !fetcher.data.ok ? (
          <p role="alert" className="font-medium text-red-700">
            {fetcher.data.message}
          </p>
        ) : null}
      </fetcher.Form>
    </details>
  );
}
