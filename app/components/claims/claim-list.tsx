// A booking's damage claims with their states, as the claim page and the tracker show them.
import type { ClaimSummary } from "~/views/claims";

export function ClaimList({ claims, headingLevel = 2 }: { claims: ClaimSummary[]; headingLevel?: 2 | 3 }) {
  if (claims.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="your-claims" className="mt-8" id="claims">
      <Heading id="your-claims" className="text-xl font-semibold text-slate-900">
        Your claims
      </Heading>
      <ul className="mt-3 space-y-3" data-testid="claim-list">
        {claims.map((claim) => (
          <li key={claim.id} className="rounded-lg border border-slate-200 p-4 text-sm">
            <p className="flex flex-wrap justify-between gap-2">
              <span>Sent {claim.sentText}</span>
              <span className="font-semibold" data-testid="claim-state">
                {claim.stateText}
              </span>
            </p>
            <p className="mt-1 text-slate-700">
              Claimed {claim.claimed}; up to {claim.payable} under your cover
              {claim.offered ? `; offered ${claim.offered}` : ""}.
            </p>
            {claim.declineReason ? <p className="mt-1 text-slate-700">Why: {claim.declineReason}</p> : null}
            {claim.paidText ? (
              <p className="mt-1 text-slate-700" data-testid="claim-paid">
                {claim.paidText}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
