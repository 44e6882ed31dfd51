import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { countOf } from "~/domain/plural";
import { requireAdmin } from "~/server/auth/auth.server";
import { claimsWaitingCount } from "~/server/claims/claims-list.server";
import type { RouteHandle } from "~/utils/route-handle";

// The layout of every /admin/* page. Its loader guards them all on the server: no session
// goes to /admin/login (and back here afterwards), a signed-in non-admin goes to /.
// Each admin page's own loader and action call requireAdmin too, since a layout loader
// does not run before a child's action nor on every client-side navigation.
export const handle: RouteHandle = { adminChrome: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  if (new URL(request.url).pathname.replace(/\/+$/, "") === "/admin") throw redirect("/admin/dashboard");
  return {
    admin: { username: admin.username, email: admin.email, role: admin.role },
    claimsWaiting: await claimsWaitingCount(),
  };
}

const SECTIONS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/bookings", label: "Bookings" },
  { to: "/admin/claims", label: "Claims" },
  { to: "/admin/drivers", label: "Drivers" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/payments", label: "Payments" },
  { to: "/admin/payouts", label: "Payouts" },
];

export default function AdminLayout() {
  const { admin, claimsWaiting } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-full bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <nav aria-label="Admin sections">
          <ul className="flex flex-wrap gap-1">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-slate-900 text-white" : "text-slate-800 hover:bg-slate-200"}`
                  }
                >
                  {section.label}
                  {section.to === "/admin/claims" && claimsWaiting > 0 ? (
                    // The claims waiting for a decision: a badge to the eye, words to a screen reader.
                    <span data-testid="claims-waiting">
                      <span
                        aria-hidden="true"
                        className="ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-amber-400 px-1.5 text-xs font-bold text-slate-900"
                      >
                        {claimsWaiting}
                      </span>
                      <span className="sr-only">, {countOf(claimsWaiting, "claim")} waiting for a decision</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="flex items-center gap-2 text-sm text-slate-700">
          Signed in as <span className="font-semibold text-slate-900">{admin.username}</span>
          <span
            data-testid="role-badge"
            className="rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-blue-900"
          >
            {admin.role}
          </span>
        </p>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <Outlet />
      </div>
    </div>
  );
}
