import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useFetcher, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { ADMIN_DRIVER_MESSAGES } from "~/schemas/admin-drivers";
import { listDrivers, submitDriverDecision, type DriverCard } from "~/server/admin/drivers.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { pageOf } from "~/server/platform/pagination.server";
import { answerWithToast } from "~/server/platform/toast.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Driver Management",
    description: "Review driver applications: approve or decline them.",
    path: "/admin/drivers",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return listDrivers(pageOf(new URL(request.url)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const fields = Object.fromEntries(await request.formData());
  const decision = await submitDriverDecision(admin.id, fields);
  // Without JavaScript: back to the same page of the list.
  const { page } = pageOf(new URL(request.url));
  return answerWithToast(request, context, {
    toast: decision.toast,
    data: { ok: decision.ok },
    status: decision.httpStatus,
    redirectTo: page > 1 ? `/admin/drivers?page=${page}` : "/admin/drivers",
  });
}

export default function AdminDrivers() {
  const { drivers, info } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && !navigation.formData && navigation.location.pathname === "/admin/drivers";
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Driver Management</h1>
        <Link
          to="/admin/dashboard"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Back to Dashboard
        </Link>
      </div>
      {loading ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-700">
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700"
          />
          Loading drivers…
        </p>
      ) : null}
      {drivers.length === 0 ? (
        <div
          data-testid="drivers-empty"
          className="mt-6 rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm"
        >
          <h2 className="text-xl font-semibold text-slate-900">{ADMIN_DRIVER_MESSAGES.emptyTitle}</h2>
          <p className="mt-2 text-slate-700">{ADMIN_DRIVER_MESSAGES.emptyText}</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2">
          {drivers.map((driver) => (
            <li key={driver.id}>
              <DriverCardView driver={driver} />
            </li>
          ))}
        </ul>
      )}
      <Pagination info={info} label="drivers" />
    </>
  );
}

const BADGE: Record<DriverCard["status"], string> = {
  pending: "bg-yellow-100 text-yellow-900",
  approved: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
};

function DriverCardView({ driver }: { driver: DriverCard }) {
  const fetcher = useFetcher<typeof action>();

  const busy = fetcher.state !== "idle";
  const pressed = busy ? fetcher.formData?.get("status") : null;
  const headingId = `driver-${driver.id}-name`;
  const details = [
    ["Email", driver.email],
    ["Phone", driver.phone],
    ["Experience", driver.experience],
    ["Van Type", driver.vanType],
    ["Location", driver.location],
    ["Rating", driver.rating],
    ["Completed Jobs", String(driver.completedJobs)],
  ] as const;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="driver-card"
      data-driver-id={driver.id}
      className="h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {driver.name}
          </h2>
          <p className="text-sm text-slate-600">
            Applied on <time dateTime={driver.appliedAt}>{driver.appliedOn}</time>
          </p>
        </div>
        <span
          data-testid="driver-status"
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${BADGE[driver.status]}`}
        >
          {driver.status}
        </span>
      </header>

      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd
              className="min-w-0 [overflow-wrap:anywhere] text-slate-900"
              data-testid={`driver-${label.toLowerCase().replace(/\s+/g, "-")}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-4">
        <h3 className="text-sm font-semibold text-slate-800">Documents</h3>
        {driver.documents.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="driver-documents">
            {driver.documents.map((document) => (
              <li key={document.id}>
                <a
                  href={document.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-blue-700 hover:underline"
                >
                  {document.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No documents attached</p>
        )}
      </div>

      {driver.status === "declined" ? (
        <p className="mt-4 text-sm font-medium text-red-800">{ADMIN_DRIVER_MESSAGES.declinedNote}</p>
      ) : null}

      <fetcher.Form method="post" className="mt-4 flex flex-wrap gap-2" aria-label={`Decision on ${driver.name}`}>
        <input type="hidden" name="driverId" value={driver.id} />
        <Button
          type="submit"
          name="status"
          value="approved"
          disabled={busy || driver.status === "approved"}
          aria-busy={pressed === "approved" || undefined}
          className="bg-green-700 hover:bg-green-800 disabled:bg-green-300"
        >
          {pressed === "approved" ? "Approving…" : "Approve"}
        </Button>
        <Button
          type="submit"
          name="status"
          value="declined"
          disabled={busy || driver.status === "declined"}
          aria-busy={pressed === "declined" || undefined}
          className="bg-red-700 hover:bg-red-800 disabled:bg-red-300"
        >
          {pressed === "declined" ? "Declining…" : "Decline"}
        </Button>
      </fetcher.Form>
    </article>
  );
}

// spec/02: "Failed to fetch drivers: …" with a way to try again.
export function ErrorBoundary() {
  const error = useRouteError();
  const reason = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText || "Error"}`
    : error instanceof Error
      ? error.message
      : "Failed to connect to server";
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-bold text-red-900">Driver Management</h1>
      <p className="mt-2 text-red-800">{ADMIN_DRIVER_MESSAGES.loadFailed(reason)}</p>
      <div className="mt-4 flex gap-3">
        <Link
          to="/admin/drivers"
          reloadDocument
          className="inline-block rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          Retry
        </Link>
        <Link
          to="/admin/dashboard"
          className="inline-block rounded-md border border-red-300 bg-white px-4 py-2 font-semibold text-red-900 hover:bg-red-100"
        >
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
