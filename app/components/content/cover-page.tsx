// The "What is covered" page (docs/PRICING.md v3), its figures taken from the cover's own rules so
// the page can never disagree with a price or a claim.
import { Link } from "@remix-run/react";
import { usePublicConfig } from "~/components/content/use-public-config";
import { GOODS_COVER, wholePounds } from "~/domain/goods-cover";
import { formatPounds } from "~/domain/money";

const NOT_COVERED = [
  "cash, jewellery, important documents and other valuables, which you should carry yourself",
  "items you packed yourself that show no damage to the outside of their box or wrapping",
  "wear and tear, and damage that was there before the move",
  "goods we were not told about, or that our terms do not allow us to carry",
  "delays, and losses that follow from damage (a missed flight, time off work)",
];

export function CoverPage() {
  const config = usePublicConfig();
  const { standard, extended, declaredValuePounds, feeBp, minimumFeePence, claimDays } = GOODS_COVER;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-slate-800">
      <h1 className="text-3xl font-bold text-slate-900">What is covered</h1>
      <p className="mt-4 text-lg">
        Every move booked with {config.brandName} includes standard cover for your goods, at no extra cost. If your
        goods are worth more, you can buy extended cover when you get your quote or at checkout.
      </p>

      <section aria-labelledby="limits" className="mt-8">
        <h2 id="limits" className="text-2xl font-semibold text-slate-900">
          The limits
        </h2>
        <table className="mt-4 w-full border-collapse text-left text-sm">
          <caption className="sr-only">Cover limits</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4">
                Cover
              </th>
              <th scope="col" className="py-2 pr-4">
                Each item
              </th>
              <th scope="col" className="py-2 pr-4">
                The whole move
              </th>
              <th scope="col" className="py-2">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-4 font-semibold">
                Standard
              </th>
              <td className="py-2 pr-4">up to {wholePounds(standard.itemLimitPence)}</td>
              <td className="py-2 pr-4">up to {wholePounds(standard.moveLimitPence)}</td>
              <td className="py-2">included</td>
            </tr>
            <tr className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-4 font-semibold">
                Extended
              </th>
              <td className="py-2 pr-4">up to {wholePounds(extended.itemLimitPence)}</td>
              <td className="py-2 pr-4">
                up to the value you declare, and never less than {wholePounds(standard.moveLimitPence)}
              </td>
              <td className="py-2">
                {feeBp / 100}% of the declared value, at least {formatPounds(minimumFeePence)}, plus VAT
              </td>
            </tr>
          </tbody>
        </table>
        <p className="mt-4">
          For extended cover you declare the whole value of the goods we move, in whole pounds, from{" "}
          {wholePounds(declaredValuePounds.min * 100)} to {wholePounds(declaredValuePounds.max * 100)}. For example,
          goods declared at £10,000 cost £150.00 to cover, plus VAT. A claim pays at most the smallest of: what you
          claim, the item&apos;s limit, and what is left of the move&apos;s limit after any earlier claims.
        </p>
        <p className="mt-4">
          Cover is our own promise to you, not an insurance policy: {config.brandName} pays a claim it accepts, and the
          driver does not need to be involved. Drivers also carry their own goods-in-transit insurance.
        </p>
      </section>

      <section aria-labelledby="not-covered" className="mt-8">
        <h2 id="not-covered" className="text-2xl font-semibold text-slate-900">
          What is not covered
        </h2>
        <ul className="mt-4 list-disc space-y-1 pl-6">
          {NOT_COVERED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="claim" className="mt-8">
        <h2 id="claim" className="text-2xl font-semibold text-slate-900">
          How to claim
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-6">
          <li>
            Note any damage with your driver when they finish: it goes on the proof of delivery, with photos, and is
            added to your claim for you.
          </li>
          <li>
            Make your claim within {claimDays} days of delivery (the day of delivery is day 1) from your{" "}
            <Link to="/bookings" className="font-semibold text-blue-700 underline">
              bookings
            </Link>{" "}
            or your booking&apos;s tracker: each damaged item with what happened and what it is worth, 1 to 6 photos,
            and a receipt or valuation if you have one.
          </li>
          <li>
            We review it and offer an amount within your cover, or explain why we cannot. You accept the offer, or tell
            us why you disagree and we look again.
          </li>
          <li>
            An accepted offer is paid back to the card or PayPal account you paid with, and any amount above what you
            paid by bank transfer.
          </li>
        </ol>
        <p className="mt-4">
          Cancelling more than 24 hours before your move refunds the cost of extended cover in full, as it does the rest
          of your booking. Once the move has started, the cover has been used and is not refunded.
        </p>
      </section>
    </article>
  );
}
