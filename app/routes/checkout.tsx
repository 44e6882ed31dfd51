// /checkout: the booking summary of a saved quote, priced again on the server (the browser
// sends only the quote's id). An estimate made while the distance service was down is
// measured again first; payment (and creating the booking) belongs to the checkout issue.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { EstimateNotice, PriceBreakdown, QuoteBadge } from "~/components/quote/price-breakdown";
import { formatDistance } from "~/domain/distance";
import { VAN_LABELS, type VanSize } from "~/domain/vans";
import { proceedToCheckoutSchema } from "~/schemas/quote";
import { getQuoteView, QUOTE_ESTIMATE_TOAST, quoteForCheckout } from "~/server/quotes.server";
import { redirectWithToast } from "~/server/toast.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({ title: "Checkout", description: "Review your move and pay securely.", path: "/checkout", matches, noindex: true });

const INVALID_QUOTE_TOAST = { title: "Invalid Quote", description: "Please complete the quote form first", variant: "error" } as const;

export async function action({ request }: ActionFunctionArgs) {
  const parsed = proceedToCheckoutSchema.safeParse(Object.fromEntries(await request.formData()));
  const quote = parsed.success ? await quoteForCheckout(parsed.data.quoteId) : null;
  if (!quote) return redirectWithToast(request, "/#quote", INVALID_QUOTE_TOAST, { status: 303 });
  const url = `/checkout?quote=${encodeURIComponent(quote.id)}`;
  if (quote.failure) return redirectWithToast(request, url, { ...QUOTE_ESTIMATE_TOAST, description: quote.failure }, { status: 303 });
  return redirect(url, { status: 303 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const quoteId = new URL(request.url).searchParams.get("quote");
  return { quote: quoteId ? await getQuoteView(quoteId) : null };
}

export default function Checkout() {
  const { quote } = useLoaderData<typeof loader>();
  if (!quote) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <div className="rounded-xl border border-red-200 bg-red-50 p-6" role="alert">
          <h1 className="text-2xl font-bold text-red-900">No quote found</h1>
          <p className="mt-2 text-red-900">Please generate a quote first.</p>
          <Link to="/#quote" className="mt-4 inline-block rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white">
            Back to Home
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <section aria-labelledby="summary" className="mt-6 rounded-xl border border-slate-200 p-6" data-testid="checkout-summary">
        <h2 id="summary" className="text-xl font-semibold">
          Booking summary
        </h2>
        {quote.estimate ? (
          <div className="mt-3 space-y-3">
            <QuoteBadge estimate />
            <EstimateNotice miles={quote.distanceMiles}>It cannot be booked until we can measure the distance.</EstimateNotice>
            <Form method="post" reloadDocument>
              <input type="hidden" name="quoteId" value={quote.id} />
              <button type="submit" className="rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800">
                Measure the distance again
              </button>
            </Form>
          </div>
        ) : null}
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div><dt className="text-slate-600">Pickup</dt><dd>{quote.pickupAddress}</dd></div>
          <div><dt className="text-slate-600">Delivery</dt><dd>{quote.deliveryAddress}</dd></div>
          <div><dt className="text-slate-600">Moving date</dt><dd>{new Date(`${quote.moveDate}T12:00:00Z`).toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "UTC" })} at {quote.moveTime}</dd></div>
          <div><dt className="text-slate-600">Van</dt><dd>{VAN_LABELS[quote.vanSize as VanSize]}, {quote.helpers === 0 ? "no helpers" : `${quote.helpers} helper${quote.helpers > 1 ? "s" : ""}`}</dd></div>
          <div><dt className="text-slate-600">Distance</dt><dd>{formatDistance(quote.distanceMiles)}{quote.distanceEstimated ? (quote.estimate ? " (assumed)" : " (estimated)") : ""}</dd></div>
          <div><dt className="text-slate-600">Estimated time</dt><dd>{quote.estimatedTime}</dd></div>
        </dl>
        <PriceBreakdown lines={quote.breakdown} className="mt-4 border-t border-slate-200 pt-4" testId="checkout-breakdown" />
        <p className="mt-4 text-right text-2xl font-extrabold" data-testid="checkout-total">{quote.total}</p>
      </section>
    </div>
  );
}
