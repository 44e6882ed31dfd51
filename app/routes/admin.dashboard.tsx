import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { formatPounds, poundsToPence } from "~/domain/money";
import { getAdminStats } from "~/server/admin-stats.server";
import { requireAdmin } from "~/server/auth.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({ title: "Admin Dashboard", description: "Bookings, drivers, users and payments at a glance.", path: "/admin/dashboard", matches, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { stats: await getAdminStats() };
}

export default function AdminDashboard() {
  const { stats } = useLoaderData<typeof loader>();
  const cards = [
    { key: "totalBookings", label: "Total Bookings", value: String(stats.totalBookings), note: "All time" },
    { key: "todayBookings", label: "Today's Bookings", value: String(stats.todayBookings), note: "Created today (UK time)" },
    { key: "totalRevenue", label: "Total Revenue", value: formatPounds(poundsToPence(stats.totalRevenue)), note: "Succeeded payments" },
    { key: "newUsers", label: "New Users", value: String(stats.newUsers), note: "Last 30 days" },
    { key: "newDrivers", label: "New Drivers", value: String(stats.newDrivers), note: "Applications, last 30 days" },
    { key: "activeComplaints", label: "Active Complaints", value: String(stats.activeComplaints), note: "Open support requests" },
  ];
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <div key={card.key} data-testid={`stat-${card.key}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd className="mt-2 text-3xl font-bold text-slate-900">{card.value}</dd>
            <dd className="mt-1 text-xs text-slate-600">{card.note}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

// spec/02: a load error shows the message with a Retry button.
export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status}: ${error.statusText || "Error"}` : "The dashboard could not be loaded.";
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-bold text-red-900">Dashboard unavailable</h1>
      <p className="mt-2 text-red-800">{message}</p>
      <Link to="/admin/dashboard" reloadDocument className="mt-4 inline-block rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
        Retry
      </Link>
    </div>
  );
}
