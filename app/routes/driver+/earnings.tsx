// /driver/earnings: the driver's money. Each completed job with its state (pending for the 48
// hours after the proof of delivery, payable, paid, reversed or cancelled by a refund), the
// week's and the month's totals, what may be paid now, and how they are paid: their Stripe
// account (set up on Stripe's own pages), or without Stripe their bank details, kept encrypted.
// Plain forms: the same with JavaScript off and on.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BankDetailsForm } from "~/components/bank-details-form";
import { StatusButton } from "~/components/ui/button";
import { bankDetailsSchema } from "~/schemas/bank-details";
import { requireDriver } from "~/server/auth/auth.server";
import {
  driverOfUser,
  payoutDetails,
  saveBankDetails,
  stripeOnboardingUrl,
} from "~/server/payouts/payout-details.server";
import { driverEarnings, payoutMode } from "~/server/payouts/payouts.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Earnings",
    description: "Your earnings per job, your totals and your payouts.",
    path: "/driver/earnings",
    matches,
    noindex: true,
  });

async function signedInDriver(request: Request) {
  const user = await requireDriver(request);
  const driver = await driverOfUser(user.id);
  if (!driver) throw redirect("/driver");
  return driver;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const driver = await signedInDriver(request);
  const [earnings, details, mode] = await Promise.all([
    driverEarnings(driver.id),
    payoutDetails(driver.id),
    payoutMode(),
  ]);
  return { earnings, details, mode };
}

export async function action({ request }: ActionFunctionArgs) {
  const driver = await signedInDriver(request);
  const formData = await request.formData();
  if (formData.get("intent") === "stripe") {
    const url = await stripeOnboardingUrl(driver);
    if (!url)
      return data({ error: "Stripe payouts are not available: add your bank details instead." }, { status: 409 });
    return redirect(url);
  }
  const submission = parseWithZod(formData, { schema: bankDetailsSchema });
  // The account number never comes back to the page.
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["accountNumber"] }), { status: 400 });
  await saveBankDetails(driver.id, submission.value);
  return redirectWithToast(request, "/driver/earnings", {
    title: "Bank details saved",
    description: `Payouts go to the account ending ${submission.value.accountNumber.slice(-4)}.`,
    variant: "success",
  });
}

const STATE_STYLES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  payable: "bg-blue-100 text-blue-900",
  held: "bg-orange-100 text-orange-900",
  paid: "bg-green-100 text-green-900",
  reversed: "bg-red-100 text-red-900",
  cancelled: "bg-slate-200 text-slate-800",
};

export default function DriverEarnings() {
  const { earnings, details, mode } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <p className="text-sm">
        <Link to="/driver" className="font-medium text-blue-700 hover:underline">
          ← My jobs
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">Earnings</h1>

      <dl className="mt-6 grid gap-4 sm:grid-cols-4" data-testid="earnings-totals">
        {[
          ["This week", earnings.weekTotal],
          ["This month", earnings.monthTotal],
          ["Payable now", earnings.payable],
          ["In its 48 hours", earnings.pending],
          // Only when a job is moved back from completed (its earning waits for it).
          ...(earnings.held ? [["On hold", earnings.held]] : []),
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="jobs-heading" className="mt-8">
        <h2 id="jobs-heading" className="text-lg font-semibold text-slate-900">
          Per job
        </h2>
        {earnings.jobs.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Your completed jobs and their payouts will show here.</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm" data-testid="earnings-jobs">
              <caption className="sr-only">Your earnings per job, newest first</caption>
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
                <tr>
                  {["Job", "Completed", "Your share", "After refunds", "State"].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {earnings.jobs.map((job) => (
                  <tr key={job.id} data-testid={`earning-${job.reference}`}>
                    <th scope="row" className="px-3 py-2 font-medium">
                      {job.reference}
                    </th>
                    <td className="px-3 py-2">{job.completedText}</td>
                    <td className="px-3 py-2">{job.earned}</td>
                    <td className="px-3 py-2">{job.net}</td>
                    <td className="px-3 py-2">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLES[job.state]}`}>
                        {job.stateLabel}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {earnings.charges.length > 0 ? (
        <section aria-labelledby="charges-heading" className="mt-8">
          <h2 id="charges-heading" className="text-lg font-semibold text-slate-900">
            Charges
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Taken from your balance, and out of your next payouts if it is not enough.
          </p>
          <ul className="mt-3 space-y-2" data-testid="earnings-charges">
            {earnings.charges.map((charge) => (
              <li key={charge.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
                <p className="flex flex-wrap justify-between gap-2 font-semibold text-slate-900">
                  <span>{charge.dateText}</span>
                  <span>−{charge.amount}</span>
                </p>
                <p className="mt-1 text-slate-700">{charge.note}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {earnings.payouts.length > 0 ? (
        <section aria-labelledby="payouts-sent-heading" className="mt-8">
          <h2 id="payouts-sent-heading" className="text-lg font-semibold text-slate-900">
            Payouts made
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Your latest payouts. Where you owed money back, part of a payout was kept to cover it.
          </p>
          <ul className="mt-3 space-y-2" data-testid="earnings-payouts">
            {earnings.payouts.map((payout) => (
              <li key={payout.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
                <p className="flex flex-wrap justify-between gap-2 font-semibold text-slate-900">
                  <span>{payout.dateText}</span>
                  <span>
                    {payout.sent} sent{payout.kept ? `, ${payout.kept} kept` : ""}
                  </span>
                </p>
                <p className="mt-1 text-slate-700">
                  {payout.what}: {payout.stateLabel}
                  {payout.kept ? `. ${payout.kept} was kept against what you owed back.` : ""}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="payouts-heading" className="mt-8">
        <h2 id="payouts-heading" className="text-lg font-semibold text-slate-900">
          How you are paid
        </h2>
        {answer && "error" in answer && typeof answer.error === "string" ? (
          <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {answer.error}
          </p>
        ) : null}
        {mode === "stripe" ? (
          <StripePayouts enabled={details.stripe.enabled} started={details.stripe.started} />
        ) : (
          <BankDetailsForm
            key={details.bank?.last4 ?? "none"} // a fresh form once the details are saved
            id="bank-details"
            lastResult={answer && "initialValue" in answer ? answer : null}
            intro={
              details.bank
                ? `Payouts go by bank transfer to ${details.bank.name}, account ending ${details.bank.last4}. Enter new details to change them.`
                : "We pay you by bank transfer. Enter the account to pay into: it is stored encrypted."
            }
            submitText="Save bank details"
          />
        )}
      </section>
    </div>
  );
}

function StripePayouts({ enabled, started }: { enabled: boolean; started: boolean }) {
  const navigation = useNavigation();
  return (
    <div className="mt-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="stripe-payouts">
      <p className="text-sm text-slate-700">
        {enabled
          ? "Payouts are on: each job's share goes to your Stripe account once it is payable."
          : started
            ? "Stripe needs a few more details before it can pay you."
            : "We pay you through Stripe. Set up your payouts on Stripe's secure pages: it takes a few minutes."}
      </p>
      {enabled ? null : (
        <Form method="post" className="mt-3">
          <StatusButton
            pending={navigation.state === "submitting"}
            pendingText="Opening Stripe…"
            name="intent"
            value="stripe"
          >
            {started ? "Continue on Stripe" : "Set up payouts with Stripe"}
          </StatusButton>
        </Form>
      )}
    </div>
  );
}
