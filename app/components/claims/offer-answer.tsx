// The customer's answer to an offer on their claim: accept it, or dispute it with a
// reason (the claim is reviewed again). Two small forms that post to the claim page.
import { Form, useNavigation } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import type { ClaimSummary } from "~/views/claims";

export type OfferAnswerReply = { claimId: string; errors: Record<string, string[]>; reason: string };

export function OfferAnswer({ claim, reply }: { claim: ClaimSummary; reply: OfferAnswerReply | null }) {
  const navigation = useNavigation();
  const pending = (intent: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("claimId") === claim.id;
  const mine = reply?.claimId === claim.id ? reply : null;
  return (
    <div className="mt-4 rounded-lg border border-blue-200 bg-blue-50 p-4" data-testid="offer-answer">
      <p className="font-semibold text-slate-900">We offer {claim.offered} for this claim.</p>
      {mine?.errors[""] ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {mine.errors[""].join(" ")}
        </p>
      ) : null}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Form method="post">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="claimId" value={claim.id} />
          <StatusButton pending={pending("accept")} pendingText="Accepting...">
            Accept {claim.offered}
          </StatusButton>
        </Form>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="dispute" />
          <input type="hidden" name="claimId" value={claim.id} />
          <TextareaField
            id={`dispute-${claim.id}`}
            name="reason"
            label="Or tell us why you disagree"
            rows={3}
            maxLength={1000}
            defaultValue={mine?.reason}
            errors={mine?.errors.reason}
          />
          <StatusButton pending={pending("dispute")} pendingText="Sending..." variant="secondary" className="mt-2">
            Dispute the offer
          </StatusButton>
        </Form>
      </div>
    </div>
  );
}
