import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BusinessJsonLd } from "~/components/content/business-json-ld";
import { About } from "~/components/home/about";
import { AreasServed } from "~/components/home/areas";
import { ClosingCta } from "~/components/home/closing-cta";
import { Faq } from "~/components/home/faq";
import { Hero } from "~/components/home/hero";
import { HowItWorks } from "~/components/home/how-it-works";
import { VanGuide } from "~/components/home/van-guide";
import { env } from "~/server/env.server";
import { getNetworkStats } from "~/server/stats.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "EasyMove: Man and Van with Instant Fixed Prices",
    description:
      "Instant, fixed-price man and van quotes for house moves, office moves and furniture delivery in London, Essex, the North East and the West Midlands.",
    path: "/",
    matches,
  });

export async function loader(_: LoaderFunctionArgs) {
  return { stats: await getNetworkStats(), heroImageUrl: env.HERO_IMAGE_URL };
}

/** Stands in for the hero quote form until the quote form (issue 3) replaces it. */
function QuoteCardPlaceholder() {
  return (
    <div className="rounded-xl bg-white p-6 text-slate-900 shadow-xl">
      <h2 className="text-2xl font-bold">Get an instant quote</h2>
      <p className="mt-2 text-slate-700">Fixed prices for any van size, VAT included.</p>
      <Link to="/calculator" className="mt-6 inline-block rounded-md bg-blue-700 px-5 py-3 font-semibold text-white hover:bg-blue-800">
        Get a price
      </Link>
    </div>
  );
}

export default function Home() {
  const { stats, heroImageUrl } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero quoteForm={<QuoteCardPlaceholder />} imageUrl={heroImageUrl} stats={stats} />
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
