// The distance calculator's form (conform's): its code loads on first use, through
// LiveOnFirstUse in the route. The route shows the answers below it.
import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AddressFormField } from "~/components/quote/address-form-field";
import { ConformExtraStops } from "~/components/quote/conform-extra-stops";
import { VAN_OPTIONS } from "~/components/quote/quote-options";
import { DeclaredValueField } from "~/components/quote/quote-sections";
import { StatusButton } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { FormErrorSummary } from "~/components/ui/form-field";
import { DISTANCE_CALCULATOR_CONSTRAINT } from "~/schemas/quote-constraints";
import { usePending } from "~/utils/use-pending";
import { useValidatedForm } from "~/utils/use-validated-form";

export function DistanceCalculatorForm({
  mapsKey,
  lastResult,
}: {
  mapsKey: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const busy = usePending();
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/quote").then((schemas) => schemas.distanceCalculatorSchema),
    {
      id: "distance-calculator",
      lastResult,
      pending: busy,
      constraint: DISTANCE_CALCULATOR_CONSTRAINT,
      defaultValue: { vanSize: "medium", stops: [] },
    },
  );
  // With JavaScript the buttons wait for both addresses; without it the server says so.
  const [typed, setTyped] = useState({
    pickup: Boolean(fields.pickupAddress.initialValue),
    delivery: Boolean(fields.deliveryAddress.initialValue),
  });
  const bothTyped = typed.pickup && typed.delivery;
  const hydrated = useHydrated();
  const pressed = navigation.formData?.get("action");

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 space-y-4 rounded-xl border border-slate-200 p-6 shadow-sm"
      onInput={(event) => {
        const formElement = event.currentTarget;
        const value = (name: string) => String(new FormData(formElement).get(name) ?? "").trim() !== "";
        setTyped({ pickup: value("pickupAddress"), delivery: value("deliveryAddress") });
      }}
    >
      <FormErrorSummary form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <AddressFormField
          meta={fields.pickupAddress}
          label="Pickup address"
          placeholder="e.g. Birmingham B1 1AA"
          mapsKey={mapsKey}
        />
        <AddressFormField
          meta={fields.deliveryAddress}
          label="Delivery address"
          placeholder="e.g. Coventry CV1 1GF"
          mapsKey={mapsKey}
        />
        <ConformExtraStops form={form} stops={fields.stops} mapsKey={mapsKey} />
        <SelectField
          {...getSelectProps(fields.vanSize)}
          key={fields.vanSize.key}
          label="Van size"
          options={VAN_OPTIONS}
          errors={fields.vanSize.errors}
        />
        <DeclaredValueField meta={fields.declaredValue} />
      </div>
      <div className="flex flex-wrap gap-3">
        {(
          [
            ["distance", "Calculate Distance"],
            ["simple", "Get Simple Quote"],
            ["detailed", "Get Detailed Quote"],
          ] as const
        ).map(([value, label], index) => (
          <StatusButton
            key={value}
            name="action"
            value={value}
            variant={index === 0 ? "primary" : "secondary"}
            pending={busy && pressed === value}
            pendingText="Calculating..."
            disabled={busy || (hydrated && !bothTyped)}
          >
            {label}
          </StatusButton>
        ))}
      </div>
    </Form>
  );
}
