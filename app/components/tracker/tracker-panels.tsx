// The tracker's pieces: the progress bar, the driver card, the booking's details, the tabs and
// the live updates list. Plain markup, so the page reads the same with JavaScript off.
import { Link } from "@remix-run/react";
import { RouteStops } from "~/components/quote/route-stops";
import { useAnnounceChange } from "~/components/ui/announcer";
import { countOf } from "~/domain/plural";
import { trackerPath } from "~/utils/tracker-path";
import type { TrackerView } from "~/views/tracker";

// The progress bar's widths as classes: the page's CSP allows no inline style attribute.
const PROGRESS_WIDTHS: [number, string][] = [
  [100, "w-full"],
  [70, "w-[70%]"],
  [40, "w-[40%]"],
  [10, "w-[10%]"],
];
const progressWidth = (percent: number) => PROGRESS_WIDTHS.find(([at]) => percent >= at)?.[1] ?? "w-0";

export function ProgressCard({ tracking }: { tracking: TrackerView["tracking"] }) {
  // A status the driver set just now (a live update) is read out.
  useAnnounceChange(tracking.label, `Driver status: ${tracking.label}`);
  return (
    <section aria-labelledby="progress-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">
          Driver status
        </h2>
        <p className="text-sm font-semibold text-blue-800" data-testid="tracking-label">
          {tracking.label}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Driver progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={tracking.progress}
        className="mt-3 h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-blue-600 transition-[width] duration-500 ${progressWidth(tracking.progress)}`}
        />
      </div>
      <ol className="mt-2 grid grid-cols-4 text-center text-xs text-slate-600">
        {["Assigned", "On the way", "Nearby", "Arrived"].map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {tracking.etaMinutes !== null ? (
        <p className="mt-3 text-sm text-slate-800" data-testid="eta">
          Estimated arrival: about <strong>{tracking.etaMinutes} minutes</strong>
        </p>
      ) : null}
    </section>
  );
}

// The driver reading their own job is not told "Your driver: <their own name>".
const DRIVER_CARD_HEADINGS = { customer: "Your driver", driver: "You are the driver", admin: "Driver" } as const;

export function DriverCard({ driver, viewer }: { driver: TrackerView["driver"]; viewer: string }) {
  return (
    <section
      aria-labelledby="driver-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="driver-card"
    >
      <h2 id="driver-heading" className="text-lg font-semibold text-slate-900">
        {DRIVER_CARD_HEADINGS[viewer as keyof typeof DRIVER_CARD_HEADINGS] ?? DRIVER_CARD_HEADINGS.customer}
      </h2>
      {driver ? (
        <div className="mt-3 flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-blue-100 text-lg font-bold text-blue-800"
          >
            {driver.name.slice(0, 1)}
          </span>
          <dl className="text-sm">
            <dt className="sr-only">Name</dt>
            <dd className="font-semibold text-slate-900">{driver.name}</dd>
            <dt className="sr-only">Rating</dt>
            <dd className="text-slate-700" data-testid="driver-rating">
              <span aria-hidden="true">★</span> {driver.rating}
            </dd>
            <dt className="sr-only">Completed jobs</dt>
            <dd className="text-slate-700" data-testid="driver-jobs">
              {countOf(driver.completedJobs, "completed job")}
              {driver.isNew ? (
                <span className="ml-2 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800">
                  New driver
                </span>
              ) : null}
            </dd>
            {viewer !== "driver" ? (
              <>
                <dt className="sr-only">Van</dt>
                <dd className="text-slate-700">{driver.van}</dd>
              </>
            ) : null}
          </dl>
        </div>
      ) : (
        <div className="mt-3 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">Driver to be assigned</p>
          <p className="mt-1">
            Drivers are typically assigned 24 hours before the move. We&apos;ll show their details here as soon as they
            are.
          </p>
        </div>
      )}
    </section>
  );
}

export function BookingDetailsCard({ view }: { view: TrackerView }) {
  const facts: [string, string][] = [
    ...(view.stops.length > 0
      ? []
      : ([
          ["Pickup", view.pickupAddress],
          ["Delivery", view.deliveryAddress],
        ] as [string, string][])),
    ["Date", `${view.moveDateText}, ${view.moveTime}`],
    ["Van", `${view.van}, ${view.helpersText}`],
    ["Price", `${view.price} (${view.paymentLabel})`],
    ...(view.customer
      ? ([["Customer", `${view.customer.name}${view.customer.phone ? `, ${view.customer.phone}` : ""}`]] as [
          string,
          string,
        ][])
      : []),
  ];
  return (
    <section aria-labelledby="details-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
        Booking details
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        {view.stops.length > 0 ? (
          <div>
            <dt className="font-medium text-slate-500">Route, in order</dt>
            <dd className="mt-1 break-words text-slate-900">
              <RouteStops
                pickupAddress={view.pickupAddress}
                deliveryAddress={view.deliveryAddress}
                stops={view.stops}
                showProgress={view.tracking.status !== null}
                testId="tracker-route"
              />
            </dd>
          </div>
        ) : null}
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="font-medium text-slate-500">{term}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {view.cancellable ? (
        <Link
          to={`/bookings/${view.id}/cancel`}
          className="mt-4 inline-block text-sm font-semibold text-red-700 hover:underline"
        >
          Cancel this booking
        </Link>
      ) : null}
    </section>
  );
}

/** The two tabs are links, so they work without JavaScript and can be shared. */
export function TrackerTabs({
  bookingId,
  tab,
  unread,
}: {
  bookingId: string;
  tab: "updates" | "chat";
  unread: number;
}) {
  const tabs = [
    { id: "updates", label: "Live Updates", href: trackerPath(bookingId) },
    { id: "chat", label: "Driver Chat", href: trackerPath(bookingId, "chat") },
  ] as const;
  return (
    <nav aria-label="Tracker sections" className="flex gap-1 border-b border-slate-200">
      {tabs.map((item) => (
        <Link
          key={item.id}
          to={item.href}
          preventScrollReset
          aria-current={tab === item.id ? "page" : undefined}
          className={`-mb-px rounded-t-md border-b-2 px-4 py-2 text-sm font-semibold ${
            tab === item.id ? "border-blue-700 text-blue-800" : "border-transparent text-slate-600 hover:text-slate-900"
          }`}
        >
          {item.label}
          {item.id === "chat" && unread > 0 ? (
            <span className="ml-2 rounded-full bg-red-600 px-2 py-0.5 text-xs text-white" data-testid="unread-count">
              {unread}
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}

export function LiveUpdates({ updates, refreshHref }: { updates: TrackerView["updates"]; refreshHref: string }) {
  return (
    <section aria-labelledby="updates-heading" className="pt-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="updates-heading" className="text-lg font-semibold text-slate-900">
          Live Updates
        </h2>
        <noscript>
          {/* Without JavaScript the page refreshes itself every 30 s; this link does it now. */}
          <meta httpEquiv="refresh" content="30" />
          <RefreshButton href={refreshHref} label="Refresh" />
        </noscript>
      </div>
      {updates.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          No updates yet. You&apos;ll see your driver&apos;s progress here on the day of your move.
        </p>
      ) : (
        <ol className="mt-3 space-y-3" data-testid="updates">
          {updates.map((update) => (
            <li key={update.id} className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
              <p className="font-semibold text-slate-900">{update.label}</p>
              <p className="text-slate-700">{update.text}</p>
              {update.etaMinutes ? (
                <p className="text-slate-700">Estimated arrival in {update.etaMinutes} minutes</p>
              ) : null}
              <p className="mt-1 text-xs text-slate-500">{update.at}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * Loads the page again (a GET form: unlike a link to the same address and #fragment, it
 * always fetches the page anew).
 */
export function RefreshButton({ href, label }: { href: string; label: string }) {
  const url = new URL(href, "http://localhost");
  return (
    <form method="get" action={url.pathname}>
      {[...url.searchParams].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="text-sm font-semibold text-blue-700 hover:underline">
        {label}
      </button>
    </form>
  );
}
