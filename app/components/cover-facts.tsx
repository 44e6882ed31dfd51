// A move's cover as the quote card, checkout, confirmation and receipt show it (docs/PRICING.md v3).
// Its words come from the server (CoverView): no cover rules ship to the browser with it.
import { Link } from "@remix-run/react";
import type { CoverView } from "~/domain/goods-cover";

export function CoverFacts({ cover, className = "" }: { cover: CoverView; className?: string }) {
  return (
    <p className={`text-sm text-slate-700 ${className}`} data-testid="cover-facts">
      <span className="font-semibold text-slate-900">{cover.name}:</span> {cover.limits}{" "}
      <Link to="/cover" className="font-semibold text-blue-700 underline">
        What is covered
      </Link>
    </p>
  );
}
