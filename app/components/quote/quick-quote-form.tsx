// The short quote form of the home page's hero and of /calculator, with no form library: a
// handful of plain fields, checked as you type (first on leaving a field, then on each key)
// by the quote form's own zod-free checks (schemas/quote-form-checks.ts), and posted to the
// page's action, which parses with quoteFormSchema and answers in conform's reply shape.
// "Show More Options" (home) opens the detailed form: with JavaScript in place, its code
// loaded then; without, as a post the action answers with the detailed form.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";
import { StatusButton } from "~/components/ui/button";
import { ErrorSummary, fieldIdOf } from "~/components/ui/error-summary";
import { Field, SelectField } from "~/components/ui/field";
import { HoneypotFields } from "~/components/ui/honeypot-fields";
import { DEFAULT_MOVE_TIME } from "~/domain/move-inputs";
import { SHORT_QUOTE_FIELDS, shortQuoteFormErrors } from "~/schemas/quote-form-checks";
import { recallAddresses } from "~/utils/remembered-addresses";
import { usePending } from "~/utils/use-pending";
import { AddressField } from "./address-field";
import { CoverHint } from "./cover-hint";
import { ExtraStopsList, NEW_STOP, STOP_INTENTS, useStopsFocus } from "./extra-stops";
import { HELPER_OPTIONS, VAN_OPTIONS } from "./quote-options";

// Loaded once the form has a stop to show: most quotes have none.
const StopRow = /* @__PURE__ */ lazy(() => import("./stop-row"));

export type QuickQuoteVariant = "home" | "calculator";

type Errors = Record<string, string[]>;
type Values = Record<string, string>;
/** A stop row as first shown (from the server's answer), with a key that stays with the row. */
type StopDraft = Values & { key: string };

/**
 * conform's intent for "more options" (set `detailed` to on), as its buttons post it: the
 * action's parseWithZod reads it, so a plain post opens the detailed form too.
 */
const MORE_OPTIONS_INTENT = JSON.stringify({ type: "update", payload: { name: "detailed", value: "on" } });

/** The form's fields as typed, without the page's own hidden fields; the stops as a list, as conform gives them. */
function valuesOf(form: HTMLFormElement): Record<string, unknown> {
  const values: Values = {};
  const stops: Values[] = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string" || name.startsWith("__")) continue;
    const stopField = /^stops\[(\d+)\]\.(\w+)$/.exec(name);
    if (stopField) (stops[Number(stopField[1])] ??= {})[stopField[2]!] = value;
    else values[name] = value;
  }
  return stops.length > 0 ? { ...values, stops } : values;
}

/** A failed submit's errors; an intent's answer ("Add a stop" without JavaScript) shows none yet. */
function failedErrors(lastResult: SubmissionResult<string[]> | null | undefined): Errors {
  return lastResult?.status === "error" ? ((lastResult.error as Errors | undefined) ?? {}) : {};
}

let stopKeys = 0;
const newStopKey = () => `stop-${++stopKeys}`;

/** The stop rows of the server's answer (a post without JavaScript added or removed one). */
function stopDrafts(lastResult: SubmissionResult<string[]> | null | undefined): StopDraft[] {
  const stops = (lastResult?.initialValue as { stops?: unknown } | undefined)?.stops;
  if (!Array.isArray(stops)) return [];
  return stops.map((stop) => ({ ...((stop && typeof stop === "object" ? stop : {}) as Values), key: newStopKey() }));
}

