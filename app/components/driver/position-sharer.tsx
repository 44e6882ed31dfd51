// The driver's live position, from the job card on /driver.
// PositionSharer (JavaScript only) watches the phone's position and sends it every 15 s or
// 100 m while the job is under way. SharePositionForm is "Share my position now" with the
// postcode or town typed: it works without JavaScript (a plain post to the position route,
// which comes back to /driver with a toast) and is the way when the phone's location is off.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { StatusButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { FormErrorSummary } from "~/components/ui/form-field";
import { positionIsDue } from "~/domain/live-position";
import { PLACE_MAX } from "~/schemas/position-messages";
import { useValidatedForm } from "~/utils/use-validated-form";
import { useOfflineQueue } from "./driver-app";

export type PositionAnswer = SubmissionResult<string[]>;

const positionPath = (bookingId: string) => `/driver/jobs/${encodeURIComponent(bookingId)}/position`;

export function PositionSharer({ bookingId }: { bookingId: string }) {
  const fetcher = useFetcher<PositionAnswer>();
  const queue = useOfflineQueue();
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  // Offline, the latest position is kept on the phone and sent with the rest.
  const keep = useRef(queue?.keep);
  keep.current = queue?.keep;
  const [state, setState] = useState<"starting" | "sharing" | "off">("starting");
  const [sentAt, setSentAt] = useState<string | null>(null);

  useEffect(() => {
    if (!("geolocation" in navigator)) return setState("off");
    let last: { point: [number, number]; at: number } | null = null;
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) => {
        setState("sharing");
        const point: [number, number] = [coords.latitude, coords.longitude];
        const now = Date.now();
        if (!positionIsDue(last, point, now)) return;
        last = { point, at: now };
        if (!navigator.onLine && keep.current) {
          void keep
            .current({
              kind: "position",
              bookingId,
              fields: { latitude: coords.latitude, longitude: coords.longitude, accuracy: Math.round(coords.accuracy) },
            })
            .catch(() => {});
          return;
        }
        submit.current(
          {
            latitude: coords.latitude.toFixed(6),
            longitude: coords.longitude.toFixed(6),
            accuracy: String(Math.round(coords.accuracy)),
          },
          { method: "post", action: positionPath(bookingId) },
        );
        setSentAt(new Date(now).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" }));
      },
      () => setState("off"),
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [bookingId]);

  const refused = fetcher.data && fetcher.data.status !== "success" ? fetcher.data.error?.[""]?.[0] : null;
  return (
    <p className="mt-3 text-sm text-slate-700">
      {/* Only a change of state is announced; the time of the last send updates quietly beside it. */}
      <span role="status" data-testid="position-sharing">
        {refused
          ? refused
          : state === "sharing"
            ? "Sharing your position with the customer."
            : state === "off"
              ? "Location is off on this phone: type where you are below."
              : "Finding your position…"}
      </span>
      {state === "sharing" && sentAt && !refused ? <span> Last sent {sentAt}.</span> : null}
    </p>
  );
}

export function SharePositionForm({
  bookingId,
  lastResult,
}: {
  bookingId: string;
  lastResult?: PositionAnswer | null;
}) {
  const fetcher = useFetcher<PositionAnswer>();
  const pending = fetcher.state !== "idle";
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/position").then((schemas) => schemas.positionSchema),
    {
      id: `position-form-${bookingId}`,
      lastResult: fetcher.data ?? lastResult ?? null,
      pending,
      shouldValidate: "onSubmit",
    },
  );
  return (
    <fetcher.Form
      method="post"
      action={positionPath(bookingId)}
      {...getFormProps(form)}
      className="space-y-2"
      aria-busy={pending || undefined}
    >
      <FormErrorSummary form={form} />
      <div>
        <label htmlFor={fields.place.id} className="mb-1 block text-sm font-medium text-slate-800">
          Where are you? (postcode or town)
        </label>
        <input
          {...getInputProps(fields.place, { type: "text" })}
          key={fields.place.key}
          maxLength={PLACE_MAX}
          autoComplete="off"
          className="block w-full max-w-xs rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
        />
        <ErrorList id={fields.place.errorId} errors={fields.place.errors} />
      </div>
      <StatusButton pending={pending} pendingText="Sharing…" variant="secondary" className="min-h-11">
        Share my position now
      </StatusButton>
    </fetcher.Form>
  );
}
