// Sections shared by the quote forms: date and time, van and services, access conditions,
// and the quick-add item list. Every control is a plain form control or a conform intent
// button, so it works as a submit without JavaScript and instantly with it.
import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { CheckboxField, ErrorList, Field, SelectField } from "~/components/ui/field";
import { ITEM_SIZE_LABELS, QUICK_ADD_ITEMS, type ItemSize } from "~/domain/items";
import { URGENCIES } from "~/domain/move-inputs";
import { URGENCY_LABELS } from "~/domain/pricing";
import { CoverHint } from "./cover-hint";
import { FLOOR_OPTIONS, HELPER_OPTIONS, VAN_OPTIONS } from "./quote-options";

const URGENCY_OPTIONS = URGENCIES.map((urgency) => ({ value: urgency, label: URGENCY_LABELS[urgency] }));

/** A titled group of fields. */
export function Section({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  return (
    <fieldset id={id} className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold uppercase tracking-wide text-slate-700">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** A time field's props: the schema's pattern is checked by the server, not set on a time input (invalid HTML). */
function timeInput(time: FieldMetadata<string>) {
  const { pattern: _pattern, ...props } = getInputProps(time, { type: "time" });
  return props;
}

export function DateTimeFields({
  date,
  time,
  today,
}: {
  date: FieldMetadata<string>;
  time: FieldMetadata<string>;
  today: string;
}) {
  return (
    <>
      <Field
        {...getInputProps(date, { type: "date" })}
        key={date.key}
        min={today}
        label="Moving date"
        errors={date.errors}
      />
      <Field {...timeInput(time)} key={time.key} label="Start time" errors={time.errors} />
    </>
  );
}

export function VanField({ meta }: { meta: FieldMetadata<string> }) {
  return (
    <SelectField {...getSelectProps(meta)} key={meta.key} label="Van size" options={VAN_OPTIONS} errors={meta.errors} />
  );
}

export function HelpersField({ meta }: { meta: FieldMetadata<number> }) {
  return (
    <SelectField
      {...getSelectProps(meta)}
      key={meta.key}
      label="Helpers"
      options={HELPER_OPTIONS}
      errors={meta.errors}
    />
  );
}

export function UrgencyField({ meta }: { meta: FieldMetadata<string> }) {
  return (
    <SelectField
      {...getSelectProps(meta)}
      key={meta.key}
      label="Urgency"
      options={URGENCY_OPTIONS}
      errors={meta.errors}
    />
  );
}

/** Extended cover's declared value (docs/PRICING.md v3): empty for standard cover. */
export function DeclaredValueField({ meta }: { meta: FieldMetadata<number> }) {
  // A text box that takes digits: a number box would drop "£8,000" silently instead of saying why.
  const { min: _min, max: _max, ...props } = getInputProps(meta, { type: "text" });
  return (
    <Field
      {...props}
      key={meta.key}
      inputMode="numeric"
      autoComplete="off"
      label="Declared value for extended cover (£, optional)"
      hint={<CoverHint />}
      errors={meta.errors}
      className="sm:col-span-2"
    />
  );
}

/** A floor select with its lift toggle, which only shows above the ground floor (CSS :has). */
export function FloorGroup({
  end,
  floor,
  lift,
}: {
  end: "Pickup" | "Delivery";
  floor: FieldMetadata<string>;
  lift: FieldMetadata<boolean>;
}) {
  return (
    <div className="floor-group space-y-2">
      <SelectField
        {...getSelectProps(floor)}
        key={floor.key}
        label={`${end} floor`}
        options={FLOOR_OPTIONS}
        errors={floor.errors}
      />
      <CheckboxField
        {...getInputProps(lift, { type: "checkbox" })}
        key={lift.key}
        className="lift-toggle"
        label={`Lift available at ${end.toLowerCase()}`}
      />
    </div>
  );
}

type ItemFields = { name: string; quantity: number; size?: ItemSize };

/** Quick-add catalogue and the chosen items with quantity controls (minus never below 1). */
export function QuickAddItems<Schema extends Record<string, unknown>>({
  form,
  items,
}: {
  form: FormMetadata<Schema>;
  items: FieldMetadata<ItemFields[]>;
}) {
  const list = items.getFieldList();
  const chosen = list.map((item) => item.getFieldset());
  return (
    <div className="sm:col-span-2">
      <p className="mb-2 text-sm font-medium text-slate-800">Quick add</p>
      <div className="flex flex-wrap gap-2">
        {QUICK_ADD_ITEMS.map((catalogueItem) => {
          const index = chosen.findIndex((item) => item.name.value === catalogueItem.name);
          const current = index >= 0 ? Number(chosen[index]!.quantity.value ?? 1) : 0;
          const buttonProps =
            index >= 0
              ? form.update.getButtonProps({ name: chosen[index]!.quantity.name, value: String(current + 1) })
              : form.insert.getButtonProps({
                  name: items.name,
                  defaultValue: { name: catalogueItem.name, quantity: 1, size: catalogueItem.size },
                });
          return (
            <button
              key={catalogueItem.name}
              {...buttonProps}
              className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:border-blue-600 hover:bg-blue-50"
              aria-label={`Add ${catalogueItem.name}`}
            >
              + {catalogueItem.name}
            </button>
          );
        })}
      </div>
      <ErrorList errors={items.errors} />
      {list.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Items to move">
          {list.map((item, index) => {
            const fields = item.getFieldset();
            const quantity = Math.max(1, Number(fields.quantity.value ?? 1) || 1);
            const size = fields.size.value as ItemSize | undefined;
            return (
              <li key={item.key} className="flex items-center justify-between gap-3 px-3 py-2" data-testid="quote-item">
                <input {...getInputProps(fields.name, { type: "hidden" })} key={fields.name.key} />
                <input {...getInputProps(fields.size, { type: "hidden" })} key={fields.size.key} />
                <input {...getInputProps(fields.quantity, { type: "hidden" })} key={fields.quantity.key} />
                <span className="text-sm text-slate-900">
                  {fields.name.value}
                  {size ? <span className="ml-2 text-xs text-slate-600">{ITEM_SIZE_LABELS[size]}</span> : null}
                </span>
                <span className="flex items-center gap-1">
                  <button
                    {...form.update.getButtonProps({
                      name: fields.quantity.name,
                      value: String(Math.max(1, quantity - 1)),
                    })}
                    disabled={quantity <= 1}
                    className="grid size-8 place-items-center rounded border border-slate-300 text-lg disabled:opacity-40"
                    aria-label={`Fewer ${fields.name.value}`}
                  >
                    −
                  </button>
                  <span className="w-8 text-center text-sm font-semibold" data-testid="item-quantity">
                    {quantity}
                  </span>
                  <button
                    {...form.update.getButtonProps({ name: fields.quantity.name, value: String(quantity + 1) })}
                    className="grid size-8 place-items-center rounded border border-slate-300 text-lg"
                    aria-label={`More ${fields.name.value}`}
                  >
                    +
                  </button>
                  <button
                    {...form.remove.getButtonProps({ name: items.name, index })}
                    className="ml-2 rounded px-2 py-1 text-sm text-red-700 hover:bg-red-50"
                    aria-label={`Remove ${fields.name.value}`}
                  >
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No items added yet. Items help us pick the right van and helpers.</p>
      )}
    </div>
  );
}
