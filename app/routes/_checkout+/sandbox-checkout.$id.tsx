// The built-in sandbox provider's hosted payment page: where Stripe Checkout would be when no
// Stripe keys are configured. Clearly test mode; 4242 4242 4242 4242 pays, 4000 0000 0000 0002
// is declined, 4000 0000 0000 9995 has insufficient funds. A payment is recorded the way a
// provider's webhook would record it, then the customer goes back to the success URL.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TestModeBanner } from "~/components/checkout/booking-summary";
import { SandboxCardForm } from "~/components/checkout/sandbox-card-form";
import { formatPounds } from "~/domain/money";
import { sandboxCardSchema } from "~/schemas/checkout";
import { recordProviderPayment } from "~/server/bookings/checkout.server";
import { findSandboxCheckout, payWithSandboxCard } from "~/server/payments/sandbox.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Test payment",
    description: "The built-in test payment page.",
    path: "/sandbox-checkout",
    matches,
    noindex: true,
  });

const notFound = () => new Response("This payment page does not exist.", { status: 404 });
const successUrl = (url: string, sessionId: string) =>
  url.replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(sessionId));

export async function loader({ params }: LoaderFunctionArgs) {
  const checkout = await findSandboxCheckout(params.id ?? "");
  if (!checkout?.successUrl) throw notFound();
  if (checkout.status === "paid") throw redirect(successUrl(checkout.successUrl, checkout.id));
  return {
    id: checkout.id,
    amount: formatPounds(checkout.amountPence),
    description: checkout.description,
    email: checkout.customerEmail,
    cancelUrl: checkout.cancelUrl,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const checkout = await findSandboxCheckout(params.id ?? "");
  if (!checkout?.successUrl) throw notFound();
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: sandboxCardSchema() });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const paid = await payWithSandboxCard(checkout.id, submission.value.cardNumber);
  if (!paid) throw notFound();
  await recordProviderPayment(paid.payment);
  if (!paid.outcome.paid) return data(submission.reply({ formErrors: [paid.outcome.message] }), { status: 402 });
  return redirect(successUrl(checkout.successUrl, checkout.id), { status: 303 });
}

export default function SandboxCheckoutPage() {
  const checkout = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <div className="rounded-xl border-2 border-dashed border-amber-400 bg-white p-6 shadow-sm">
        <p className="text-sm font-bold uppercase tracking-wide text-amber-800">Sandbox payment provider</p>
        <h1 className="mt-1 text-2xl font-bold">Pay {checkout.amount}</h1>
        <p className="mt-1 text-sm text-slate-600">{checkout.description}</p>
        {checkout.email ? <p className="mt-1 text-sm text-slate-600">Receipt to {checkout.email}</p> : null}
        <div className="mt-4">
          <TestModeBanner />
        </div>
        <ul className="mt-3 list-disc pl-5 text-xs text-slate-600">
          <li>4000 0000 0000 0002: declined</li>
          <li>4000 0000 0000 9995: insufficient funds</li>
        </ul>
        <div className="mt-6">
          <SandboxCardForm payLabel={`Pay ${checkout.amount}`} />
          {/* A link, not a submit: going back must never wait on the card fields' checks. */}
          {checkout.cancelUrl ? (
            <a
              href={checkout.cancelUrl}
              className="mt-4 block w-full text-center text-sm font-semibold text-blue-700 underline"
            >
              Cancel and go back
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}
