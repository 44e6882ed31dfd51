// The checkout's discount code form: conform's, so its code loads on first use
// (the checkout route shows it through LiveOnFirstUse).
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { usePageForm } from "~/utils/use-validated-form";

export function DiscountForm({
  bookingId,
  offer,
  applied,
}: {
  bookingId: string;
  offer: { code: string; percent: number; expiresText: string; usable: boolean };
  applied: string | null;
}) {
  const { form, fields, pending } = usePageForm(() =>
    import("~/schemas/checkout").then((schemas) => schemas.discountCodeSchema),
  );
  const expires = offer.expiresText;
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      {offer.usable && applied !== offer.code ? (
        <p className="text-sm text-slate-700" data-testid="discount-offer">
          Your discount code: <strong className="font-mono">{offer.code}</strong> ({offer.percent}% off, valid until{" "}
          {expires}).
        </p>
      ) : null}
      {applied ? null : (
        <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-start gap-3">
          <input type="hidden" name="intent" value="discount" />
          <input type="hidden" name="bookingId" value={bookingId} />
          <FormField
            meta={fields.code}
            label="Discount code"
            type="text"
            autoComplete="off"
            className="min-w-48 flex-1"
          />
          <StatusButton pending={pending} pendingText="Applying..." variant="secondary" className="mt-6">
            Apply
          </StatusButton>
          <FormErrorSummary form={form} />
        </Form>
      )}
    </div>
  );
}
