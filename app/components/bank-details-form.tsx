// A UK bank account form (name, sort code, account number), checked as it is typed by the
// bank details schema and posted as a plain form: a driver's payout account on
// /driver/earnings, a customer's account for a damage claim's bank transfer. The account
// number never comes back from the server.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { StatusButton } from "~/components/ui/button";
import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { usePending } from "~/utils/use-pending";
import { useValidatedForm } from "~/utils/use-validated-form";

export function BankDetailsForm({
  id,
  intro,
  hidden = {},
  submitText,
  lastResult,
  action,
}: {
  /** The form's id (unique on the page): its fields' ids start with it. */
  id: string;
  intro: ReactNode;
  /** Hidden fields posted with it (which claim it is for). */
  hidden?: Record<string, string>;
  submitText: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  action?: string;
}) {
  const pending = usePending({ formId: id });
  const { form, fields } = useBankForm(id, lastResult, pending);
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="mt-3 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <input type="hidden" name="__form__" value={id} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="text-sm text-slate-700" data-testid="bank-details-saved">
        {intro}
      </p>
      <FormField meta={fields.accountName} label="Name on the account" type="text" autoComplete="name" />
      <FormField meta={fields.sortCode} label="Sort code" type="text" inputMode="numeric" placeholder="20-00-01" />
      <FormField
        meta={fields.accountNumber}
        label="Account number"
        type="text"
        inputMode="numeric"
        autoComplete="off"
      />
      <FormErrorSummary form={form} />
      <StatusButton pending={pending} pendingText="Saving…">
        {submitText}
      </StatusButton>
    </Form>
  );
}

function useBankForm(id: string, lastResult: SubmissionResult<string[]> | null | undefined, pending: boolean) {
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/bank-details").then((schemas) => schemas.bankDetailsSchema),
    { id, lastResult, pending },
  );
  return { form, fields };
}
