// The shared header. Menus are native <details> disclosures, so they open and close with
// the keyboard and without JavaScript; the signed-in user comes from the root loader.
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { telHref, type PublicConfig } from "~/utils/config";
import type { SessionUser } from "~/views/session-user";
import { Logo } from "./logo";

const FEATURE_LINKS = [
  { label: "How It Works", href: "/#how-it-works" },
  { label: "Van Size Guide", href: "/#van-guide" },
  { label: "Areas We Cover", href: "/#areas" },
  { label: "About Us", href: "/#about" },
  { label: "FAQ", href: "/#faq" },
  { label: "Distance Calculator", href: "/distance-calculator" },
];

const QUOTE_HREF = "/#quote";

/** Closes open <details> menus after a navigation (with JS; without it the page reloads). */
function useCloseOnNavigate() {
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    headerRef.current?.querySelectorAll("details[open]").forEach((menu) => menu.removeAttribute("open"));
  }, [location]);
  return headerRef;
}

function UserMenu({ user }: { user: SessionUser }) {
  return (
    <details className="relative" data-testid="user-menu">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
        <span
          aria-hidden="true"
          className="grid size-7 place-items-center rounded-full bg-blue-700 text-xs font-bold text-white"
        >
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        {/* On a phone the initial stands for the name (still read out), so the bar fits. */}
        <span className="sr-only sm:not-sr-only">{user.username}</span>
        {user.role !== "customer" ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{user.role}</span>
        ) : null}
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-48 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
        <p className="truncate px-2 py-1 text-xs text-slate-600">{user.email}</p>
        {user.role === "admin" ? (
          <Link to="/admin/dashboard" className="block rounded px-2 py-2 text-sm hover:bg-slate-100">
            Admin dashboard
          </Link>
        ) : user.role === "driver" ? (
          <Link to="/driver" className="block rounded px-2 py-2 text-sm hover:bg-slate-100">
            My jobs
          </Link>
        ) : (
          <Link to="/bookings" className="block rounded px-2 py-2 text-sm hover:bg-slate-100">
            My bookings
          </Link>
        )}
        <Link to="/account" className="block rounded px-2 py-2 text-sm hover:bg-slate-100">
          Your account
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="w-full rounded px-2 py-2 text-left text-sm text-red-700 hover:bg-red-50">
            Log Out
          </button>
        </Form>
      </div>
    </details>
  );
}

export function Header({ config, user, admin }: { config: PublicConfig; user: SessionUser | null; admin: boolean }) {
  const headerRef = useCloseOnNavigate();
  const hydrated = useHydrated();

  if (admin) {
    return (
      <header ref={headerRef} className="border-b border-slate-200 bg-white print:hidden">
        {/* Wraps on a narrow screen rather than running off it (WCAG 1.4.10 at 320 px). */}
        <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
          <div className="flex items-center gap-3">
            <Logo brandName={config.brandName} />
            <span className="rounded bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">Admin</span>
          </div>
          <nav aria-label="Admin" className="flex items-center gap-2">
            {user ? (
              <UserMenu user={user} />
            ) : (
              <Link to="/admin/login" className="text-sm font-medium text-blue-700">
                Sign In
              </Link>
            )}
          </nav>
        </div>
      </header>
    );
  }

  return (
    <header ref={headerRef} className="sticky top-0 z-20 border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Logo brandName={config.brandName} />

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <details className="relative">
            <summary className="cursor-pointer list-none rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
              Features <span aria-hidden="true">▾</span>
            </summary>
            <ul className="absolute left-0 z-30 mt-2 w-56 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
              {FEATURE_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="block rounded px-3 py-2 text-sm text-slate-800 hover:bg-slate-100">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </details>
          {/* Phone and e-mail in the header, stacked to save width. */}
          {/* Each line is 24 px tall: targets of at least 24 × 24 px (WCAG 2.5.8). */}
          <div className="flex flex-col px-2 text-xs leading-6" data-testid="header-contact">
            <a href={telHref(config.supportPhone)} className="rounded font-semibold text-slate-800 hover:text-blue-700">
              <span aria-hidden="true">☎ </span>
              {config.supportPhone}
            </a>
            <a href={`mailto:${config.supportEmail}`} className="rounded text-slate-700 hover:text-blue-700">
              <span aria-hidden="true">✉ </span>
              {config.supportEmail}
            </a>
          </div>
          {user?.role === "driver" ? null : (
            <Link
              to="/driver-registration"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              Join as Driver
            </Link>
          )}
          <a
            href={QUOTE_HREF}
            className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
          >
            Get Instant Quote
          </a>
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/signin" className="rounded-md px-3 py-2 text-sm font-medium text-blue-700 hover:bg-blue-50">
              Sign In
            </Link>
          )}
        </nav>

        {/* Mobile: a slide-out panel that opens with or without JavaScript. */}
        <details className="mobile-menu lg:hidden" data-testid="mobile-menu">
          <summary
            className="cursor-pointer list-none rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800"
            aria-label="Open menu"
          >
            <span aria-hidden="true">☰</span> Menu
          </summary>
          <div className="mobile-menu-panel fixed inset-y-0 right-0 z-40 w-72 max-w-[85vw] overflow-y-auto bg-white p-5 shadow-2xl">
            {/* Without JavaScript, tapping the dimmed page closes the menu. */}
            {hydrated ? (
              <button
                type="button"
                aria-label="Close menu"
                className="float-right rounded px-2 text-2xl leading-none text-slate-700 hover:bg-slate-100"
                onClick={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
              >
                ×
              </button>
            ) : null}
            <nav aria-label="Mobile">
              <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Features</p>
              <ul className="mb-4 space-y-1">
                {FEATURE_LINKS.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} className="block rounded px-2 py-2 text-slate-800 hover:bg-slate-100">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
              <a
                href={telHref(config.supportPhone)}
                className="block rounded px-2 py-2 text-slate-800 hover:bg-slate-100"
              >
                Call {config.supportPhone}
              </a>
              <a
                href={`mailto:${config.supportEmail}`}
                className="block rounded px-2 py-2 text-slate-800 hover:bg-slate-100"
              >
                Email{" "}
                <span className="block text-sm text-slate-600 [overflow-wrap:anywhere]">{config.supportEmail}</span>
              </a>
              {user?.role === "driver" ? null : (
                <Link to="/driver-registration" className="block rounded px-2 py-2 text-slate-800 hover:bg-slate-100">
                  Join as Driver
                </Link>
              )}
              <a
                href={QUOTE_HREF}
                className="mt-3 block rounded-md bg-blue-700 px-4 py-2 text-center font-semibold text-white"
              >
                Get Instant Quote
              </a>
              <div className="mt-4 border-t border-slate-200 pt-4">
                {user ? (
                  <>
                    <p className="px-2 text-sm text-slate-700">Signed in as {user.username}</p>
                    <Link to="/account" className="mt-2 block rounded px-2 py-2 text-slate-800 hover:bg-slate-100">
                      Your account
                    </Link>
                    <Form method="post" action="/logout">
                      <button
                        type="submit"
                        className="mt-2 w-full rounded px-2 py-2 text-left text-red-700 hover:bg-red-50"
                      >
                        Log Out
                      </button>
                    </Form>
                  </>
                ) : (
                  <Link to="/signin" className="block rounded px-2 py-2 font-medium text-blue-700 hover:bg-blue-50">
                    Sign In
                  </Link>
                )}
              </div>
            </nav>
          </div>
        </details>
      </div>
    </header>
  );
}
