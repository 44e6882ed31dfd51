// The customer's damage claim form: each item with its description and amount (the
// item's limit said under each amount before sending), 1 to 6 photos, an optional proof of
// value and what happened. One multipart post that works without JavaScript; the server's
// answer puts each error on its field and gives back everything typed (files must be chosen
// again: a browser cannot refill a file box). With JavaScript, "Add another item" adds a row,
// each filled row is checked when a field is left, then as it is typed, by the schema's own
// rule (claimItemProblems), and the photos are made smaller on the phone before they are sent
// (a phone's photos are 2 to 6 MB each; without JavaScript the server takes them as they are).
import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { StatusButton } from "~/components/ui/button";
import { ErrorSummary, fieldIdOf, type FormErrorMap } from "~/components/ui/error-summary";
import { ErrorList, Field, TextareaField } from "~/components/ui/field";
import { CLAIM_DETAILS_MAX, CLAIM_MAX_ITEMS, claimItemProblems } from "~/schemas/damage-claim-messages";

const CLAIM_FORM_ID = "damage-claim";
const FIRST_ROWS = 3;

export type ClaimAnswer = {
  errors: FormErrorMap;
  fields: { details?: string; items: { description?: string; amount?: string }[] };
};

function FileField({
  name,
  label,
  hint,
  multiple,
  errors,
}: {
  name: string;
  label: string;
  hint: string;
  multiple?: boolean;
  errors?: string[] | null;
}) {
  const id = fieldIdOf(CLAIM_FORM_ID, name);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
      <input
        id={id}
        type="file"
        name={name}
        accept="image/*"
        multiple={multiple}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[`${id}-hint`, errors?.length ? `${id}-error` : null].filter(Boolean).join(" ")}
        className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-blue-700 file:px-4 file:font-semibold file:text-white"
      />
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function ClaimForm({
  action,
  itemLimit,
  maxPhotos,
  answer,
}: {
  action: string;
  itemLimit: string;
  maxPhotos: number;
  answer: ClaimAnswer | undefined;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [shrinking, setShrinking] = useState(false);
  const pending = shrinking || navigation.state === "submitting";
  const typedRows = answer?.fields.items.length ?? 0;
  const [rows, setRows] = useState(Math.max(FIRST_ROWS, typedRows));
  const id = (name: string) => fieldIdOf(CLAIM_FORM_ID, name);
  // Rows checked in the browser: their fields' errors replace the server's for those fields.
  const [checkedRows, setCheckedRows] = useState<Record<number, Record<string, string[]>>>({});
  const errors = { ...answer?.errors, ...Object.assign({}, ...Object.values(checkedRows)) } as FormErrorMap;

  /** Checks the row of the field the event came from, once the row has been left or checked. */
  function checkRow(target: EventTarget, leaving: boolean) {
    const match = /^items\[(\d+)\]\./.exec((target as HTMLInputElement).name ?? "");
    const form = (target as HTMLInputElement).form;
    if (!match || !form) return;
    const index = Number(match[1]);
    if (!leaving && !(index in checkedRows)) return;
    const value = (field: string) => String(new FormData(form).get(`items[${index}].${field}`) ?? "");
    const row = { description: value("description"), amount: value("amount") };
    const empty = row.description.trim() === "" && row.amount.trim() === "";
    const problems = empty ? {} : claimItemProblems(row);
    setCheckedRows((current) => ({
      ...current,
      [index]: {
        [`items[${index}].description`]: problems.description ? [problems.description] : [],
        [`items[${index}].amount`]: problems.amount ? [problems.amount] : [],
      },
    }));
  }

  return (
    <Form
      id={CLAIM_FORM_ID}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      className="mt-6 space-y-6"
      aria-busy={pending || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        const form = event.currentTarget;
        setShrinking(true);
        void import("~/utils/smaller-photo.client")
          .then(({ withSmallerPhotos }) => withSmallerPhotos(new FormData(form), ["photos", "proofOfValue"]))
          .catch(() => new FormData(form))
          .then((formData) => {
            setShrinking(false);
            submit(formData, { method: "post", action, encType: "multipart/form-data" });
          });
      }}
      onBlur={(event) => {
        // Left for another field of the same row: that row is checked when it is left as a whole.
        const next = event.relatedTarget as HTMLInputElement | null;
        const row = /^items\[(\d+)\]\./.exec((event.target as unknown as HTMLInputElement).name ?? "")?.[1];
        if (row !== undefined && next?.name?.startsWith(`items[${row}].`)) return;
        checkRow(event.target, true);
      }}
      onInput={(event) => checkRow(event.target, false)}
    >
      <ErrorSummary formId={CLAIM_FORM_ID} errors={answer ? errors : null} />
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">Damaged items</legend>
        <p className="text-sm text-slate-600">
          Fill in a row for each item. Rows left empty are not sent.
          {hydrated ? null : ` Claiming for more than ${rows} items? Send this claim, then another for the rest.`}
        </p>
        <ErrorList id={`${id("items")}-error`} errors={errors?.items} />
        <ol className="space-y-4">
          {Array.from({ length: rows }, (_, index) => {
            const typed = answer?.fields.items[index];
            const description = `items[${index}].description`;
            const amount = `items[${index}].amount`;
            return (
              <li key={index} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3">
                <Field
                  id={id(description)}
                  name={description}
                  label={`Item ${index + 1}: what it is and the damage`}
                  autoComplete="off"
                  defaultValue={typed?.description}
                  errors={errors?.[description]}
                  className="sm:col-span-2"
                />
                <Field
                  id={id(amount)}
                  name={amount}
                  label={`Item ${index + 1}: amount (£)`}
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={typed?.amount}
                  hint={itemLimit}
                  errors={errors?.[amount]}
                />
              </li>
            );
          })}
        </ol>
        {hydrated && rows < CLAIM_MAX_ITEMS ? (
          <button
            type="button"
            onClick={() => {
              setRows(rows + 1);
              // The new row's first field takes the focus once it is there.
              requestAnimationFrame(() => document.getElementById(id(`items[${rows}].description`))?.focus());
            }}
            className="rounded-md border border-blue-700 px-4 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50"
          >
            Add another item
          </button>
        ) : null}
      </fieldset>

      <FileField
        name="photos"
        label="Photos of the damage"
        hint={`1 to ${maxPhotos} photos.${answer ? " Please choose them again." : ""}`}
        multiple
        errors={errors?.photos}
      />
      <FileField
        name="proofOfValue"
        label="Proof of value (optional)"
        hint="A photo of a receipt, an invoice or a valuation, if you have one."
        errors={errors?.proofOfValue}
      />
      <TextareaField
        id={id("details")}
        name="details"
        label="What happened (optional)"
        rows={4}
        maxLength={CLAIM_DETAILS_MAX}
        defaultValue={answer?.fields.details}
        errors={errors?.details}
      />
      <StatusButton pending={pending} pendingText="Sending..." className="px-6 py-3 text-base">
        Send claim
      </StatusButton>
    </Form>
  );
}
