// Admin-only: the three preset cases priced by the pricing module, every line shown.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PRESET_QUOTES } from "~/domain/preset-quotes";
import { calculatePrice, toApiQuote } from "~/domain/pricing";
import { requireAdmin } from "~/server/auth.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({ title: "Test Detailed Quotes", description: "Preset quote cases for checking prices.", path: "/test-detailed-quotes", matches, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { cases: PRESET_QUOTES.map((preset) => ({ title: preset.title, quote: toApiQuote(calculatePrice(preset.input)) })) };
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
