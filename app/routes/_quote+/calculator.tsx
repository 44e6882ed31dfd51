import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { QuickQuoteForm } from "~/components/quote/quick-quote-form";
import { QuoteResult } from "~/components/quote/quote-result";
import { loadQuotePage, submitQuoteForm } from "~/routes/_quote+/quote-form.server";
import { quoteFormSchema } from "~/schemas/quote";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Man and Van Price Calculator",
    description: "Work out the fixed price of your man and van move from the addresses, van size and helpers.",
    path: "/calculator",
    matches,
  });

export const handle: RouteHandle = { thirdParties: ["googleMaps"], sharedRender: true };

export async function loader({ request }: LoaderFunctionArgs) {
  return loadQuotePage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitQuoteForm(request, quoteFormSchema, context);
}

export default function Calculator() {
  const { today, mapsKey, quote } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Price calculator</h1>
      <p className="mt-2 text-slate-700">Enter your addresses, van size and helpers for an instant, fixed price.</p>
      <div id="quote" className="mt-6 scroll-mt-20">
        {quote ? (
          <Suspense fallback={null}>
            <QuoteResult quote={quote} newQuoteHref="/calculator" />
          </Suspense>
        ) : (
          <div className="rounded-xl border border-slate-200 p-6 shadow-sm">
            <QuickQuoteForm
              id="calculator-form"
              variant="calculator"
              lastResult={actionData?.lastResult}
              today={today}
              mapsKey={mapsKey}
            />
          </div>
        )}
      </div>
    </div>
  );
}
