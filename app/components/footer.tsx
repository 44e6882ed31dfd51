import { Link } from "@remix-run/react";
import { telHref, type PublicConfig } from "~/utils/config";
import { Logo } from "./logo";

const QUICK_LINKS = [
  { label: "Get a Quote", href: "/#quote" },
  { label: "Price Calculator", href: "/calculator" },
  { label: "Distance Calculator", href: "/distance-calculator" },
  { label: "Join as Driver", href: "/driver-registration" },
  { label: "For Business", href: "/business" },
  { label: "London Services", href: "/london-services" },
  { label: "Birmingham Services", href: "/birmingham-services" },
];

const HELP_LINKS = [
  { label: "FAQ", href: "/#faq" },
  { label: "Track a Booking", href: "/booking-tracker" },
  { label: "My Bookings", href: "/bookings" },
  { label: "What Is Covered", href: "/cover" },
  { label: "Terms and Conditions", href: "/terms-and-conditions" },
  { label: "Accessibility", href: "/accessibility" },
  { label: "Payment Settings", href: "/stripe-config" },
];

function LinkList({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-300">{title}</h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.href}>
            {link.href.includes("#") ? (
              <a href={link.href} className="text-slate-200 hover:text-white hover:underline">
                {link.label}
              </a>
            ) : (
              <Link to={link.href} className="text-slate-200 hover:text-white hover:underline">
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer({ config }: { config: PublicConfig }) {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="rounded-md bg-white p-2 inline-block">
            <Logo brandName={config.brandName} />
          </div>
          <p className="mt-4 text-sm text-slate-300">
            Fixed-price man and van for house moves, office moves and furniture delivery across London, Essex, the North
            East and the West Midlands.
          </p>
        </div>
        <LinkList title="Quick links" links={QUICK_LINKS} />
        <LinkList title="Help" links={HELP_LINKS} />
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-300">Contact</h2>
          <address className="space-y-2 not-italic">
            <p>
              <a href={telHref(config.supportPhone)} className="text-slate-200 hover:text-white hover:underline">
                {config.supportPhone}
              </a>
            </p>
            <p>
              <a href={`mailto:${config.supportEmail}`} className="text-slate-200 hover:text-white hover:underline">
                {config.supportEmail}
              </a>
            </p>
            <p>Newcastle upon Tyne, United Kingdom</p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto max-w-7xl space-y-2 px-4 py-6 text-xs text-slate-300">
          <p data-testid="liability">
            {config.brandName} is a platform connecting customers with independent service providers. Every move
            includes cover for your goods:{" "}
            <Link to="/cover" className="text-slate-200 underline hover:text-white">
              what is covered
            </Link>
            .
          </p>
          <p>
            © {new Date().getFullYear()} {config.brandName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
