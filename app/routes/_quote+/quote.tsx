import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { DetailedQuoteForm } from "~/components/quote/detailed-quote-form";
import { QuoteResult } from "~/components/quote/quote-result";
import { LiveOnFirstUse } from "~/components/ui/live-on-first-use";
import { loadQuotePage, submitQuoteForm } from "~/routes/_quote+/quote-form.server";
import { detailedQuoteSchema } from "~/schemas/quote";
import { hasRememberedAddresses } from "~/utils/remembered-addresses";
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

const loadDetailedQuoteForm = () =>
  import("~/components/quote/detailed-quote-form").then((module) => module.DetailedQuoteForm);

export default function DetailedQuote() {
  const { today, mapsKey, quote } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formProps = { lastResult: actionData?.lastResult, today, mapsKey };
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
          // The form's code loads when the visitor comes to it (live-on-first-use.tsx); at once
          // after a post or for a visitor whose last addresses fill it in.
          <LiveOnFirstUse
            name="detailed-quote-form"
            load={loadDetailedQuoteForm}
            props={formProps}
            eager={actionData ? true : hasRememberedAddresses}
          >
            {import.meta.env.SSR ? <DetailedQuoteForm {...formProps} /> : null}
          </LiveOnFirstUse>
        )}
      </div>
    </div>
  );
}
