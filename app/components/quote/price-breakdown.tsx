// The price breakdown as customers see it (quote card, checkout, distance calculator): one
// row per line, with the line's note (fuel and the return journey) under it.
import { forwardRef } from "react";
import { formatDistance } from "~/domain/distance";
import type { QuoteView, RouteLeg } from "~/views/quote";

export function PriceBreakdown({
  lines,
  legs = [],
  className = "",
  testId,
}: {
  lines: QuoteView["breakdown"];
  /** A route with extra stops: its legs show under the distance line. */
  legs?: readonly RouteLeg[];
  className?: string;
  testId?: string;
}) {
  return (
    <ul className={`space-y-1 text-sm ${className}`} data-testid={testId}>
      {lines.map((line) => (
        <li key={line.key}>
          <div className={`flex justify-between gap-4 ${line.partOfAbove ? "pl-4 text-slate-700" : ""}`}>
            <span>{line.label}</span>
            <span className="font-medium">{line.amount}</span>
          </div>
          {line.note ? <p className="text-xs text-slate-600">{line.note}</p> : null}
          {legs.length > 0 && line.key === "distance" ? (
            <ol
              className="mt-1 space-y-0.5 text-xs text-slate-600"
              aria-label="Legs of the route"
              data-testid="route-legs"
            >
              {legs.map((leg, index) => (
                <li key={index}>
                  Leg {index + 1}: {leg.from} to {leg.to}, {formatDistance(leg.miles)}
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** the distance service failed, so the price shown is an estimate. */
export function EstimateNotice({ miles, children }: { miles: number; children: React.ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="estimate-notice"
    >
      <p className="font-semibold">Quote Generation Failed</p>
      <p className="mt-1">
        We could not measure the distance between these addresses just now, so this price is an estimate for a {miles}
        -mile move with the options you chose. {children}
      </p>
    </div>
  );
}

/** The result's heading: "Quote Ready", or "Using Estimated Quote" when the distance is an estimate. */
export const QuoteBadge = forwardRef<HTMLHeadingElement, { estimate: boolean; id?: string }>(function QuoteBadge(
  { estimate, id },
  ref,
) {
  return (
    <h2
      ref={ref}
      id={id}
      tabIndex={-1}
      className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${estimate ? "bg-amber-100 text-amber-900" : "bg-green-100 text-green-800"}`}
    >
      {estimate ? "Using Estimated Quote" : "Quote Ready"}
    </h2>
  );
});
