// /bookings/:id/claim: the customer's damage claim under the move's cover, for 7
// days from delivery, and the claims made with their states. Reached from the tracker and
// /bookings. After the 7 days the form is gone and the page says why. Here the customer also
// answers an offer, and gives the bank account for the part of an accepted offer that is more
// than is left of their payment.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BankDetailsForm } from "~/components/bank-details-form";
import { ClaimForm, type ClaimAnswer } from "~/components/claims/claim-form";
import { ClaimList } from "~/components/claims/claim-list";
import { OfferAnswer, type OfferAnswerReply } from "~/components/claims/offer-answer";
import { CoverFacts } from "~/components/cover-facts";
import { countOf } from "~/domain/plural";
import { RECORD_ID_PATTERN } from "~/schemas/admin-bookings-messages";
import { bankDetailsSchema } from "~/schemas/bank-details";
import {
  CLAIM_DECISION_MESSAGES,
  CLAIM_MESSAGES,
  CLAIM_PAYMENT_MESSAGES,
  offerAnswerSchema,
} from "~/schemas/damage-claim";
import { requireUser } from "~/server/auth/auth.server";
import { answerOffer } from "~/server/claims/claim-decisions.server";
import { saveClaimBankDetails } from "~/server/claims/claim-payments.server";
import { claimPageFor, receiveClaim, submitClaim } from "~/server/claims/damage-claims.server";
import { boundedFormData } from "~/server/platform/form-body.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { trackerPath } from "~/utils/tracker-path";

export const handle: RouteHandle = { largeBody: true };

export const meta: MetaFunction<typeof loader> = ({ matches, data: page, params }) =>
  seo({
    title: page ? `Claim for damage, ${page.booking.reference}` : "Claim for damage",
    description: "Claim for goods damaged in your move, under its cover.",
    path: `/bookings/${params.id ?? ""}/claim`,
    matches,
    noindex: true,
  });

function notFound(): never {
  throw new Response(CLAIM_MESSAGES.notFound, { status: 404, statusText: CLAIM_MESSAGES.notFound });
}

async function pageOf(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const page = id && RECORD_ID_PATTERN.test(id) ? await claimPageFor(id, user) : null;
  if (!page) notFound();
  return { user, page };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return (await pageOf(request, params.id)).page;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, page } = await pageOf(request, params.id);
  const bookingId = page.booking.id;
  // An answer to an offer (a small urlencoded form), not a new claim.
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
    return answerTheOffer(request, user, bookingId, page.claims);
  if (!page.open)
    return data<ClaimAnswer>({ errors: { "": [page.closedBecause!] }, fields: { items: [] } }, { status: 409 });
  const received = await receiveClaim(request, bookingId);
  if (!received.ok)
    return data<ClaimAnswer>({ errors: received.errors, fields: received.fields }, { status: received.status });
  const made = await submitClaim({ bookingId, user, claim: received });
  if (!made.ok)
    return data<ClaimAnswer>({ errors: { "": [made.message] }, fields: received.fields }, { status: made.status });
  return redirectWithToast(request, `${trackerPath(bookingId)}#claims`, {
    title: CLAIM_MESSAGES.sent,
    description: CLAIM_MESSAGES.sentDescription,
    variant: "success",
  });
}

/**
 * The customer accepts an offer on one of this booking's claims, disputes it with a reason, or
 * gives the bank account for its bank part.
 */
async function answerTheOffer(request: Request, user: { id: string }, bookingId: string, claims: { id: string }[]) {
  const form = await boundedFormData(request);
  const claimId = String(form.get("claimId") ?? "");
  const intent = form.get("intent");
  const reason = String(form.get("reason") ?? "");
  if (!claims.some((claim) => claim.id === claimId)) notFound();
  if (intent === "bank") return saveBankDetails(request, user, bookingId, claimId, form);
  const answer = offerAnswerSchema.safeParse({ intent, reason });
  if (!answer.success) {
    if (intent !== "accept" && intent !== "dispute") notFound();
    return data<OfferAnswerReply>(
      { claimId, errors: { reason: [CLAIM_DECISION_MESSAGES.disputeReason] }, reason },
      { status: 400 },
    );
  }
  const step = await answerOffer(
    user,
    claimId,
    answer.data.intent === "accept" ? { accept: true } : { accept: false, reason: answer.data.reason },
  );
  if (!step.ok)
    return data<OfferAnswerReply>(
      { claimId, errors: { [step.field ?? ""]: [step.message] }, reason },
      { status: step.status },
    );
  return redirectWithToast(request, `/bookings/${bookingId}/claim`, {
    title: intent === "accept" ? CLAIM_DECISION_MESSAGES.accepted : CLAIM_DECISION_MESSAGES.disputed,
    description: intent === "accept" ? CLAIM_DECISION_MESSAGES.acceptedDescription : CLAIM_MESSAGES.sentDescription,
    variant: "success",
  });
}

