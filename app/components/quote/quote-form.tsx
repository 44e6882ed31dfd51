// The quote form of the home page (short, or detailed after "Show More Options") and of
// /calculator. It posts to its route's action; conform validates as you type with JS, with
// the zod-free checks of schemas/quote-form-checks.ts (the action parses with quoteFormSchema).
import { getFormProps, getInputProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { HoneypotFields } from "~/components/ui/honeypot-fields";
import { DEFAULT_MOVE_TIME } from "~/domain/pricing";
import { QUOTE_FORM_CONSTRAINT, resolveQuoteForm } from "~/schemas/quote-form-checks";
import { usePending } from "~/utils/use-pending";
import { AddressField } from "./address-field";
import {
  DateTimeFields,
  FloorGroup,
  HelpersField,
  QuickAddItems,
  Section,
  UrgencyField,
  VanField,
} from "./quote-sections";
import { useRememberedAddresses } from "./use-remembered-addresses";

export type QuoteFormVariant = "home" | "calculator";

export function QuoteForm({
  id,
  lastResult,
  today,
  mapsKey,
  variant,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  today: string;
  mapsKey: string | null;
  variant: QuoteFormVariant;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: QUOTE_FORM_CONSTRAINT,
    defaultValue: {
      moveDate: variant === "calculator" ? today : "",
      moveTime: DEFAULT_MOVE_TIME,
      vanSize: "medium",
      helpers: "0",
      urgency: "standard",
      floorAccessPickup: "ground",
      floorAccessDelivery: "ground",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parse(formData, { resolve: resolveQuoteForm }),
  });
  // True while this form's "Calculate Quote" (not an add/remove/more-options button) is posting.
  const calculating = usePending({ formId: id });
  const detailed = variant === "home" && fields.detailed.value === "on";

  useRememberedAddresses(form, fields.pickupAddress, fields.deliveryAddress);

  const addresses = (
    <>
      <AddressField
        meta={fields.pickupAddress}
        label="Pickup address"
        placeholder="e.g. 1 Grey Street, Newcastle NE1 6EE"
        mapsKey={mapsKey}
      />
      <AddressField
        meta={fields.deliveryAddress}
        label="Delivery address"
        placeholder="e.g. 40 Osborne Road, Newcastle NE2 2AL"
        mapsKey={mapsKey}
      />
    </>
  );

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      <input type="hidden" name="__form__" value={id} />
      <HoneypotFields />
      <input {...getInputProps(fields.detailed, { type: "hidden" })} key={fields.detailed.key} />
      <ErrorList errors={form.errors} />

      {/* One structure for both forms, so switching to detailed keeps every typed value
          (the same inputs stay mounted; the detailed sections slot in around them). */}
      <Section title="Locations" plain={!detailed}>
        {addresses}
      </Section>
      <Section title="Date & Time" plain={!detailed}>
        <DateTimeFields date={fields.moveDate} time={fields.moveTime} today={today} />
      </Section>
      {detailed ? (
        <Section title="Items to Move">
          <QuickAddItems form={form} items={fields.items} />
        </Section>
      ) : null}
      <Section title="Van & Services" plain={!detailed}>
        <VanField meta={fields.vanSize} />
        {detailed || variant === "calculator" ? <HelpersField meta={fields.helpers} /> : null}
        {detailed ? <UrgencyField meta={fields.urgency} /> : null}
      </Section>
      {detailed ? (
        <Section title="Access Conditions">
          <FloorGroup end="Pickup" floor={fields.floorAccessPickup} lift={fields.liftAvailablePickup} />
          <FloorGroup end="Delivery" floor={fields.floorAccessDelivery} lift={fields.liftAvailableDelivery} />
        </Section>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <StatusButton pending={calculating} pendingText="Calculating..." className="px-6 py-3 text-base">
          Calculate Quote
        </StatusButton>
        {variant === "home" && !detailed ? (
          <button
            {...form.update.getButtonProps({ name: fields.detailed.name, value: "on" })}
            className="rounded-md px-3 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50"
          >
            Show More Options
          </button>
        ) : null}
      </div>
    </Form>
  );
}
