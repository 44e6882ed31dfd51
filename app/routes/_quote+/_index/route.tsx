import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { About } from "~/components/home/about";
import { AreasServed } from "~/components/home/areas";
import { ClosingCta } from "~/components/home/closing-cta";
import { Faq } from "~/components/home/faq";
import { Hero } from "~/components/home/hero";
import { HomeJsonLd } from "~/components/home/home-json-ld";
import { HowItWorks } from "~/components/home/how-it-works";
import { VanGuide } from "~/components/home/van-guide";
import { LiveOnFirstUse } from "~/components/ui/live-on-first-use";
import { ServerHtml } from "~/components/ui/server-html";
import { loadQuotePage, submitQuoteForm } from "~/routes/_quote+/quote-form.server";
import { quoteFormSchema } from "~/schemas/quote";
import { nullWhileDatabaseIsDown } from "~/server/platform/db-errors.server";
import { env } from "~/server/platform/env.server";
import { hasRememberedAddresses } from "~/utils/remembered-addresses";
import type { RouteHandle } from "~/utils/route-handle";
import { HOME_META, seo } from "~/utils/seo";
import { homeContent } from "./home-content.server";
import { HomeQuoteForm } from "./home-quote-form";
import { getNetworkStats } from "./network-stats.server";

export const meta: MetaFunction = ({ matches }) => seo({ ...HOME_META, path: "/", matches });

export const handle: RouteHandle = { thirdParties: ["googleMaps"], sharedRender: true };

export async function loader({ request }: LoaderFunctionArgs) {
  // Without the database the home page still serves its form (a degraded page, no figures).
  const [stats, quotePage] = await Promise.all([nullWhileDatabaseIsDown(getNetworkStats()), loadQuotePage(request)]);
  return { stats: stats ?? undefined, heroImageUrl: env.HERO_IMAGE_URL, ...quotePage, ...homeContent(request) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitQuoteForm(request, quoteFormSchema, context);
}

const loadHomeQuoteForm = () => import("./home-quote-form").then((module) => module.HomeQuoteForm);

export default function Home() {
  const { stats, heroImageUrl, today, mapsKey, quote, faq } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const quoteFormProps = { quote, lastResult: actionData?.lastResult, today, mapsKey };
  // The form's code loads when the visitor comes to it (live-on-first-use.tsx); at once when
  // they are already using it (an answer to show) or priced a move here before.
  const quoteForm = (
    <LiveOnFirstUse
      name="home-quote-form"
      load={loadHomeQuoteForm}
      props={quoteFormProps}
      eager={quote || actionData ? true : hasRememberedAddresses}
    >
      {import.meta.env.SSR ? <HomeQuoteForm {...quoteFormProps} /> : null}
    </LiveOnFirstUse>
  );
  return (
    <>
      <Hero quoteForm={quoteForm} imageUrl={heroImageUrl} stats={stats} />
      {/* The sections that never change in the browser: HTML only, not hydrated (server-html.tsx). */}
      <ServerHtml name="home-sections">
        {import.meta.env.SSR ? (
          <>
            <HowItWorks />
            <About />
            <VanGuide />
            <AreasServed />
          </>
        ) : null}
      </ServerHtml>
      <Faq faq={faq} />
      <ServerHtml name="home-closing">
        {import.meta.env.SSR ? (
          <>
            <ClosingCta />
            {/* For search engines: not in the loader's data, so not in the page twice. */}
            <HomeJsonLd />
          </>
        ) : null}
      </ServerHtml>
    </>
  );
}
