// The business pages' forms: opening an account (/business/signup) and inviting a colleague
// (/business/users). Plain posts that work without JavaScript, checked as they are typed by
// the same schemas the actions use.
import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { SelectField, TextareaField } from "~/components/ui/field";
import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { BUSINESS_ROLE_DESCRIPTIONS, BUSINESS_ROLE_LABELS } from "~/domain/business";
import { INVITABLE_ROLES } from "~/schemas/business";
import { usePending } from "~/utils/use-pending";
import { useValidatedForm } from "~/utils/use-validated-form";

export type FormAnswer = SubmissionResult<string[]> | null | undefined;

export function BusinessSignupForm({ lastResult }: { lastResult: FormAnswer }) {
  const id = "business-signup";
  const pending = usePending({ formId: id });
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/business").then((schemas) => schemas.businessSignupSchema),
    { id, lastResult, pending },
  );
  const { key: addressKey, ...addressProps } = getTextareaProps(fields.billingAddress);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="__form__" value={id} />
      <FormField meta={fields.companyName} label="Company name" type="text" autoComplete="organization" />
      <FormField
        meta={fields.vatNumber}
        label="VAT number (optional)"
        hint="Printed on your invoices, like GB123456789"
        type="text"
        autoComplete="off"
      />
      <TextareaField
        key={addressKey}
        {...addressProps}
        id={fields.billingAddress.id}
        label="Billing address"
        hint="As your invoices should show it, with the postcode"
        rows={4}
        autoComplete="street-address"
        errors={fields.billingAddress.errors}
      />
      <FormErrorSummary form={form} />
      <StatusButton pending={pending} pendingText="Opening…">
        Open business account
      </StatusButton>
    </Form>
  );
}

export function InviteForm({ lastResult, canInviteAdmins }: { lastResult: FormAnswer; canInviteAdmins: boolean }) {
  const id = "invite";
  const pending = usePending({ formId: id });
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/business").then((schemas) => schemas.invitationSchema),
    { id, lastResult, pending, defaultValue: { role: "booker" } },
  );
  const roles = INVITABLE_ROLES.filter((role) => canInviteAdmins || role !== "admin");
  const { key: roleKey, ...roleProps } = getSelectProps(fields.role);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="__form__" value={id} />
      <input type="hidden" name="intent" value="invite" />
      <FormField meta={fields.email} label="Their e-mail address" type="email" autoComplete="off" />
      <SelectField
        key={roleKey}
        {...roleProps}
        id={fields.role.id}
        label="Role"
        errors={fields.role.errors}
        options={roles.map((role) => ({
          value: role,
          label: `${BUSINESS_ROLE_LABELS[role]}: ${BUSINESS_ROLE_DESCRIPTIONS[role].toLowerCase()}`,
        }))}
      />
      <FormErrorSummary form={form} />
      <StatusButton pending={pending} pendingText="Sending…">
        Send invitation
      </StatusButton>
    </Form>
  );
}
