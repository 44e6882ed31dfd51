// The home page's detailed quote form ("Show More Options"): the short form's fields with
// items, helpers, urgency and access conditions. conform validates as you type with the
// zod-free checks of schemas/quote-form-checks.ts (the action parses with quoteFormSchema);
// "Add", "Remove" and the quantity buttons are conform intent buttons, so they work as
// submits without JavaScript and instantly with it. The home page loads this module only
// when the detailed form is opened (routes/_quote+/_index/home-quote-form.tsx).
import { getFormProps, getInputProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect } from "react";
import { StatusButton } from "~/components/ui/button";
import { FormErrorSummary } from "~/components/ui/form-field";

import { HoneypotFields } from "~/components/ui/honeypot-fields";
import { DEFAULT_MOVE_TIME } from "~/domain/move-inputs";
import { QUOTE_FORM_CONSTRAINT } from "~/schemas/quote-constraints";
import { resolveQuoteForm } from "~/schemas/quote-form-checks";
import { usePending } from "~/utils/use-pending";
import { useSubmitKeepsItsClick } from "~/utils/use-validated-form";
import { AddressFormField } from "./address-form-field";
import { ConformExtraStops } from "./conform-extra-stops";
import {
  DateTimeFields,
  DeclaredValueField,
  FloorGroup,
  HelpersField,
  QuickAddItems,
  Section,
  UrgencyField,
  VanField,
} from "./quote-sections";
import { useRememberedAddresses } from "./use-remembered-addresses";

export function QuoteForm({
  id,
  lastResult,
  today,
  mapsKey,
  focusItems = false,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  today: string;
  mapsKey: string | null;
  /** Opened in place from the short form: focus goes to the first new control (the items). */
  focusItems?: boolean;
}) {
  const calculating = usePending({ formId: id });
  const [form, fields] = useForm({
    id,
    lastResult: calculating ? null : lastResult,
    constraint: QUOTE_FORM_CONSTRAINT,
    defaultValue: {
      moveDate: "",
      moveTime: DEFAULT_MOVE_TIME,
      vanSize: "medium",
      helpers: "0",
      urgency: "standard",
      floorAccessPickup: "ground",
      floorAccessDelivery: "ground",
      detailed: "on",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parse(formData, { resolve: resolveQuoteForm }),
  });
  useRememberedAddresses(form, fields.pickupAddress, fields.deliveryAddress);
  useSubmitKeepsItsClick(id);

  useEffect(() => {
    if (focusItems) document.getElementById(`${id}-items`)?.querySelector("button")?.focus();
  }, [focusItems, id]);

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      <input type="hidden" name="__form__" value={id} />
      <HoneypotFields />
      <input {...getInputProps(fields.detailed, { type: "hidden" })} key={fields.detailed.key} />
      <FormErrorSummary form={form} />

      <Section title="Locations">
        <AddressFormField
          meta={fields.pickupAddress}
          label="Pickup address"
          placeholder="e.g. 1 Grey Street, Newcastle NE1 6EE"
          mapsKey={mapsKey}
        />
        <AddressFormField
          meta={fields.deliveryAddress}
          label="Delivery address"
          placeholder="e.g. 40 Osborne Road, Newcastle NE2 2AL"
          mapsKey={mapsKey}
        />
      </Section>
      <Section title="Extra stops">
        <ConformExtraStops form={form} stops={fields.stops} mapsKey={mapsKey} />
      </Section>
      <Section title="Date & Time">
        <DateTimeFields date={fields.moveDate} time={fields.moveTime} today={today} />
      </Section>
      <Section title="Items to Move" id={`${id}-items`}>
        <QuickAddItems form={form} items={fields.items} />
      </Section>
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
        Calculate Quote
      </StatusButton>
    </Form>
  );
}
