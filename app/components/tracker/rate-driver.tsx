// Rating the driver after a completed move. The tracker embeds RateDriver; the
// standalone page /bookings/:id/rate uses RatingForm too. Without JavaScript the form posts to
// /bookings/:id/rate, which redirects back to the tracker with a toast (or shows the form again
// with its errors); with JavaScript a fetcher posts it and the tracker reloads its data.
import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { FormErrorSummary } from "~/components/ui/form-field";
import { countOf } from "~/domain/plural";
import { MAX_STARS, MIN_STARS } from "~/domain/ratings";
import { RATING_COMMENT_MAX } from "~/schemas/rating-messages";
import { useValidatedForm } from "~/utils/use-validated-form";

export type RatingAnswer = SubmissionResult<string[]>;

const STAR_VALUES = Array.from({ length: MAX_STARS - MIN_STARS + 1 }, (_, index) => MIN_STARS + index);

const starsLabel = (stars: number) => countOf(stars, "star");

/** Stars shown, not chosen: "Rated 4 out of 5" for screen readers. */
function StarsShown({ stars, className }: { stars: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`Rated ${stars} out of ${MAX_STARS} stars`}
      className={`inline-flex text-2xl leading-none ${className ?? ""}`}
      data-testid="stars-shown"
      data-stars={stars}
    >
      {STAR_VALUES.map((value) => (
        <span key={value} aria-hidden="true" className={value <= stars ? "text-amber-500" : "text-slate-300"}>
          ★
        </span>
      ))}
    </span>
  );
}

export function RateDriver({
  bookingId,
  rating,
}: {
  bookingId: string;
  rating: { stars: number; comment: string | null } | null;
}) {
  return (
    <section
      aria-labelledby={`rate-driver-${bookingId}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="rate-driver"
    >
      <h2 id={`rate-driver-${bookingId}`} className="text-lg font-semibold text-slate-900">
        {rating ? "Your rating" : "Rate your driver"}
      </h2>
      {rating ? <GivenRating rating={rating} /> : <RatingForm bookingId={bookingId} compact />}
    </section>
  );
}

export function GivenRating({ rating }: { rating: { stars: number; comment: string | null } }) {
  return (
    <div className="mt-2">
      <StarsShown stars={rating.stars} />
      {rating.comment ? (
        <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700">“{rating.comment}”</p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">Thank you for your feedback.</p>
    </div>
  );
}

/**
 * The stars (radio buttons drawn as stars; the label comes before its radio, so "a checked
 * radio ~ label" greys the stars above the choice, with CSS alone) and an optional comment.
 */
export function RatingForm({
  bookingId,
  lastResult,
  compact = false,
}: {
  bookingId: string;
  lastResult?: RatingAnswer | null;
  compact?: boolean;
}) {
  const fetcher = useFetcher<RatingAnswer>();
  const pending = fetcher.state !== "idle";
  const [form, fields] = useValidatedForm(() => import("~/schemas/rating").then((schemas) => schemas.ratingSchema), {
    id: `rating-form-${bookingId}`,
    lastResult: fetcher.data ?? lastResult ?? null,
    pending,
    shouldValidate: "onSubmit",
  });

  const starsError = fields.stars.errors?.length ? fields.stars.errorId : undefined;
  const initialStars = Number(fields.stars.initialValue ?? 0);
  return (
    <fetcher.Form
      method="post"
      action={`/bookings/${bookingId}/rate`}
      {...getFormProps(form)}
      className="mt-2 space-y-3"
      aria-busy={pending || undefined}
    >
      <FormErrorSummary form={form} />
      <fieldset aria-describedby={starsError} aria-invalid={starsError ? true : undefined}>
        <legend className="text-sm font-medium text-slate-800">How was your driver?</legend>
        <div
          className={
            "mt-1 inline-flex items-center gap-1 " +
            // All stars amber once one is chosen, then the ones above the choice grey again.
            "[&:has(input:checked)>label]:text-amber-500 [&&>input:checked~label]:text-slate-300 " +
            "[&>label:has(+input:focus-visible)]:ring-2 [&>label:has(+input:focus-visible)]:ring-blue-600"
          }
        >
          {STAR_VALUES.map((value) => {
            const id = `${fields.stars.id}-${value}`;
            return (
              <StarChoice
                key={value}
                id={id}
                name={fields.stars.name}
                value={value}
                defaultChecked={initialStars === value}
                large={!compact}
              />
            );
          })}
        </div>
        <ErrorList id={starsError} errors={fields.stars.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.comment.id} className="mb-1 block text-sm font-medium text-slate-800">
          Comment <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea
          {...getTextareaProps(fields.comment)}
          key={fields.comment.key}
          rows={compact ? 2 : 4}
          maxLength={RATING_COMMENT_MAX}
          placeholder="Anything the driver did well, or could do better"
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
        />
        <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
      </div>
      <StatusButton pending={pending} pendingText="Sending…">
        Submit rating
      </StatusButton>
    </fetcher.Form>
  );
}

function StarChoice({
  id,
  name,
  value,
  defaultChecked,
  large,
}: {
  id: string;
  name: string;
  value: number;
  defaultChecked: boolean;
  large: boolean;
}) {
  return (
    <>
      <label
        htmlFor={id}
        className={`cursor-pointer rounded px-0.5 leading-none text-slate-300 hover:scale-110 ${large ? "text-4xl" : "text-3xl"}`}
      >
        <span aria-hidden="true">★</span>
        <span className="sr-only">{starsLabel(value)}</span>
      </label>
      <input type="radio" id={id} name={name} value={value} defaultChecked={defaultChecked} className="sr-only" />
    </>
  );
}
