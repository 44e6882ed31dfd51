// The quote result: "Quote Ready" (or, when the distance service failed, "Using Estimated
// Quote" and why), the price, distance, time, a breakdown that opens without JavaScript
// (<details>), the driver's share and "Proceed to Checkout" (a POST).
import { Form, Link } from "@remix-run/react";
import { useEffect } from "react";
import { CoverFacts } from "~/components/cover-facts";
import { useArrivalFocus } from "~/components/ui/announcer";
import { formatDistance } from "~/domain/distance";
import { rememberAddresses } from "~/utils/remembered-addresses";
import type { QuoteView } from "~/views/quote";
import { EstimateNotice, PriceBreakdown, QuoteBadge } from "./price-breakdown";
import { RouteEntries } from "./route-stops";

export function QuoteCard({ quote, newQuoteHref }: { quote: QuoteView; newQuoteHref: string }) {
  // A quote that a submit brings in place of the form: its heading takes focus, its price is said.
  const headingRef = useArrivalFocus<HTMLHeadingElement>(
    `${quote.estimate ? "Estimated quote" : "Quote ready"}: ${quote.total}, including VAT`,
  );
  useEffect(() => {
    rememberAddresses({ pickupAddress: quote.pickupAddress, deliveryAddress: quote.deliveryAddress });
  }, [quote.pickupAddress, quote.deliveryAddress]);

  return (
    <section
      aria-labelledby="quote-ready"
      className="rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-lg"
      data-testid="quote-card"
    >
      <QuoteBadge id="quote-ready" estimate={quote.estimate} ref={headingRef} />
      {quote.estimate ? (
        <div className="mt-4">
          <EstimateNotice miles={quote.distanceMiles}>
            Checkout measures the distance again and gives your fixed price.
          </EstimateNotice>
        </div>
      ) : null}
      <p className="mt-4 text-4xl font-extrabold" data-testid="quote-total">
        {quote.total}
      </p>
      <p className="text-sm text-slate-600">
        {quote.estimate ? "Estimated price including VAT" : "Fixed price including VAT"}
      </p>

      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">Distance</dt>
          <dd className="font-semibold" data-testid="quote-distance">
            {formatDistance(quote.distanceMiles)}
            {quote.distanceNote ? <span className="font-normal text-slate-600"> {quote.distanceNote}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Estimated time</dt>
          <dd className="font-semibold">{quote.estimatedTime}</dd>
        </div>
        <RouteEntries
          pickupAddress={quote.pickupAddress}
          deliveryAddress={quote.deliveryAddress}
          stops={quote.stops}
          labels={["From", "To"]}
        />
      </dl>

      {/* The summary's words follow the open state by CSS alone, so they change without JavaScript. */}
      <details className="group mt-4 rounded-md border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-semibold text-blue-700">
          <span className="group-open:hidden">Show price breakdown</span>
          <span className="hidden group-open:inline">Hide price breakdown</span>
        </summary>
        <PriceBreakdown lines={quote.breakdown} legs={quote.legs} className="mt-3" testId="quote-breakdown" />
        <p className="mt-3 text-xs text-slate-600">{quote.explanation}</p>
      </details>

      <p className="mt-4 rounded-md bg-blue-50 p-3 text-sm text-blue-900">
        Your driver receives <strong>{quote.driverShare}</strong> of this price.
      </p>
      <CoverFacts cover={quote.cover} className="mt-3" />

      <Form method="post" action="/checkout" reloadDocument className="mt-5">
        <input type="hidden" name="quoteId" value={quote.id} />
        <button
          type="submit"
          className="w-full rounded-md bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800"
        >
          Proceed to Checkout
        </button>
      </Form>
      <Link to={newQuoteHref} className="mt-3 block text-center text-sm font-medium text-blue-700 hover:underline">
        Start a new quote
      </Link>
    </section>
  );
}