/** The account the claim's bank part is paid into (the account number never comes back to the page). */
async function saveBankDetails(
  request: Request,
  user: { id: string },
  bookingId: string,
  claimId: string,
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: bankDetailsSchema });
  if (submission.status !== "success")
    return data<BankAnswer>(
      { claimId, bankForm: submission.reply({ hideFields: ["accountNumber"] }) },
      { status: 400 },
    );
  const saved = await saveClaimBankDetails(user, claimId, submission.value);
  if (!saved.ok)
    return data<BankAnswer>(
      { claimId, bankForm: submission.reply({ formErrors: [saved.message], hideFields: ["accountNumber"] }) },
      { status: saved.status },
    );
  return redirectWithToast(request, `/bookings/${bookingId}/claim`, {
    title: CLAIM_PAYMENT_MESSAGES.bankSaved,
    description: CLAIM_PAYMENT_MESSAGES.bankSavedDescription(submission.value.accountNumber.slice(-4)),
    variant: "success",
  });
}

type BankAnswer = { claimId: string; bankForm: SubmissionResult<string[]> };

export default function ClaimPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const answer = reply && "fields" in reply ? reply : undefined;
  const offerReply = reply && "errors" in reply && "claimId" in reply ? reply : null;
  const bankReply = reply && "bankForm" in reply ? reply : null;
  const offered = page.claims.filter((claim) => claim.state === "offered");
  const newClaim = (
    <>
      {page.damageNotes.length > 0 || page.proofPhotoCount > 0 ? (
        <div className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
          <p className="font-semibold">Added to your claim from the proof of delivery</p>
          {page.damageNotes.map((notes) => (
            <p key={notes} className="mt-1">
              Damage noted: {notes}
            </p>
          ))}
          {page.proofPhotoCount > 0 ? (
            <p className="mt-1">{countOf(page.proofPhotoCount, "photo")} taken at delivery.</p>
          ) : null}
        </div>
      ) : null}
      <ClaimForm
        action={`/bookings/${page.booking.id}/claim`}
        itemLimit={page.itemLimit}
        maxPhotos={page.maxPhotos}
        answer={answer}
      />
    </>
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-medium text-slate-600">Booking {page.booking.reference}</p>
      <h1 className="text-3xl font-bold text-slate-900">Claim for damage</h1>
      <CoverFacts cover={page.cover} className="mt-3" />
      {offered.map((claim) => (
        <OfferAnswer key={claim.id} claim={claim} reply={offerReply} />
      ))}
      {page.claims
        .filter((claim) => claim.bankNeeded)
        .map((claim) => (
          <section key={claim.id} aria-labelledby={`bank-${claim.id}-heading`} className="mt-6">
            <h2 id={`bank-${claim.id}-heading`} className="text-xl font-semibold text-slate-900">
              Where we pay {claim.bankNeeded}
            </h2>
            <BankDetailsForm
              key={claim.bankLast4 ?? "none"} // a fresh form once the details are saved
              id={`bank-${claim.id}`}
              hidden={{ intent: "bank", claimId: claim.id }}
              lastResult={bankReply?.claimId === claim.id ? bankReply.bankForm : null}
              intro={
                claim.bankLast4
                  ? `We will pay ${claim.bankNeeded} by bank transfer into your account ending ${claim.bankLast4}. Enter new details to change it.`
                  : CLAIM_PAYMENT_MESSAGES.bankNeeded(claim.bankNeeded!)
              }
              submitText="Save bank details"
            />
          </section>
        ))}
      {page.open ? (
        <p className="mt-3 text-slate-700" data-testid="claim-limit-left">
          {CLAIM_MESSAGES.windowOpen(page.lastDayText!)} Left of your move&apos;s limit:{" "}
          <strong>{page.moveLeft}</strong>.
        </p>
      ) : (
        <p
          role="status"
          className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950"
          data-testid="claims-closed"
        >
          {page.closedBecause}
        </p>
      )}
      <ClaimList claims={page.claims} />
      {page.open && page.claims.length === 0 ? newClaim : null}
      {page.open && page.claims.length > 0 ? (
        // A claim is under way: the form for another waits behind its own button (open again
        // when the form came back with problems).
        <details className="group mt-8" open={Boolean(answer)} data-testid="another-claim">
          <summary className="inline-flex cursor-pointer rounded-md border border-blue-700 px-4 py-2 font-semibold text-blue-700 hover:bg-blue-50">
            Claim for another item
          </summary>
          {newClaim}
        </details>
      ) : null}
      <p className="mt-8">
        <Link to={trackerPath(page.booking.id)} className="font-semibold text-blue-700 underline">
          Back to your booking
        </Link>
      </p>
    </div>
  );
}
