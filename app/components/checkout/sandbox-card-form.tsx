// The built-in sandbox's card form (its hosted page and the embedded checkout in test mode):
// a plain post that works without JavaScript, validated as you type with it.
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";

import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import type { embeddedSandboxSchema } from "~/schemas/checkout";
import { usePageForm } from "~/utils/use-validated-form";

type CardForm = ReturnType<typeof embeddedSandboxSchema>;
// The card alone, or the card with the receipt e-mail and name (typed as the larger form).
const loadCardSchema = () => import("~/schemas/checkout").then((schemas) => schemas.sandboxCardSchema() as CardForm);
const loadCardAndCustomerSchema = () => import("~/schemas/checkout").then((schemas) => schemas.embeddedSandboxSchema());

type Props = {
  payLabel: string;
  hidden?: Record<string, string>;
  /** The embedded checkout also asks for the receipt e-mail and the name. */
  customer?: { customerEmail: string; customerName: string };
};

export function SandboxCardForm({ payLabel, hidden, customer }: Props) {
  const { form, fields, pending } = usePageForm(customer ? loadCardAndCustomerSchema : loadCardSchema);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="sandbox-card-form">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {customer ? (
        <>
          <FormField
            meta={fields.customerEmail}
            label="Email (for the receipt)"
            type="email"
            autoComplete="email"
            defaultValue={customer.customerEmail}
            aria-required="true"
          />
          <FormField
            meta={fields.customerName}
            label="Name for the booking"
            type="text"
            autoComplete="name"
            defaultValue={customer.customerName}
            aria-required="true"
          />
        </>
      ) : null}
      <FormField
        meta={fields.cardNumber}
        label="Card number"
        type="text"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        aria-required="true"
      />
      <div className="grid grid-cols-2 gap-4">
        <FormField
          meta={fields.expiry}
          label="Expiry (MM/YY)"
          type="text"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/34"
          aria-required="true"
        />
        <FormField
          meta={fields.cvc}
          label="CVC"
          type="text"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          aria-required="true"
        />
      </div>
      <FormErrorSummary form={form} />
      <StatusButton
        pending={pending}
        pendingText="Processing..."
        name="intent"
        value="pay"
        className="w-full py-3 text-base"
      >
        {payLabel}
      </StatusButton>
    </Form>
  );
}
