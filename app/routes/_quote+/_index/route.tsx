import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessJsonLd } from "~/components/content/business-json-ld";
import { About } from "~/components/home/about";
import { AreasServed } from "~/components/home/areas";
import { ClosingCta } from "~/components/home/closing-cta";
import { Faq } from "~/components/home/faq";
import { Hero } from "~/components/home/hero";
import { HowItWorks } from "~/components/home/how-it-works";
import { VanGuide } from "~/components/home/van-guide";
import { QuoteCard } from "~/components/quote/quote-card";
import { QuoteForm } from "~/components/quote/quote-form";
import { loadQuotePage, submitQuoteForm } from "~/routes/_quote+/quote-form.server";
import { quoteFormSchema } from "~/schemas/quote";
import { nullWhileDatabaseIsDown } from "~/server/platform/db-errors.server";
import { env } from "~/server/platform/env.server";
import type { RouteHandle } from "~/utils/route-handle";
import { HOME_META, seo } from "~/utils/seo";
import { getNetworkStats } from "./network-stats.server";

export const meta: MetaFunction = ({ matches }) => seo({ ...HOME_META, path: "/", matches });

export const handle: RouteHandle = { thirdParties: ["googleMaps"], sharedRender: true };

export async function loader({ request }: LoaderFunctionArgs) {
  // Without the database the home page still serves its form (a degraded page, no figures).
  const [stats, quotePage] = await Promise.all([nullWhileDatabaseIsDown(getNetworkStats()), loadQuotePage(request)]);
  return { stats: stats ?? undefined, heroImageUrl: env.HERO_IMAGE_URL, ...quotePage };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitQuoteForm(request, quoteFormSchema, context);
}

export default function Home() {
  const { stats, heroImageUrl, today, mapsKey, quote } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const quoteForm = quote ? (
    <QuoteCard quote={quote} newQuoteHref="/#quote" />
  ) : (
    <div className="rounded-xl bg-white p-6 text-slate-900 shadow-xl">
      <h2 className="mb-4 text-2xl font-bold">Get an instant quote</h2>
      <QuoteForm
        id="home-quote-form"
        variant="home"
        lastResult={actionData?.lastResult}
        today={today}
        mapsKey={mapsKey}
      />
    </div>
  );
  return (
    <>
      <Hero quoteForm={quoteForm} imageUrl={heroImageUrl} stats={stats} />
      <HowItWorks />
      <About />
      <VanGuide />
      <AreasServed />
      <Faq />
      <ClosingCta />
      <BusinessJsonLd />
    </>
  );
}
