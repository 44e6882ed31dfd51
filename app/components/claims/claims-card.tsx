// The tracker's cover and claims card: the customer's claims with their states,
// and "Make a claim" for 7 days from delivery. Loaded only on a completed move's tracker.
import { Link } from "@remix-run/react";
import type { ClaimSummary } from "~/views/claims";
import { ClaimList } from "./claim-list";

export function ClaimsCard({
  bookingId,
  claims,
}: {
  bookingId: string;
  claims: { canClaim: boolean; windowText: string; list: ClaimSummary[] };
}) {
  return (
    <section
      aria-labelledby="claims-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="claims-card"
    >
      <h2 id="claims-heading" className="text-lg font-semibold text-slate-900">
        Damage and claims
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {claims.canClaim ? "Something damaged in the move? Claim under your cover. " : null}
        {claims.windowText}{" "}
        <Link to={`/bookings/${bookingId}/claim`} className="font-semibold text-blue-700 underline">
          {claims.canClaim ? "Make a claim" : "See your claims"}
        </Link>
      </p>
      <ClaimList claims={claims.list} headingLevel={3} />
    </section>
  );
}
