// The site's own "not found", for every role and in production and development alike: what was
// not found, why when the server said (a job that is no longer the driver's), and a way back.
import { Link, useLocation } from "@remix-run/react";

export function NotFound({ reason }: { reason?: string | null }) {
  const location = useLocation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-blue-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700">
        We couldn&apos;t find <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{location.pathname}</code>.
      </p>
      <p className="mt-2 text-slate-700" data-testid="not-found-reason">
        {reason || "The link may be mistyped, or the page may have moved."}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800">
          Return to Home
        </Link>
        <a
          href="/#quote"
          className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Get a Quote
        </a>
      </div>
    </div>
  );
}
