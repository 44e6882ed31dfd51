// A booking's "Assign a driver", in its panel: the approved drivers based nearest the pickup
// (or those whose names hold what the admin typed), a few at a time, as radio buttons. Finding
// is a GET form, so the panel's URL says what is shown; assigning posts to /admin/bookings
// (a fetcher with JavaScript; without, a plain post that comes back here), which answers with
// a toast. Both work without JavaScript.
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { SEARCH_TERM_MAX } from "~/schemas/admin-bookings-messages";
import type { AssignableDriver } from "~/views/admin";

const LIST_PATH = "/admin/bookings";
/** The list's own filters, kept when the admin looks for a driver, so the list below stays as it was. */
const LIST_FILTERS = ["searchTerm", "status", "page"];

export function AssignDriver({
  reference,
  bookingId,
  hasDriver,
  drivers,
  by,
  name,
}: {
  reference: string;
  bookingId: string;
  hasDriver: boolean;
  drivers: AssignableDriver[];
  by: "name" | "distance";
  name: string;
}) {
  const { pathname, search } = useLocation();
  // A fetcher: the post goes to the list's action, and this page (the panel and the list) stays.
  const fetcher = useFetcher<{ ok: boolean }>();
  const params = new URLSearchParams(search);
  const kept = LIST_FILTERS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!] as const] : []));
  const withoutName = new URLSearchParams(kept.map(([key, value]) => [key, value]));
  const heading = hasDriver ? "Change the driver" : "Assign a driver";
  return (
    <section aria-labelledby="assign" className="mt-6" data-testid="assign-driver">
      <h3 id="assign" className="text-base font-semibold text-slate-900">
        {heading}
      </h3>
      {/* A status: with JavaScript a search replaces the list in place, and this says what it is. */}
      <p role="status" className="mt-1 text-sm text-slate-700" data-testid="assign-driver-shown">
        {shownText({ by, name, found: drivers.length })}
      </p>

      <Form method="get" action={`${pathname}#assign`} className="mt-3 flex flex-wrap items-end gap-2">
        {kept.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <Field
          id="assign-driver-name"
          name="driver"
          type="search"
          label="Find a driver by name"
          defaultValue={name}
          maxLength={SEARCH_TERM_MAX}
          className="min-w-56"
        />
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Find<span className="sr-only"> a driver</span>
        </button>
        {name ? (
          <Link
            to={`${pathname}${withoutName.size > 0 ? `?${withoutName}` : ""}#assign`}
            className="py-2 text-sm font-medium text-blue-700 hover:underline"
          >
            Show the nearest drivers
          </Link>
        ) : null}
      </Form>

      {drivers.length === 0 ? null : (
        <fetcher.Form method="post" action={LIST_PATH} className="mt-3 max-w-xl">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="bookingId" value={bookingId} />
          <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Driver for {reference}</legend>
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {drivers.map((driver) => (
                <li key={driver.id} className="flex items-start gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                  <input
                    id={`assign-${driver.id}`}
                    type="radio"
                    name="driverId"
                    value={driver.id}
                    required
                    aria-describedby={`assign-${driver.id}-facts`}
                    className="mt-0.5 size-6 shrink-0 accent-blue-700"
                  />
                  <span>
                    <label htmlFor={`assign-${driver.id}`} className="block cursor-pointer font-medium text-slate-900">
                      {driver.name}
                    </label>
                    <span id={`assign-${driver.id}-facts`} className="block text-slate-600">
                      {[driver.location, driver.van, driver.milesText].filter(Boolean).join(" · ")}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </fieldset>
          <StatusButton pending={fetcher.state !== "idle"} pendingText="Assigning…" className="mt-3">
            {hasDriver ? "Reassign" : "Assign"}
            <span className="sr-only"> driver to {reference}</span>
          </StatusButton>
        </fetcher.Form>
      )}
    </section>
  );
}

/** What the list below shows, in a sentence. */
function shownText({ by, name, found }: { by: "name" | "distance"; name: string; found: number }) {
  if (name)
    return found > 0 ? `Approved drivers whose names hold “${name}”.` : `No approved driver's name holds “${name}”.`;
  if (by === "name")
    return found > 0
      ? "Approved drivers by name (the pickup could not be placed on the map)."
      : "No approved drivers yet.";
  return found > 0
    ? "The approved drivers based nearest the pickup, in a straight line. Or find one by name."
    : "No approved driver has a base yet. Find one by name.";
}
