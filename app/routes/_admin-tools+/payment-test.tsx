// /payment-test (admins only, docs/decisions/008-admin-only-payment-tools.md): an amount and a provider; submitting asks that
// provider for a payment it never takes (a PaymentIntent or a PayPal order), which proves the
// keys work without charging anyone.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import {
  cardTestProvider,
  createTestPayment,
  type PaymentTestResult,
} from "~/routes/_admin-tools+/payment-test.server";
import { paymentTestSchema } from "~/schemas/payment-test";
import { PAYMENT_TEST_DEFAULT_AMOUNT, PAYMENT_TEST_MESSAGES } from "~/schemas/payment-test-messages";
import { requireAdmin } from "~/server/auth/auth.server";
import { paymentRefusal } from "~/server/bookings/payment-refusals.server";
import { paypalConfigured } from "~/server/payments/paypal.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { usePending } from "~/utils/use-pending";
import { useValidatedForm } from "~/utils/use-validated-form";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Payment Test",
    description: "Checks that the payment providers' keys work.",
    path: "/payment-test",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { card: await cardTestProvider(), paypal: await paypalConfigured() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: paymentTestSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (submission.value.provider === "paypal" && !(await paypalConfigured())) {
    return data(submission.reply({ fieldErrors: { provider: [PAYMENT_TEST_MESSAGES.paypalNotConfigured] } }), {
      status: 400,
    });
  }
  try {
    const result = await createTestPayment(
      { amountPence: submission.value.amount, provider: submission.value.provider },
      admin,
    );
    return { ...submission.reply(), result };
  } catch (error) {
    const refusal = paymentRefusal(error);
    if (!refusal) throw error;
    return data(submission.reply({ formErrors: [refusal.message] }), { status: refusal.status });
  }
}

type ActionData = SubmissionResult<string[]> & { result?: PaymentTestResult };

const CARD_LABELS = {
  stripe: "Card — Stripe",
  sandbox: "Card — sandbox (Stripe is not configured)",
  unavailable: "Card (not configured)",
} as const;

export default function PaymentTestPage() {
  const { card, paypal } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const pending = usePending();
  const [form, fields] = useValidatedForm(
    () => import("~/schemas/payment-test").then((schemas) => schemas.paymentTestSchema),
    {
      lastResult: actionData,
      pending,
      defaultValue: { amount: PAYMENT_TEST_DEFAULT_AMOUNT, provider: "card" },
    },
  );
  const result = pending ? null : actionData?.result;
  const options = [
    { value: "card", label: CARD_LABELS[card], disabled: card === "unavailable" },
    { value: "paypal", label: paypal ? "PayPal" : "PayPal (not configured)", disabled: !paypal },
  ];

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Payment test</h1>
      <p className="mt-2 text-slate-700">
        Asks a payment provider for a payment of this amount and shows its answer. The payment is never confirmed, so no
        one is charged.
      </p>

      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <FormField
          meta={fields.amount}
          label="Amount (£)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-required="true"
        />
        <fieldset aria-describedby={fields.provider.errors?.length ? `${fields.provider.id}-error` : undefined}>
          <legend className="mb-1 block text-sm font-medium text-slate-800">Provider</legend>
          <div className="space-y-2">
            {options.map((option) => {
              const { key, ...radio } = getInputProps(fields.provider, { type: "radio", value: option.value });
              return (
                <label key={key ?? option.value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    {...radio}
                    id={`${fields.provider.id}-${option.value}`}
                    disabled={option.disabled}
                    className="size-4 text-blue-700 focus:ring-blue-600"
                  />
                  {option.label}
                </label>
              );
            })}
          </div>
          <div aria-live="polite">
            <ErrorList id={`${fields.provider.id}-error`} errors={fields.provider.errors} />
          </div>
        </fieldset>
        <FormErrorSummary form={form} />
        <StatusButton pending={pending} pendingText="Asking the provider…">
          Create test payment
        </StatusButton>
      </Form>

      <div aria-live="polite" className="mt-6">
        {result ? (
          <section
            aria-labelledby="payment-test-result"
            className="rounded-xl border border-green-200 bg-green-50 p-5"
            data-testid="payment-test-result"
          >
            <h2 id="payment-test-result" className="text-lg font-semibold text-green-900">
              The provider answered
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium text-slate-700">Provider</dt>
              <dd data-testid="result-provider">{result.providerName}</dd>
              <dt className="font-medium text-slate-700">Amount</dt>
              <dd data-testid="result-amount">{result.amount}</dd>
              <dt className="font-medium text-slate-700">ID</dt>
              <dd className="break-all font-mono" data-testid="result-id">
                {result.id}
              </dd>
              <dt className="font-medium text-slate-700">Status</dt>
              <dd data-testid="result-status">{result.statusText}</dd>
            </dl>
          </section>
        ) : null}
      </div>
    </div>
  );
}
