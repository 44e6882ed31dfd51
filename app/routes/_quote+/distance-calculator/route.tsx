import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CoverFacts } from "~/components/cover-facts";
import { PriceBreakdown } from "~/components/quote/price-breakdown";
import { LiveOnFirstUse } from "~/components/ui/live-on-first-use";
import { formatDistance, formatDuration } from "~/domain/distance";
import { VAN_LABELS, type VanSize } from "~/domain/vans";
import { clientAddress } from "~/server/platform/client-address.server";
import { env } from "~/server/platform/env.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { DistanceCalculatorForm } from "./distance-calculator-form";
import { submitDistanceCalculator } from "./distance-calculator.server";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "UK Moving Distance Calculator",
    description: "Road distance and driving time between two UK addresses, with an instant man and van price.",
    path: "/distance-calculator",
    matches,
  });

export const handle: RouteHandle = { thirdParties: ["googleMaps"], sharedRender: true };

export async function loader(_: LoaderFunctionArgs) {
  return { mapsKey: env.GOOGLE_MAPS_BROWSER_KEY ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitDistanceCalculator(request, clientAddress(context));
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

const loadForm = () => import("./distance-calculator-form").then((module) => module.DistanceCalculatorForm);

export default function DistanceCalculator() {
  const { mapsKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const formProps = { mapsKey, lastResult: result?.lastResult };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Distance calculator</h1>
      <p className="mt-2 text-slate-700">
        Road distance and driving time between two addresses (and up to 4 stops on the way), and a price for the move.
      </p>

      {/* The form's code loads when the visitor comes to it (live-on-first-use.tsx), or at once
          with an answer to show. */}
      <LiveOnFirstUse name="distance-calculator" load={loadForm} props={formProps} eager={Boolean(result)}>
        {import.meta.env.SSR ? <DistanceCalculatorForm {...formProps} /> : null}
      </LiveOnFirstUse>

      {result?.failure ? (
        <div
          role="alert"
          className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-800"
          data-testid="calculator-error"
        >
          {result.failure}
        </div>
      ) : null}

      {result?.distance ? (
        <section
          aria-labelledby="distance-result"
          className="mt-6 rounded-xl border border-slate-200 p-6"
          data-testid="distance-result"
        >
          <h2 id="distance-result" className="text-xl font-bold">
            Distance result
          </h2>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            <Row label="From" value={result.distance.origin} />
            <Row label="To" value={result.distance.destination} />
            <Row
              label="Distance"
              value={[formatDistance(result.distance.distance), result.distance.note].filter(Boolean).join(" ")}
              testId="result-distance"
            />
            <Row label="Estimated time" value={formatDuration(result.distance.estimatedTime)} testId="result-time" />
            <Row label="Google Maps used" value={yesNo(result.distance.usingGoogleMaps)} />
            <Row label="Exact calculation" value={yesNo(result.distance.exactCalculation)} />
            <Row label="Method" value={result.distance.calculationMethod} />
          </dl>
          {result.distance.legs.length > 1 ? (
            <>
              <h3 className="mt-4 font-semibold">Legs of the route</h3>
              <ol className="mt-2 space-y-1 text-sm" data-testid="distance-legs">
                {result.distance.legs.map((leg, index) => (
                  <li key={index}>
                    Leg {index + 1}: {leg.origin} to {leg.destination}, {formatDistance(leg.distance)},{" "}
                    {formatDuration(leg.estimatedTime)}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </section>
      ) : null}

      {result?.quote ? (
        <section
          aria-labelledby="quote-result"
          className="mt-6 rounded-xl border border-slate-200 p-6"
          data-testid="calculator-quote"
        >
          <h2 id="quote-result" className="text-xl font-bold">
            {result.quote.kind === "detailed" ? "Detailed quote" : "Simple quote"}
          </h2>
          <p className="mt-2 text-3xl font-extrabold">{result.quote.total}</p>
          <p className="text-sm text-slate-600">Total price including VAT</p>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            <Row label="Van size" value={VAN_LABELS[result.quote.vanSize as VanSize]} />
            <Row
              label="Distance"
              value={[formatDistance(result.quote.distanceMiles), result.quote.distanceNote].filter(Boolean).join(" ")}
            />
            <Row label="VAT" value={result.quote.vat} />
            <Row label="Driver share" value={result.quote.driverShare} />
            <Row label="Platform fee" value={result.quote.platformFee} />
          </dl>
          <h3 className="mt-4 font-semibold">Price breakdown</h3>
          <PriceBreakdown lines={result.quote.breakdown} legs={result.quote.legs} className="mt-2" />
          <p className="mt-3 text-sm text-slate-700">{result.quote.explanation}</p>
          <CoverFacts cover={result.quote.cover} className="mt-3" />
          <Form method="post" action="/checkout" reloadDocument className="mt-4">
            <input type="hidden" name="quoteId" value={result.quote.id} />
            <button
              type="submit"
              className="rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800"
            >
              Proceed to Checkout
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
