// The tracker's help actions: call the driver (or support), share your location,
// request a change, contact support. Each of the last three is a small form in a <details>
// disclosure, so it works without JavaScript (a plain post to /bookings/:id/help, which comes
// back to the tracker with a toast); with JavaScript a fetcher posts it and a toast confirms.
// Sharing a location uses the browser's position when it may, else the typed "where are you".
import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, StatusButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { FormErrorSummary } from "~/components/ui/form-field";
import { HELP_KIND_LABELS, HELP_KINDS, HELP_MESSAGE_MAX, type HelpKind } from "~/schemas/help-request-messages";
import { useFetcherAnswer } from "~/utils/use-fetcher-answer";
import { useValidatedForm } from "~/utils/use-validated-form";

export type HelpAnswer = SubmissionResult<string[]>;

const PROMPTS: Record<HelpKind, { label: string; placeholder: string; submit: string; pending: string }> = {
  location_share: {
    label: "Where are you?",
    placeholder: "e.g. Outside the main entrance, blue door",
    submit: "Send my location",
    pending: "Sending…",
  },
  change_request: {
    label: "What would you like to change?",
    placeholder: "e.g. Arrive 30 minutes later, add a wardrobe",
    submit: "Send change request",
    pending: "Sending…",
  },
  support: {
    label: "How can we help?",
    placeholder: "Tell us what's wrong or what you need",
    submit: "Contact support",
    pending: "Sending…",
  },
  complaint: {
    label: "What went wrong?",
    placeholder: "e.g. A chair leg was broken, one box is missing",
    submit: "Report the problem",
    pending: "Sending…",
  },
};

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export function HelpActions({
  bookingId,
  driverPhone,
  supportPhone,
  canReportProblem = false,
}: {
  bookingId: string;
  driverPhone: string | null;
  supportPhone: string;
  /** The customer of a move completed less than 48 hours ago. */
  canReportProblem?: boolean;
}) {
  const kinds = HELP_KINDS.filter((kind) => kind !== "complaint" || canReportProblem);
  const callPhone = driverPhone ?? supportPhone;
  return (
    <section
      aria-labelledby={`help-actions-${bookingId}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="help-actions"
    >
      <h2 id={`help-actions-${bookingId}`} className="text-lg font-semibold text-slate-900">
        Need help?
      </h2>
      <a
        href={telHref(callPhone)}
        className="mt-3 flex w-full items-center justify-center gap-2 rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800"
      >
        <PhoneIcon />
        {driverPhone ? "Call your driver" : "Call support"}
        <span className="sr-only">on {callPhone}</span>
      </a>
      <div className="mt-3 space-y-2">
        {kinds.map((kind) => (
          <details key={kind} className="group rounded-md border border-slate-200" data-testid={`help-${kind}`}>
            <summary className="flex cursor-pointer list-none items-center justify-between px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              {HELP_KIND_LABELS[kind]}
              <span aria-hidden="true" className="text-slate-500 transition group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="border-t border-slate-200 px-3 pb-3 pt-2">
              <HelpForm bookingId={bookingId} kind={kind} compact />
            </div>
          </details>
        ))}
      </div>
      <p className="mt-3 text-xs text-slate-600">
        Support:{" "}
        <a href={telHref(supportPhone)} className="font-medium text-blue-700 hover:underline">
          {supportPhone}
        </a>
      </p>
    </section>
  );
}

function PhoneIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}

function PinIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z" />
      <circle cx="12" cy="10" r="3" />
    </svg>
  );
}

type Position = { latitude: number; longitude: number };

/** One help request form; the standalone page (/bookings/:id/help) shows it with its errors. */
export function HelpForm({
  bookingId,
  kind,
  lastResult,
  compact = false,
}: {
  bookingId: string;
  kind: HelpKind;
  lastResult?: HelpAnswer | null;
  compact?: boolean;
}) {
  const fetcher = useFetcher<HelpAnswer>();
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle";
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/help-request").then((schemas) => schemas.helpRequestSchema),
    {
      id: `help-${kind}-${bookingId}`,
      lastResult: fetcher.data ?? lastResult ?? null,
      pending,
      shouldValidate: "onSubmit",
      defaultValue: { kind },
    },
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState<"idle" | "locating" | "failed">("idle");

  useFetcherAnswer(fetcher, (answer) => {
    if (answer.status !== "success") return;
    setPosition(null);
    // Done: close the disclosure it sits in.
    formRef.current?.closest("details")?.removeAttribute("open");
  });

  function shareCurrentPosition() {
    if (!("geolocation" in navigator)) return setLocating("failed");
    setLocating("locating");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const found = { latitude: Number(coords.latitude.toFixed(6)), longitude: Number(coords.longitude.toFixed(6)) };
        setPosition(found);
        setLocating("idle");
        const formData = new FormData(formRef.current ?? undefined);
        formData.set("latitude", String(found.latitude));
        formData.set("longitude", String(found.longitude));
        fetcher.submit(formData, { method: "post", action: `/bookings/${bookingId}/help` });
      },
      () => setLocating("failed"),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  }

  const prompt = PROMPTS[kind];
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={`/bookings/${bookingId}/help`}
      {...getFormProps(form)}
      className="space-y-2"
      aria-busy={pending || undefined}
    >
      <input type="hidden" name="kind" value={kind} />
      {position ? (
        <>
          <input type="hidden" name="latitude" value={position.latitude} />
          <input type="hidden" name="longitude" value={position.longitude} />
        </>
      ) : null}
      <FormErrorSummary form={form} />
      {kind === "location_share" && hydrated ? (
        <div>
          <Button
            variant="secondary"
            className="w-full"
            onClick={shareCurrentPosition}
            disabled={pending || locating === "locating"}
          >
            <PinIcon />
            {locating === "locating" ? "Finding you…" : "Share my current location"}
          </Button>
          <p role="status" className="mt-1 text-xs text-slate-600">
            {locating === "failed"
              ? "We could not get your location. Type where you are instead."
              : "Or type where you are:"}
          </p>
        </div>
      ) : null}
      <div>
        <label htmlFor={fields.message.id} className="mb-1 block text-sm font-medium text-slate-800">
          {prompt.label}
        </label>
        <textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={compact ? 2 : 4}
          maxLength={HELP_MESSAGE_MAX}
          placeholder={prompt.placeholder}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
        />
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <StatusButton pending={pending} pendingText={prompt.pending} className="w-full">
        {prompt.submit}
      </StatusButton>
    </fetcher.Form>
  );
}
