import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
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
  return { stats: await getNetworkStats() };
}

const SECTIONS = [
  { id: "how-it-works", title: "How It Works", text: "Get an instant fixed price, book and pay online, then follow your driver live." },
  { id: "about", title: "About Us", text: "A marketplace of vetted, insured independent drivers with honest, fixed prices." },
  { id: "van-guide", title: "Van Size Guide", text: "Small, medium, large and Luton vans for every size of move." },
  { id: "areas", title: "Areas We Cover", text: "London, Essex, the North East and the West Midlands." },
  { id: "faq", title: "Frequently Asked Questions", text: "Answers about pricing, booking, our service and our policies." },
];

export default function Home() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <>
      <section id="quote" className="bg-gradient-to-br from-blue-800 to-blue-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20">
          <h1 className="max-w-2xl text-4xl font-extrabold sm:text-5xl">Man and van with an instant, fixed price</h1>
          <p className="mt-4 max-w-xl text-lg text-blue-50">
            House moves, office moves and furniture delivery. Book online and follow your driver live.
          </p>
          <p className="mt-6 text-blue-50" data-testid="network-stats">
            {stats.approvedDrivers} vetted drivers · {stats.completedMoves} completed moves
          </p>
        </div>
      </section>
      {SECTIONS.map((section) => (
        <section key={section.id} id={section.id} className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12">
          <h2 className="text-2xl font-bold">{section.title}</h2>
          <p className="mt-2 text-slate-700">{section.text}</p>
        </section>
      ))}
    </>
  );
}
