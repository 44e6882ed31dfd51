import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { DetailedQuoteForm } from "~/components/quote/detailed-quote-form";
import { QuoteResult } from "~/components/quote/quote-result";
import { loadQuotePage, submitQuoteForm } from "~/routes/_quote+/quote-form.server";
import { detailedQuoteSchema } from "~/schemas/quote";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Detailed Moving Quote",
    description: "List the items you are moving, with floors, lifts and helpers, for an exact fixed price.",
    path: "/quote",
    matches,
  });

export const handle: RouteHandle = { thirdParties: ["googleMaps"], sharedRender: true };

export async function loader({ request }: LoaderFunctionArgs) {
  return loadQuotePage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitQuoteForm(request, detailedQuoteSchema, context);
}

export default function DetailedQuote() {
  const { today, mapsKey, quote } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Detailed quote</h1>
      <p className="mt-2 text-slate-700">Tell us what you are moving for a price that fits your move exactly.</p>
      <div id="quote" className="mt-6 scroll-mt-20">
        {quote ? (
          <Suspense fallback={null}>
            <QuoteResult quote={quote} newQuoteHref="/quote" />
          </Suspense>
        ) : (
          <DetailedQuoteForm lastResult={actionData?.lastResult} today={today} mapsKey={mapsKey} />
        )}
      </div>
    </div>
  );
}