export function QuickQuoteForm({
  id,
  variant,
  lastResult,
  today,
  mapsKey,
  onMoreOptions,
}: {
  id: string;
  variant: QuickQuoteVariant;
  lastResult: SubmissionResult<string[]> | null | undefined;
  today: string;
  mapsKey: string | null;
  /** With JavaScript: opens the detailed form in place, with what was typed. */
  onMoreOptions?: (values: Record<string, unknown>) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>(() => failedErrors(lastResult));
  // The error summary shows after a failed submit (this browser's or the server's).
  const [failed, setFailed] = useState(lastResult?.status === "error");
  // Fields whose errors show: left once, or checked by a submit (as conform does).
  const checked = useRef(new Set<string>(Object.keys(failedErrors(lastResult))));
  const calculating = usePending({ formId: id });
  const initial = (lastResult?.initialValue ?? {}) as Values;
  const [stops, setStops] = useState<StopDraft[]>(() => stopDrafts(lastResult));

  useEffect(() => {
    setErrors(failedErrors(lastResult));
    setFailed(lastResult?.status === "error");
    checked.current = new Set(Object.keys(failedErrors(lastResult)));
    setStops(stopDrafts(lastResult));
  }, [lastResult]);

  // The last addresses this browser priced fill in the empty form.
  useEffect(() => {
    const form = formRef.current;
    const remembered = recallAddresses();
    if (!form || !remembered) return;
    const pickup = form.elements.namedItem("pickupAddress") as HTMLInputElement | null;
    const delivery = form.elements.namedItem("deliveryAddress") as HTMLInputElement | null;
    if (!pickup || !delivery || pickup.value || delivery.value) return;
    pickup.value = remembered.pickupAddress;
    delivery.value = remembered.deliveryAddress;
  }, []);

  function check(): Errors {
    const form = formRef.current;
    if (!form) return {};
    const found = shortQuoteFormErrors(valuesOf(form), today);
    setErrors(Object.fromEntries(Object.entries(found).filter(([name]) => checked.current.has(name))));
    return found;
  }

  function onLeave(event: FocusEvent<HTMLFormElement>) {
    const name = (event.target as unknown as HTMLInputElement).name;
    if (!name || name.startsWith("__")) return;
    checked.current.add(name);
    // Left for one of the form's buttons: the submit checks every field. Showing the message
    // now would move the button from under the pointer and lose the click.
    const next = event.relatedTarget as HTMLElement | null;
    if (next instanceof HTMLButtonElement && next.form === event.currentTarget) return;
    check();
  }

  function onType(event: FormEvent<HTMLFormElement>) {
    if (checked.current.has((event.target as HTMLInputElement).name)) check();
  }

  /** "Add a stop" and "Remove stop N" act in place; true when the submit was one of them. */
  function changeStops(submitter: HTMLButtonElement | null): boolean {
    if (submitter?.value === STOP_INTENTS.add) {
      setStops((rows) => [...rows, { ...NEW_STOP, key: newStopKey() }]);
      return true;
    }
    const removed = stops.findIndex((_, index) => submitter?.value === STOP_INTENTS.remove(index));
    if (removed < 0) return false;
    setStops((rows) => rows.filter((_, index) => index !== removed));
    // The rows after it move up: their errors are checked again under their new names.
    setErrors({});
    return true;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (changeStops(submitter)) {
      event.preventDefault();
      return;
    }
    if (submitter?.value === MORE_OPTIONS_INTENT) {
      if (!onMoreOptions) return; // a plain post: the action answers with the detailed form
      event.preventDefault();
      onMoreOptions(valuesOf(event.currentTarget));
      return;
    }
    for (const name of SHORT_QUOTE_FIELDS) checked.current.add(name);
    for (const name of Object.keys(shortQuoteFormErrors(valuesOf(event.currentTarget), today)))
      checked.current.add(name);
    const found = check();
    const failedNow = Object.keys(found).length > 0;
    setFailed(failedNow);
    // Focus goes to the error summary, which links each field in error.
    if (failedNow) event.preventDefault();
  }

  const fieldId = (name: string) => fieldIdOf(id, name);
  const errorsOf = (name: string) => errors[name];
  const { addButtonRef: addStopRef, newRow } = useStopsFocus(stops.map((stop) => stop.key));
  const stopControl = (index: number, field: string) => {
    const name = `stops[${index}].${field}`;
    return { id: fieldId(name), name, errors: errorsOf(name) };
  };

  return (
    <Form
      ref={formRef}
      method="post"
      id={id}
      noValidate
      className="space-y-4"
      preventScrollReset
      onBlur={onLeave}
      onChange={onType}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="__form__" value={id} />
      <HoneypotFields />
      <ErrorSummary formId={id} errors={failed ? errors : null} />
      <div className="grid gap-4 sm:grid-cols-2">
        <AddressField
          id={fieldId("pickupAddress")}
          name="pickupAddress"
          label="Pickup address"
          placeholder="e.g. 1 Grey Street, Newcastle NE1 6EE"
          mapsKey={mapsKey}
          required
          minLength={5}
          defaultValue={initial.pickupAddress}
          errors={errorsOf("pickupAddress")}
        />
        <AddressField
          id={fieldId("deliveryAddress")}
          name="deliveryAddress"
          label="Delivery address"
          placeholder="e.g. 40 Osborne Road, Newcastle NE2 2AL"
          mapsKey={mapsKey}
          required
          minLength={5}
          defaultValue={initial.deliveryAddress}
          errors={errorsOf("deliveryAddress")}
        />
        <ExtraStopsList
          count={stops.length}
          errors={errorsOf("stops")}
          addButton={{ type: "submit", name: "__intent__", value: STOP_INTENTS.add, formNoValidate: true }}
          addButtonRef={addStopRef}
        >
          <Suspense fallback={null}>
            {stops.map((stop, index) => (
              <StopRow
                focusOnMount={stop.key === newRow}
                key={stop.key}
                index={index}
                address={{ ...stopControl(index, "address"), defaultValue: stop.address, required: true, minLength: 5 }}
                type={{ ...stopControl(index, "type"), defaultValue: stop.type ?? NEW_STOP.type }}
                floor={{ ...stopControl(index, "floorAccess"), defaultValue: stop.floorAccess ?? NEW_STOP.floorAccess }}
                lift={{
                  ...stopControl(index, "liftAvailable"),
                  type: "checkbox",
                  defaultChecked: stop.liftAvailable === "on",
                }}
                mapsKey={mapsKey}
                removeButton={{
                  type: "submit",
                  name: "__intent__",
                  value: STOP_INTENTS.remove(index),
                  formNoValidate: true,
                }}
              />
            ))}
          </Suspense>
        </ExtraStopsList>
        <Field
          id={fieldId("moveDate")}
          name="moveDate"
          type="date"
          label="Moving date"
          required
          min={today}
          defaultValue={initial.moveDate ?? (variant === "calculator" ? today : "")}
          errors={errorsOf("moveDate")}
        />
        <Field
          id={fieldId("moveTime")}
          name="moveTime"
          type="time"
          label="Start time"
          defaultValue={initial.moveTime ?? DEFAULT_MOVE_TIME}
          errors={errorsOf("moveTime")}
        />
        <SelectField
          id={fieldId("vanSize")}
          name="vanSize"
          label="Van size"
          options={VAN_OPTIONS}
          defaultValue={initial.vanSize ?? "medium"}
          errors={errorsOf("vanSize")}
        />
        {variant === "calculator" ? (
          <SelectField
            id={fieldId("helpers")}
            name="helpers"
            label="Helpers"
            options={HELPER_OPTIONS}
            defaultValue={initial.helpers ?? "0"}
            errors={errorsOf("helpers")}
          />
        ) : null}
        <Field
          id={fieldId("declaredValue")}
          name="declaredValue"
          inputMode="numeric"
          autoComplete="off"
          label="Declared value for extended cover (£, optional)"
          hint={<CoverHint />}
          defaultValue={initial.declaredValue}
          errors={errorsOf("declaredValue")}
          className="sm:col-span-2"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <StatusButton pending={calculating} pendingText="Calculating..." className="px-6 py-3 text-base">
          Calculate Quote
        </StatusButton>
        {variant === "home" ? (
          <button
            type="submit"
            name="__intent__"
            value={MORE_OPTIONS_INTENT}
            formNoValidate
            className="rounded-md px-3 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50"
          >
            Show More Options
          </button>
        ) : null}
      </div>
    </Form>
  );
}
