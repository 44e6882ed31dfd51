// Admin-only: the three preset cases priced by the pricing module, every line shown.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { calculatePrice, toApiQuote, type PriceInput } from "~/domain/pricing";
import { requireAdmin } from "~/server/auth/auth.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Test Detailed Quotes",
    description: "Preset quote cases for checking prices.",
    path: "/test-detailed-quotes",
    matches,
    noindex: true,
  });

// docs/PRICING.md's worked examples and a central London evening move, so every rule is at work.
const PRESET_QUOTES: readonly { title: string; input: PriceInput }[] = [
  {
    title: "Chelmsford to Witham, medium van, first floor (docs/PRICING.md case A)",
    input: {
      distanceMiles: 12,
      vanSize: "medium",
      helpers: 1,
      floorAccessPickup: "firstFloor",
      moveDate: "2027-03-03",
      moveTime: "09:00",
      pickupAddress: "Chelmsford CM1 1HL",
      deliveryAddress: "Witham CM8 2AF",
    },
  },
  {
    title: "Newcastle NE1 to NE2, small van (docs/PRICING.md case B, minimum charge)",
    input: {
      distanceMiles: 2,
      vanSize: "small",
      moveDate: "2027-03-04",
      pickupAddress: "Newcastle NE1 6EE",
      deliveryAddress: "Newcastle NE2 2AL",
    },
  },
  {
    title: "Central London on a Saturday evening, luton, express, 45 items",
    input: {
      distanceMiles: 5.4,
      vanSize: "luton",
      helpers: 1,
      urgency: "express",
      floorAccessPickup: "thirdFloorPlus",
      floorAccessDelivery: "secondFloor",
      liftAvailablePickup: true,
      liftAvailableDelivery: true,
      moveDate: "2027-03-06",
      moveTime: "18:30",
      pickupAddress: "10 Gresham Street, London EC2V 7JD",
      deliveryAddress: "88 Clapham High Street, London SW4 7UL",
      items: [
        { name: "Boxes", quantity: 40 },
        { name: "Sofa", quantity: 2 },
        { name: "Wardrobe", quantity: 3, requiresDisassembly: true },
      ],
    },
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return {
    cases: PRESET_QUOTES.map((preset) => ({ title: preset.title, quote: toApiQuote(calculatePrice(preset.input)) })),
  };
}

export default function TestDetailedQuotes() {
  const { cases } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Test detailed quotes</h1>
      <p className="mt-2 text-slate-700">Three preset cases priced by the live pricing rules.</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        {cases.map(({ title, quote }) => (
          <section key={title} className="rounded-xl border border-slate-200 p-5" data-testid="preset-case">
            <h2 className="font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-slate-600" data-testid="preset-van">
              Priced as a {quote.vanSize} van
            </p>
            <p className="mt-2 text-2xl font-extrabold">{quote.priceString}</p>
            <ul className="mt-3 space-y-1 text-sm">
              {quote.breakdown.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-3 text-xs text-slate-600">{quote.explanation}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
