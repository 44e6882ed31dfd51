// /booking-receipt?booking=…: the paid booking's receipt on a page of its own, for printing
// without JavaScript (the confirmation page's Print Receipt opens it then).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Receipt } from "~/components/checkout/receipt";
import { usePublicConfig } from "~/components/content/use-public-config";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { formatUkDate } from "~/domain/uk-datetime";
import { loadReceipt } from "~/routes/_checkout+/confirmation.server";
import { requireUser } from "~/server/auth/auth.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({ title: "Receipt", description: "Your booking receipt.", path: "/booking-receipt", matches, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const booking = await loadReceipt(request, user);
  if (!booking) throw new Response(PAYMENT_MESSAGES.loadingError, { status: 404 });
  return { booking, issued: formatUkDate(new Date(), "long") };
}

export default function BookingReceipt() {
  const { booking, issued } = useLoaderData<typeof loader>();
  const config = usePublicConfig();
  return (
    <div className="mx-auto max-w-2xl bg-white px-6 py-10">
      <h1 className="text-2xl font-bold">{config.brandName} receipt</h1>
      <p className="text-sm text-slate-600">
        Issued {issued} to {booking.customerName} ({booking.customerEmail})
      </p>
      <div className="mt-6">
        <Receipt booking={booking} />
      </div>
      <p className="mt-8 text-sm text-slate-600">
        Questions? {config.supportPhone} · {config.supportEmail}
      </p>
      <p className="mt-4 text-sm print:hidden">
        Use your browser&apos;s Print command to print this page.{" "}
        <Link to="/" className="text-blue-700 underline">
          Return to Home
        </Link>
      </p>
    </div>
  );
}
