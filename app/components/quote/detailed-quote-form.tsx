// /quote: the detailed quote with the item form (name, description, quantity,
// category, dimensions, weight, fragile, special handling) and the disassembly flag.
// "Add Item" and "Remove" are conform intent buttons: submits without JavaScript, instant with it.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { CheckboxField, ErrorList, Field, SelectField, TextareaField } from "~/components/ui/field";
import { FormErrorSummary } from "~/components/ui/form-field";
import { HoneypotFields } from "~/components/ui/honeypot-fields";
import { ITEM_CATEGORIES } from "~/domain/items";
import { DEFAULT_MOVE_TIME } from "~/domain/move-inputs";
import { DETAILED_QUOTE_CONSTRAINT } from "~/schemas/quote-constraints";
import { usePending } from "~/utils/use-pending";
import { useValidatedForm } from "~/utils/use-validated-form";
import { AddressFormField } from "./address-form-field";
import { ConformExtraStops } from "./conform-extra-stops";
import {
  DateTimeFields,
  DeclaredValueField,
  FloorGroup,
  HelpersField,
  Section,
  UrgencyField,
  VanField,
} from "./quote-sections";
import { useRememberedAddresses } from "./use-remembered-addresses";

const CATEGORY_OPTIONS = [
  { value: "", label: "Choose a category" },
  ...ITEM_CATEGORIES.map((category) => ({ value: category, label: category })),
];

export function DetailedQuoteForm({
  lastResult,
  today,
  mapsKey,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  today: string;
  mapsKey: string | null;
}) {
  const id = "detailed-quote-form";
  const calculating = usePending({ formId: id });
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/quote").then((schemas) => schemas.detailedQuoteSchema),
    {
      id,
      lastResult,
      pending: calculating,
      constraint: DETAILED_QUOTE_CONSTRAINT,
      defaultValue: {
        moveDate: today,
        moveTime: DEFAULT_MOVE_TIME,
        vanSize: "medium",
        helpers: "1",
        urgency: "standard",
        floorAccessPickup: "ground",
        floorAccessDelivery: "ground",
        items: [],
      },
    },
  );
  useRememberedAddresses(form, fields.pickupAddress, fields.deliveryAddress);
  const items = fields.items.getFieldList();

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5" preventScrollReset>
      <input type="hidden" name="__form__" value={id} />
      <HoneypotFields />
      <FormErrorSummary form={form} />
      <Section title="Locations">
        <AddressFormField
          meta={fields.pickupAddress}
          label="Pickup address"
          placeholder="e.g. 22 Kensington Church Street, London W8 4EP"
          mapsKey={mapsKey}
        />
        <AddressFormField
          meta={fields.deliveryAddress}
          label="Delivery address"
          placeholder="e.g. 5 Portobello Road, London W11 3DA"
          mapsKey={mapsKey}
        />
      </Section>
      <Section title="Extra stops">
        <ConformExtraStops form={form} stops={fields.stops} mapsKey={mapsKey} />
      </Section>
      <Section title="Date & Time">
        <DateTimeFields date={fields.moveDate} time={fields.moveTime} today={today} />
      </Section>

      <fieldset className="rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold uppercase tracking-wide text-slate-700">Items to Move</legend>
        {items.length === 0 ? <p className="text-sm text-slate-600">Add each item you are moving.</p> : null}
        <ol className="space-y-4">
          {items.map((item, index) => {
            const itemFields = item.getFieldset();
            return (
              <li key={item.key} className="rounded-md border border-slate-200 p-4" data-testid="item-row">
                <div className="mb-3 flex items-center justify-between">
                  <h3 className="font-semibold">Item {index + 1}</h3>
                  <button
                    {...form.remove.getButtonProps({ name: fields.items.name, index })}
                    className="rounded px-2 py-1 text-sm text-red-700 hover:bg-red-50"
                  >
                    Remove item {index + 1}
                  </button>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    {...getInputProps(itemFields.name, { type: "text" })}
                    key={itemFields.name.key}
                    label="Item name"
                    errors={itemFields.name.errors}
                  />
                  <Field
                    {...getInputProps(itemFields.quantity, { type: "number" })}
                    key={itemFields.quantity.key}
                    min={1}
                    label="Quantity"
                    errors={itemFields.quantity.errors}
                  />
                  <SelectField
                    {...getSelectProps(itemFields.category)}
                    key={itemFields.category.key}
                    label="Category"
                    options={CATEGORY_OPTIONS}
                    errors={itemFields.category.errors}
                  />
                  <Field
                    {...getInputProps(itemFields.dimensions, { type: "text" })}
                    key={itemFields.dimensions.key}
                    label="Dimensions"
                    placeholder="e.g. 200 × 90 × 80 cm"
                    errors={itemFields.dimensions.errors}
                  />
                  <Field
                    {...getInputProps(itemFields.weightKg, { type: "number" })}
                    key={itemFields.weightKg.key}
                    min={0}
                    step="0.1"
                    label="Weight (kg)"
                    errors={itemFields.weightKg.errors}
                  />
                  <CheckboxField
                    {...getInputProps(itemFields.fragile, { type: "checkbox" })}
                    key={itemFields.fragile.key}
                    label="Fragile"
                    className="self-end pb-2"
                  />
                  <CheckboxField
                    {...getInputProps(itemFields.requiresDisassembly, { type: "checkbox" })}
                    key={itemFields.requiresDisassembly.key}
                    label="Needs disassembly"
                    className="self-end pb-2"
                  />
                  <TextareaField
                    {...getTextareaProps(itemFields.description)}
                    key={itemFields.description.key}
                    label="Description"
                    rows={2}
                    className="sm:col-span-2"
                    errors={itemFields.description.errors}
                  />
                  <Field
                    {...getInputProps(itemFields.specialHandling, { type: "text" })}
                    key={itemFields.specialHandling.key}
                    label="Special handling"
                    className="sm:col-span-2"
                    errors={itemFields.specialHandling.errors}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        <ErrorList errors={fields.items.errors} />
        <button
          {...form.insert.getButtonProps({ name: fields.items.name, defaultValue: { quantity: 1 } })}
          className="mt-3 rounded-md border border-blue-700 px-4 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50"
        >
          Add Item
        </button>
      </fieldset>

      <Section title="Van & Services">
        <VanField meta={fields.vanSize} />
        <HelpersField meta={fields.helpers} />
        <UrgencyField meta={fields.urgency} />
      </Section>
      <Section title="Access Conditions">
        <FloorGroup end="Pickup" floor={fields.floorAccessPickup} lift={fields.liftAvailablePickup} />
        <FloorGroup end="Delivery" floor={fields.floorAccessDelivery} lift={fields.liftAvailableDelivery} />
      </Section>
      <Section title="Cover for your goods">
        <DeclaredValueField meta={fields.declaredValue} />
      </Section>

      <StatusButton pending={calculating} pendingText="Calculating..." className="px-6 py-3 text-base">
        Generate Quote
      </StatusButton>
    </Form>
  );
}
