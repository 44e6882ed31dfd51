// /admin/claims: every damage claim, filtered by state and by booking (a GET form, so a view is
// a linkable URL), with each claim's age and what was claimed against what was offered. A
// claim opens on its own page, where it is decided.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { CLAIM_BOOKING_SEARCH_MAX, CLAIM_LIST_FILTERS, readClaimFilters } from "~/schemas/damage-claim";
import { requireAdmin } from "~/server/auth/auth.server";
import { listClaims } from "~/server/claims/claims-list.server";
import { pageOf } from "~/server/platform/pagination.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Claims",
    description: "Damage claims: find, filter and decide them.",
    path: "/admin/claims",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = readClaimFilters(url.searchParams);
  return { filters, ...(await listClaims(filters, pageOf(url))) };
}

const LIST_PATH = "/admin/claims";

export default function AdminClaims() {
  const { filters, claims, page } = useLoaderData<typeof loader>();
  const filtered = Boolean(filters.state || filters.booking);
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Claims</h1>

      <Form
        method="get"
        action={LIST_PATH}
        role="search"
        aria-label="Filter claims"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <SelectField
          id="state"
          name="state"
          label="State"
          defaultValue={filters.state ?? ""}
          options={[
            { value: "", label: "All claims" },
            ...Object.entries(CLAIM_LIST_FILTERS).map(([value, filter]) => ({ value, label: filter.label })),
          ]}
          className="w-56"
        />
        <Field
          id="booking"
          name="booking"
          type="search"
          label="Booking"
          defaultValue={filters.booking}
          maxLength={CLAIM_BOOKING_SEARCH_MAX}
          placeholder="EM-…"
          autoComplete="off"
          className="w-48"
        />
        <Button type="submit">Filter</Button>
        {filtered ? (
          <Link to={LIST_PATH} className="py-2 text-sm font-medium text-blue-700 hover:underline">
            Clear filters
          </Link>
        ) : null}
      </Form>

      <ScrollRegion label="Claims" className="mt-6 rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="stacked-table min-w-full divide-y divide-slate-200 text-sm" data-testid="claims-table">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Booking
              </th>
              <th scope="col" className="px-4 py-3">
                Customer
              </th>
              <th scope="col" className="px-4 py-3">
                State
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Claimed
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Offered
              </th>
              <th scope="col" className="px-4 py-3">
                Age
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Open</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {claims.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-4 py-6 text-center text-slate-600">
                  No claims found
                </td>
              </tr>
            ) : (
              claims.map((claim) => (
                <tr key={claim.id} data-testid="claim-row">
                  <td data-label="Booking" className="whitespace-nowrap px-4 py-3">
                    <Link to={`/admin/bookings/${claim.booking.id}`} className="font-medium text-blue-700 underline">
                      {claim.booking.reference}
                    </Link>
                  </td>
                  <td data-label="Customer" className="px-4 py-3">
                    {claim.customerName}
                  </td>
                  <td data-label="State" className="whitespace-nowrap px-4 py-3" data-testid="claim-row-state">
                    {claim.stateText}
                  </td>
                  <td data-label="Claimed" className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
                    {claim.claimed}
                  </td>
                  <td data-label="Offered" className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
                    {claim.offered ?? <span className="text-slate-600">None yet</span>}
                  </td>
                  <td data-label="Age" className="whitespace-nowrap px-4 py-3">
                    <span title={`Sent ${claim.sentText}`}>{claim.age}</span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <Link to={claim.href} className="font-semibold text-blue-700 underline">
                      Open<span className="sr-only"> the claim on {claim.booking.reference}</span>
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollRegion>
      <Pagination info={page} label="claims" one="claim" />
    </>
  );
}
