// /admin/claims/:id: a damage claim as an admin decides it: the items claimed and
// what each may be paid, the photos and proof of value, the proof of delivery's damage notes,
// the cover and what is left of the move's limit; an offer within it, or a refusal with the
// reason. Once the customer accepts, "Pay" pays it (back to their payment, the rest by bank
// transfer), and the driver at fault may be charged an excess. Every form posts here and
// works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { StatusButton } from "~/components/ui/button";
import { ErrorSummary, fieldIdOf } from "~/components/ui/error-summary";
import { Field, TextareaField } from "~/components/ui/field";
import { countOf } from "~/domain/plural";
import { RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { adminClaimStepSchema, CLAIM_DECISION_MESSAGES, CLAIM_PAYMENT_MESSAGES } from "~/schemas/damage-claim";
import { requireAdmin } from "~/server/auth/auth.server";
import { claimForAdmin, declineClaim, offerOnClaim, type ClaimStep } from "~/server/claims/claim-decisions.server";
import { chargeDriverExcess, claimPaymentForAdmin, payClaim } from "~/server/claims/claim-payments.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction<typeof loader> = ({ matches, data: claim, params }) =>
  seo({
    title: claim ? `Claim on ${claim.booking.reference}` : "Claim",
    description: "Decide a damage claim.",
    path: `/admin/claims/${params.id ?? ""}`,
    matches,
    noindex: true,
  });

function notFound(): never {
  throw new Response(CLAIM_DECISION_MESSAGES.notFound, { status: 404, statusText: CLAIM_DECISION_MESSAGES.notFound });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const [claim, payment] = RECORD_ID_PATTERN.test(id)
    ? await Promise.all([claimForAdmin(id), claimPaymentForAdmin(id)])
    : [null, null];
  if (!claim || !payment) notFound();
  return { ...claim, payment };
}

const DONE = {
  offer: { title: CLAIM_DECISION_MESSAGES.offered, description: CLAIM_DECISION_MESSAGES.customerTold },
  decline: { title: CLAIM_DECISION_MESSAGES.declined, description: CLAIM_DECISION_MESSAGES.customerTold },
  pay: { title: CLAIM_PAYMENT_MESSAGES.paid, description: CLAIM_DECISION_MESSAGES.customerTold },
  excess: { title: CLAIM_PAYMENT_MESSAGES.excessCharged, description: CLAIM_PAYMENT_MESSAGES.excessDescription },
} as const;

const OFFER_FORM = "claim-offer";
const DECLINE_FORM = "claim-decline";
const EXCESS_FORM = "claim-excess";

type DecisionAnswer = { intent: string; errors: Record<string, string[]>; typed: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = params.id ?? "";
  if (!RECORD_ID_PATTERN.test(id)) notFound();
  const form = await request.formData();
  const typed = {
    amount: String(form.get("amount") ?? ""),
    reason: String(form.get("reason") ?? ""),
    excessAmount: String(form.get("excessAmount") ?? ""),
    excessReason: String(form.get("excessReason") ?? ""),
  };
  const intent = String(form.get("intent") ?? "");
  const parsed = adminClaimStepSchema.safeParse({ ...typed, intent });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      // An unknown intent is a form this page does not have.
      const field = issue.path[0] === "intent" ? "" : String(issue.path[0] ?? "");
      errors[field] = [field === "" ? CLAIM_DECISION_MESSAGES.unknownStep : issue.message];
    }
    return data<DecisionAnswer>({ intent, errors, typed }, { status: 400 });
  }
  const chosen = parsed.data;
  const step: ClaimStep =
    chosen.intent === "offer"
      ? await offerOnClaim(admin.id, id, chosen.amount)
      : chosen.intent === "decline"
        ? await declineClaim(admin.id, id, chosen.reason)
        : chosen.intent === "pay"
          ? await payClaim(admin.id, id)
          : await chargeDriverExcess(admin.id, id, { amountPence: chosen.excessAmount, reason: chosen.excessReason });
  if (!step.ok) {
    if (step.status === 404) notFound();
    return data<DecisionAnswer>(
      { intent, errors: { [step.field ?? ""]: [step.message] }, typed },
      { status: step.status },
    );
  }
  return redirectWithToast(request, `/admin/claims/${id}`, { ...DONE[chosen.intent], variant: "success" });
}

