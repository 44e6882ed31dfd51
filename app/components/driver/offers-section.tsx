// "Available jobs" on /driver: the open jobs this driver may take, following live: the
// server tells this driver only of changes to their own list (an offer added, or one gone) and
// the list applies them without reloading the page. Each card posts "Take this job" to the
// page's action through one shared fetcher.
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { StatusButton } from "~/components/ui/button";
import { countOf } from "~/domain/plural";
import { useLiveStream } from "~/utils/use-live-updates";
import type { DriverJobsAnswer, OfferLiveData, OfferView } from "~/views/driver";

/** The fetcher every "Take this job" form shares, so its answer outlives the card it came from. */
const TAKE_FETCHER = "take-job";

const byDateAndTime = (a: OfferView, b: OfferView) =>
  a.moveDate.localeCompare(b.moveDate) || a.window.localeCompare(b.window);

/** The page's offers as the loader gave them, then as live changes add and remove them. */
function useLiveOffers(loaded: OfferView[], headingRef: React.RefObject<HTMLHeadingElement | null>) {
  const [offers, setOffers] = useState(loaded);
  const [news, setNews] = useState("");
  useEffect(() => setOffers(loaded), [loaded]);
  // What the list shows now, for the handler below (it runs outside React's render, and two
  // changes may come before the next render).
  const shown = useRef(offers);
  shown.current = offers;
  const show = (next: OfferView[]) => {
    shown.current = next;
    setOffers(next);
  };
  useLiveStream("/api/driver/offers/events", {
    onChange(data) {
      const change = JSON.parse(data) as OfferLiveData;
      if (change.change === "added") {
        if (shown.current.some((offer) => offer.bookingId === change.offer.bookingId)) return;
        show([...shown.current, change.offer].sort(byDateAndTime));
        setNews(`New job: ${change.offer.from} to ${change.offer.to}, ${change.offer.dateText}`);
        return;
      }
      const gone = shown.current.find((offer) => offer.bookingId === change.bookingId);
      if (!gone) return;
      // Focus never drops to the page's start: from a card that goes, to the list's heading.
      const card = document.querySelector(`[data-offer="${CSS.escape(change.bookingId)}"]`);
      if (card?.contains(document.activeElement)) headingRef.current?.focus();
      show(shown.current.filter((offer) => offer !== gone));
      if (change.change === "taken") setNews(`${gone.from} to ${gone.to}, ${gone.dateText}: taken by another driver`);
    },
  });
  return { offers, news };
}

export function OffersSection({ offers: loaded, paused }: { offers: OfferView[]; paused: string | null }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { offers, news } = useLiveOffers(loaded, headingRef);
  const taking = useFetcher<DriverJobsAnswer>({ key: TAKE_FETCHER });
  const pageAnswer = useActionData<DriverJobsAnswer>();
  const answer = taking.data ?? pageAnswer;
  const refused = answer && !answer.ok && offers.every((offer) => offer.bookingId !== answer.bookingId) ? answer : null;
  return (
    <section aria-labelledby="offers-heading" className="mt-8">
      <h2 id="offers-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
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
      <p role="status" className="sr-only" data-testid="offers-news">
        {news}
      </p>
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
  const taking = useFetcher<DriverJobsAnswer>({ key: TAKE_FETCHER });
  const pending = taking.state !== "idle" && taking.formData?.get("bookingId") === offer.bookingId;
  const error =
    taking.data && !taking.data.ok && taking.data.bookingId === offer.bookingId ? taking.data.message : null;
  return (
    <li
      className="rounded-xl border border-blue-200 bg-white p-5 shadow-sm"
      data-testid={`offer-${offer.reference}`}
      data-offer={offer.bookingId}
    >
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
