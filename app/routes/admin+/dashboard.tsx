import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BookingStatusBadge } from "~/components/admin/booking-badges";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formatPounds, poundsToPence } from "~/domain/money";
import { bookingRow, needsDriverCount, recentBookings } from "~/server/admin/bookings.server";
import { pendingDriverRow, pendingDrivers } from "~/server/admin/drivers.server";
import { messageCounts } from "~/server/admin/messages.server";
import { getAdminStats } from "~/server/admin/stats.server";
import { requireAdmin } from "~/server/auth/auth.server";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { adminChrome: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Admin Dashboard",
    description: "Bookings, drivers, users and payments at a glance.",
    path: "/admin/dashboard",
    matches,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [stats, bookings, drivers, messages, needsDriver] = await Promise.all([
    getAdminStats(),
    recentBookings(5),
    pendingDrivers(5),
    messageCounts(),
    needsDriverCount(),
  ]);
  return {
    stats,
    // Formatted here, so the page ships no money code.
    revenueText: formatPounds(poundsToPence(stats.totalRevenue)),
    recentBookings: bookings.map(bookingRow),
    pendingDrivers: drivers.map(pendingDriverRow),
    messages,
    needsDriver,
  };
}

export default function AdminDashboard() {
  const { stats, revenueText, recentBookings, pendingDrivers, messages, needsDriver } = useLoaderData<typeof loader>();
  const cards = [
    { key: "totalBookings", label: "Total Bookings", value: String(stats.totalBookings), note: "All time" },
    {
      key: "todayBookings",
      label: "Today's Bookings",
      value: String(stats.todayBookings),
      note: "Created today (UK time)",
    },
    {
      key: "totalRevenue",
      label: "Total Revenue",
      value: revenueText,
      note: "Succeeded payments",
    },
    { key: "newUsers", label: "New Users", value: String(stats.newUsers), note: "Last 30 days" },
    { key: "newDrivers", label: "New Drivers", value: String(stats.newDrivers), note: "Applications, last 30 days" },
    {
      key: "activeComplaints",
      label: "Active Complaints",
      value: String(stats.activeComplaints),
      note: "Open support tickets",
      href: "/admin/support",
    },
    {
      key: "needsDriver",
      label: "Needs a driver",
      value: String(needsDriver),
      note: "Open to drivers too long",
      href: "/admin/bookings?status=pending",
    },
  ];
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <div
            key={card.key}
            data-testid={`stat-${card.key}`}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd className="mt-2 text-3xl font-bold text-slate-900">{card.value}</dd>
            <dd className="mt-1 text-xs text-slate-600">
              {"href" in card && card.href ? (
                <Link to={card.href} className="font-medium text-blue-700 hover:underline">
                  {card.note}
                </Link>
              ) : (
                card.note
              )}
            </dd>
          </div>
        ))}
      </dl>

      <p className="mt-4 text-sm text-slate-700" data-testid="message-summary">
        E-mails and texts: {messages.queued + messages.retrying} waiting, {messages.dead} dead.{" "}
        <Link
          to={messages.dead > 0 ? "/admin/messages?state=dead" : "/admin/messages"}
          className="font-medium text-blue-700 hover:underline"
        >
          See the messages
        </Link>
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="recent-bookings"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="recent-bookings"
        >
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="recent-bookings" className="text-lg font-semibold text-slate-900">
              Recent Bookings
            </h2>
            <Link to="/admin/bookings" className="text-sm font-medium text-blue-700 hover:underline">
              View all bookings
            </Link>
          </div>
          {recentBookings.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">No bookings yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200">
              {recentBookings.map((booking) => (
                <li key={booking.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span>
                    <Link to={`/admin/bookings/${booking.id}`} className="font-semibold text-blue-700 hover:underline">
                      {booking.reference}
                    </Link>
                    <span className="block text-slate-600">
                      {booking.customer?.username || "Customer not given yet"} · {booking.createdText}
                    </span>
                  </span>
                  <span className="flex items-center gap-3">
                    <span className="font-medium text-slate-900">{booking.priceText}</span>
                    <BookingStatusBadge status={booking.status} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section
          aria-labelledby="pending-drivers"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="pending-drivers"
        >
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="pending-drivers" className="text-lg font-semibold text-slate-900">
              Pending Drivers
            </h2>
            <Link to="/admin/drivers" className="text-sm font-medium text-blue-700 hover:underline">
              Review drivers
            </Link>
          </div>
          {pendingDrivers.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">No driver applications are waiting.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200">
              {pendingDrivers.map((driver) => (
                <li key={driver.id} className="py-2 text-sm">
                  <span className="font-semibold text-slate-900">{driver.name}</span>
                  <span className="block text-slate-600">
                    {driver.location} · {driver.van} · Applied on {driver.appliedText}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      describe={({ reason }) => ({
        title: "Dashboard unavailable",
        text: reason ?? "The dashboard could not be loaded.",
      })}
      retryTo="/admin/dashboard"
    />
  );
}