export default function AdminClaim() {
  const claim = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errorsOf = (intent: string, field: string) => (answer?.intent === intent ? answer.errors[field] : undefined);
  // A form's own fields' errors go in its summary; the page's (a claim changed meanwhile) at the top.
  const fieldErrorsOf = (intent: string) =>
    answer?.intent === intent
      ? Object.fromEntries(Object.entries(answer.errors).filter(([field]) => field !== ""))
      : null;
  const formErrors = answer?.errors[""];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Claim on {claim.booking.reference}</h1>
        <BackToDashboard />
      </div>
      <p className="mt-2 text-slate-700">
        <span className="font-semibold" data-testid="claim-state">
          {claim.stateText}
        </span>{" "}
        · sent {claim.sentText} · {claim.coverText} ·{" "}
        <Link to={`/admin/bookings/${claim.booking.id}`} className="text-blue-700 underline">
          Booking {claim.booking.reference}
        </Link>{" "}
        ·{" "}
        <Link to="/admin/support" className="text-blue-700 underline">
          Support desk
        </Link>
      </p>
      {formErrors?.length ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formErrors.join(" ")}
        </p>
      ) : null}

      <section aria-labelledby="items" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="items" className="text-lg font-semibold">
          Items
        </h2>
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-4">
                Item and damage
              </th>
              <th scope="col" className="py-2 pr-4">
                Claimed
              </th>
              <th scope="col" className="py-2">
                Payable under the cover
              </th>
            </tr>
          </thead>
          <tbody>
            {claim.items.map((item, index) => (
              <tr key={index} className="border-b border-slate-100">
                <td className="py-2 pr-4">{item.description}</td>
                <td className="py-2 pr-4">{item.claimed}</td>
                <td className="py-2">{item.payable}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-sm">
          Claimed {claim.claimed}; payable {claim.payable}
          {claim.offered ? `; offered ${claim.offered}` : ""}.
        </p>
        {claim.disputeReason ? (
          <p className="mt-2 text-sm">The customer disputed the offer: {claim.disputeReason}</p>
        ) : null}
        {claim.declineReason ? <p className="mt-2 text-sm">Declined: {claim.declineReason}</p> : null}
      </section>

      <section aria-labelledby="evidence" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="evidence" className="text-lg font-semibold">
          Evidence
        </h2>
        <ul className="mt-3 flex flex-wrap gap-3 text-sm">
          {claim.files.map((file) => (
            <li key={file.href}>
              <a href={file.href} className="text-blue-700 underline" target="_blank" rel="noreferrer">
                {file.label}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          Proof of delivery: {claim.proofNotes ? `damage noted: ${claim.proofNotes}` : "no damage noted"}
          {claim.proofPhotos > 0 ? `; ${countOf(claim.proofPhotos, "photo")} on the booking's page` : ""}.
        </p>
      </section>

      {claim.payment.mayPay || claim.payment.paidText ? (
        <section aria-labelledby="payment" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="payment" className="text-lg font-semibold">
            Payment
          </h2>
          <ul className="mt-3 space-y-1 text-sm" data-testid="claim-payment">
            <li>{claim.payment.refund} back to the customer&apos;s card or PayPal payment</li>
            {claim.payment.bank ? <li>{claim.payment.bank}</li> : null}
            {claim.payment.paidText ? <li>Paid {claim.payment.paidText}</li> : null}
          </ul>
          {claim.payment.mayPay ? (
            claim.payment.payBlocked ? (
              <p className="mt-3 text-sm text-amber-900">
                {CLAIM_PAYMENT_MESSAGES.needsBankDetails(claim.payment.payBlocked)}
              </p>
            ) : (
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="pay" />
                <StatusButton pending={pending("pay")} pendingText="Paying...">
                  Pay {claim.offered}
                </StatusButton>
              </Form>
            )
          ) : null}
          {claim.payment.excess ? (
            <p className="mt-3 text-sm" data-testid="claim-excess">
              Excess charged to {claim.payment.driverName ?? "the driver"}: {claim.payment.excess}
            </p>
          ) : null}
        </section>
      ) : null}

      {claim.payment.mayChargeExcess ? (
        <Form
          method="post"
          id={EXCESS_FORM}
          className="mt-6 rounded-xl border border-slate-200 bg-white p-5"
          noValidate
        >
          <h2 className="text-lg font-semibold">Charge the driver an excess</h2>
          <ErrorSummary formId={EXCESS_FORM} errors={fieldErrorsOf("excess")} />
          <p className="mt-1 text-sm text-slate-700">
            Only when {claim.payment.driverName ?? "the driver"} was at fault: up to {claim.payment.excessMax}, taken
            from their balance and next payouts, with the reason on their earnings page.
          </p>
          <input type="hidden" name="intent" value="excess" />
          <Field
            id={fieldIdOf(EXCESS_FORM, "excessAmount")}
            name="excessAmount"
            label="Excess (£)"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={answer?.intent === "excess" ? answer.typed.excessAmount : ""}
            errors={errorsOf("excess", "excessAmount")}
            className="mt-3"
          />
          <TextareaField
            id={fieldIdOf(EXCESS_FORM, "excessReason")}
            name="excessReason"
            label="Why the driver was at fault"
            rows={2}
            maxLength={500}
            defaultValue={answer?.intent === "excess" ? answer.typed.excessReason : ""}
            errors={errorsOf("excess", "excessReason")}
            className="mt-3"
          />
          <StatusButton pending={pending("excess")} pendingText="Charging..." variant="secondary" className="mt-4">
            Charge excess
          </StatusButton>
        </Form>
      ) : null}

      {claim.mayOffer || claim.mayDecline ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {claim.mayOffer ? (
            <Form method="post" id={OFFER_FORM} className="rounded-xl border border-slate-200 bg-white p-5" noValidate>
              <h2 className="text-lg font-semibold">Make an offer</h2>
              <ErrorSummary formId={OFFER_FORM} errors={fieldErrorsOf("offer")} />
              <input type="hidden" name="intent" value="offer" />
              <Field
                id={fieldIdOf(OFFER_FORM, "amount")}
                name="amount"
                label="Amount to offer (£)"
                inputMode="decimal"
                autoComplete="off"
                hint={`Up to ${claim.offerLimit}: what the items may be paid, within what is left of the move's limit.`}
                defaultValue={answer?.intent === "offer" ? answer.typed.amount : ""}
                errors={errorsOf("offer", "amount")}
                className="mt-3"
              />
              <StatusButton pending={pending("offer")} pendingText="Sending..." className="mt-4">
                Send offer
              </StatusButton>
            </Form>
          ) : null}
          {claim.mayDecline ? (
            <Form
              method="post"
              id={DECLINE_FORM}
              className="rounded-xl border border-slate-200 bg-white p-5"
              noValidate
            >
              <h2 className="text-lg font-semibold">Decline the claim</h2>
              <ErrorSummary formId={DECLINE_FORM} errors={fieldErrorsOf("decline")} />
              <input type="hidden" name="intent" value="decline" />
              <TextareaField
                id={fieldIdOf(DECLINE_FORM, "reason")}
                name="reason"
                label="Reason, for the customer"
                rows={3}
                maxLength={1000}
                defaultValue={answer?.intent === "decline" ? answer.typed.reason : ""}
                errors={errorsOf("decline", "reason")}
                className="mt-3"
              />
              <StatusButton
                pending={pending("decline")}
                pendingText="Declining..."
                variant="secondary"
                className="mt-4"
              >
                Decline claim
              </StatusButton>
            </Form>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
