// The error summary of every form (GOV.UK Design System's pattern): after a failed submit, a
// box at the top of the form, announced (role="alert") and focused, with a heading and one
// link per field in error that moves focus to the field. Without JavaScript the server's page
// carries it with `autofocus` and the page title starts "Error: " (utils/seo.ts); with it, the
// summary is mounted anew for each failed submit, so focus comes to it each time.
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";

/** A form's errors by field name, as conform keeps them ("" is the form's own). */
export type FormErrorMap = Record<string, string[] | null | undefined>;

/** The id of a form's field, as conform makes it (and every form here follows). */
export const fieldIdOf = (formId: string, name: string) => `${formId}-${name}`;

const ERROR_TITLE_PREFIX = "Error: ";

function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  // The label above the field stays in view, as the summary's link promised it.
  document.querySelector(`label[for="${CSS.escape(fieldId)}"]`)?.scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
}

export function ErrorSummary({
  formId,
  errors,
  title = "There is a problem",
}: {
  formId: string;
  /** The errors of the last submit; nothing (null) while the form has not failed one. */
  errors: FormErrorMap | null | undefined;
  title?: string;
}) {
  const headingId = useId();
  // Each submit of the form makes a new summary (focused again when it fails again).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const form = document.getElementById(formId);
    // A real submit, not one of conform's intent buttons (add an item, more options).
    const count = (event: Event) => {
      if ((event as SubmitEvent).submitter?.getAttribute("name") !== "__intent__") setAttempt((current) => current + 1);
    };
    form?.addEventListener("submit", count, true);
    return () => form?.removeEventListener("submit", count, true);
  }, [formId]);

  const formErrors = errors?.[""] ?? [];
  const fieldErrors = Object.entries(errors ?? {}).filter(
    (entry): entry is [string, string[]] => entry[0] !== "" && Boolean(entry[1]?.length),
  );
  const shown = formErrors.length > 0 || fieldErrors.length > 0;

  // With JavaScript the title says so too (the server's page says it without).
  useEffect(() => {
    if (!shown || document.title.startsWith(ERROR_TITLE_PREFIX)) return;
    document.title = `${ERROR_TITLE_PREFIX}${document.title}`;
    return () => {
      if (document.title.startsWith(ERROR_TITLE_PREFIX))
        document.title = document.title.slice(ERROR_TITLE_PREFIX.length);
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <SummaryBox key={attempt} headingId={headingId}>
      <h2 id={headingId} className="text-base font-bold">
        {title}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {formErrors.map((message) => (
          <li key={`form-${message}`}>{message}</li>
        ))}
        {fieldErrors.flatMap(([name, messages]) => {
          const fieldId = fieldIdOf(formId, name);
          return messages.map((message) => (
            <li key={`${name}-${message}`}>
              <a
                href={`#${fieldId}`}
                onClick={(event) => focusField(event, fieldId)}
                className="inline-block min-h-6 py-0.5 font-semibold underline underline-offset-2 hover:text-red-700"
              >
                {message}
              </a>
            </li>
          ));
        })}
      </ul>
    </SummaryBox>
  );
}

/** The box, focused when it arrives: by the browser's autofocus on a server's page, by this effect after a submit. */
function SummaryBox({ headingId, children }: { headingId: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- moving focus to the summary is the pattern
      autoFocus
      aria-labelledby={headingId}
      data-testid="error-summary"
      className="rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900"
    >
      {children}
    </div>
  );
}
