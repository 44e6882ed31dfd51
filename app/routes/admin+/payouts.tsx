// /admin/payouts: what each driver is owed (payable now, still in its 48 hours, on hold while
// a job is moved back from completed, and how they are paid), and the payout runs. With
// Stripe, "Pay drivers now" transfers every payable job to its driver's Stripe account.
// Without Stripe, "Export bank transfer batch" claims the payable jobs into a batch whose CSV
// goes to the bank; "Mark paid" records the payment.
// Plain forms: the same with JavaScript off and on.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { StatusButton } from "~/components/ui/button";
import { countOf } from "~/domain/plural";
import { requireAdmin } from "~/server/auth/auth.server";
import {
  driverBalancesList,
  compensationOwed,
  exportBankBatch,
  markBatchPaid,
  payoutBatches,
  payoutMode,
  runStripePayouts,
} from "~/server/payouts/payouts.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Driver payouts",
    description: "What each driver is owed, and paying them.",
    path: "/admin/payouts",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [mode, drivers, batches, compensation] = await Promise.all([
    payoutMode(),
    driverBalancesList(),
    payoutBatches(),
    compensationOwed(),
  ]);
  return { mode, drivers, batches, compensation };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "run-stripe") {
    const run = await runStripePayouts(new Date(), admin.id);
    return redirectWithToast(request, "/admin/payouts", {
      title: "Payout run done",
      description: `${run.paid} paid, ${run.failed} refused by Stripe (tried again next run).`,
      variant: run.failed > 0 ? "error" : "success",
    });
  }
  if (intent === "export-bank") {
    const batch = await exportBankBatch(admin.id);
    return redirectWithToast(request, "/admin/payouts", {
      title: batch ? `Batch ${batch.reference} ready` : "Nothing to pay",
      description: batch
        ? `${countOf(batch.jobs, "job")} and ${countOf(batch.claims, "claim")}: download its CSV for the bank, then mark it paid.`
        : "No payable job has a driver with bank details, and no claim waits for a bank transfer.",
      variant: batch ? "success" : "default",
    });
  }
  if (intent === "mark-paid") {
    const batchId = String(formData.get("batchId") ?? "");
    const marked = /^[\w-]{1,64}$/.test(batchId) && (await markBatchPaid(batchId, admin.id));
    if (!marked) return data({ error: "That batch is unknown or already paid." }, { status: 409 });
    return redirectWithToast(request, "/admin/payouts", { title: "Batch marked paid", variant: "success" });
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

export default function AdminPayouts() {
  const { mode, drivers, batches, compensation } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Driver payouts</h1>
        <BackToDashboard />
      </div>
      <p className="mt-2 text-slate-700">
        A job&apos;s share becomes payable 48 hours after its proof of delivery.{" "}
        {mode === "stripe"
          ? "Drivers are paid by Stripe transfer to their Stripe account."
          : "Stripe is not set up: drivers are paid by bank transfer, in batches."}
      </p>
      {answer && "error" in answer ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {answer.error}
        </p>
      ) : null}
      {compensation.claims > 0 ? (
        <p className="mt-2 text-slate-700" data-testid="compensation-owed">
          Damage claims waiting for a bank transfer: {countOf(compensation.claims, "claim")}, {compensation.total}. The
          next bank batch pays them in its compensation section.
        </p>
      ) : null}
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        {mode === "stripe" ? (
          <StatusButton pending={busy("run-stripe")} pendingText="Paying…" name="intent" value="run-stripe">
            Pay drivers now
          </StatusButton>
        ) : null}
        {mode === "bank" || compensation.claims > 0 ? (
          <StatusButton pending={busy("export-bank")} pendingText="Exporting…" name="intent" value="export-bank">
            Export bank transfer batch
          </StatusButton>
        ) : null}
      </Form>

      <section aria-labelledby="owed-heading" className="mt-8">
        <h2 id="owed-heading" className="text-xl font-semibold text-slate-900">
          What each driver is owed
        </h2>
        {drivers.length === 0 ? (
          <p className="mt-2 text-slate-700">No driver has earned anything yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table
              className="stacked-table min-w-full divide-y divide-slate-200 text-left text-sm"
              data-testid="payouts-owed"
            >
              <caption className="sr-only">What each driver is owed</caption>
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
                <tr>
                  {["Driver", "Payable now", "In its 48 hours", "On hold", "Balance", "Paid to"].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {drivers.map((driver) => (
                  <tr key={driver.id} data-testid="payout-driver" data-driver-id={driver.id}>
                    <th scope="row" data-label="Driver" className="px-3 py-2 font-medium text-slate-900">
                      {driver.name}
                    </th>
                    <td data-label="Payable now" className="px-3 py-2">
                      {driver.payable}
                    </td>
                    <td data-label="In its 48 hours" className="px-3 py-2">
                      {driver.pending}
                    </td>
                    <td data-label="On hold" className="px-3 py-2">
                      {driver.held}
                    </td>
                    <td data-label="Balance" className="px-3 py-2 font-semibold">
                      {driver.balance}
                    </td>
                    <td data-label="Paid to" className="px-3 py-2 text-slate-700">
                      {driver.payTo}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="batches-heading" className="mt-8">
        <h2 id="batches-heading" className="text-xl font-semibold text-slate-900">
          Bank transfer batches
        </h2>
        {batches.length === 0 ? (
          <p className="mt-2 text-slate-700">No batches yet.</p>
        ) : (
          <ul className="mt-3 space-y-3" data-testid="payout-batches">
            {batches.map((batch) => (
              <li
                key={batch.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div>
                  <p className="font-semibold text-slate-900">{batch.reference}</p>
                  <p className="text-sm text-slate-700">
                    {batch.createdText}: {countOf(batch.drivers, "driver")}
                    {batch.claims > 0
                      ? ` and compensation for ${countOf(batch.claims, "claim")} (${batch.compensation})`
                      : ""}
                    , {batch.total} · {batch.paid ? `paid ${batch.paidText}` : "not paid yet"}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <a
                    href={`/admin/payouts/batches/${batch.id}/csv`}
                    download
                    className="text-sm font-semibold text-blue-700 underline"
                  >
                    Download CSV<span className="sr-only"> of {batch.reference}</span>
                  </a>
                  {batch.paid ? null : (
                    <Form method="post">
                      <input type="hidden" name="batchId" value={batch.id} />
                      <StatusButton
                        pending={busy("mark-paid") && navigation.formData?.get("batchId") === batch.id}
                        pendingText="Marking…"
                        name="intent"
                        value="mark-paid"
                        variant="secondary"
                      >
                        Mark paid<span className="sr-only"> {batch.reference}</span>
                      </StatusButton>
                    </Form>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
