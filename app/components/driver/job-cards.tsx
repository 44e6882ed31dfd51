// A driver's own jobs on /driver: each card has the customer's details and the button that
// moves the job along (on my way, nearby, arrived, a stop collected), the link to its proof of
// delivery, and "I can't do this job". Offline, a step is kept on the phone (driver-app.tsx) and
// the card shows the job as it will be once the step is sent.
import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { queuedEffect, queuedForJob, useOfflineQueue, WaitingToSend } from "~/components/driver/driver-app";
import { PositionSharer, SharePositionForm } from "~/components/driver/position-sharer";
import { RouteStops } from "~/components/quote/route-stops";
import { StatusButton } from "~/components/ui/button";
import { completeJobPath } from "~/domain/delivery-proof";
import { nextStepOf, progressAfter } from "~/domain/job-progress";
import { TRACKING_STATUS_LABELS } from "~/domain/tracking";
import { trackerPath } from "~/utils/tracker-path";
import { usePending } from "~/utils/use-pending";
import type { DriverJob, DriverJobsAnswer } from "~/views/driver";

export function JobSection({ title, jobs, empty }: { title: string; jobs: DriverJob[]; empty: string }) {
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
  const fetcher = useFetcher<DriverJobsAnswer>();
  const hydrated = useHydrated();
  const pageAnswer = useActionData<DriverJobsAnswer>();
  const pending = usePending({ fetcher });
  const queue = useOfflineQueue();
  const [keepError, setKeepError] = useState<string | null>(null);
  const { waiting } = queuedForJob(queue?.records ?? [], served.id);
  // With actions kept on the phone, the card shows the job as it will be once they are sent.
  const progress = progressAfter(served.progress, waiting.map(queuedEffect));
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
    if (!queue || (queue.online && waiting.length === 0)) return;
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
    queue.keep({ ...record, bookingId: job.id }).catch((problem: Error) => setKeepError(problem.message));
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
  const fetcher = useFetcher<DriverJobsAnswer>();
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
