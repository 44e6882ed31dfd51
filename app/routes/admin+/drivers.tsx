import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { DriverCardView } from "~/components/admin/driver-card";
import { Pagination } from "~/components/admin/pagination";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ADMIN_DRIVER_MESSAGES } from "~/schemas/admin-drivers-messages";
import { listDrivers, submitDriverDecision } from "~/server/admin/drivers.server";
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
        <BackToDashboard />
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
      <Pagination info={info} label="drivers" one="driver" />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      describe={({ reason }) => ({
        title: "Driver Management",
        text: ADMIN_DRIVER_MESSAGES.loadFailed(reason ?? "Failed to connect to server"),
      })}
      retryTo="/admin/drivers"
      actions={<BackToDashboard look="error" />}
    />
  );
}
