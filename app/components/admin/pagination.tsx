// Previous / next links for a server-paginated admin list; they keep the list's other query
// parameters (search, filters), so a page of results is a linkable URL.
import { Link, useLocation } from "@remix-run/react";
import { countOf } from "~/domain/plural";
import type { PageInfo } from "~/views/page-info";

/** `label` names many ("bookings", also the navigation's name), `one` names one ("booking"). */
export function Pagination({ info, label, one }: { info: PageInfo; label: string; one: string }) {
  const location = useLocation();
  if (info.pages <= 1) return <p className="mt-4 text-sm text-slate-600">{countOf(info.total, one, label)}</p>;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `${location.pathname}?${params}`;
  };
  const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <p className="text-slate-600">
        Page {info.page} of {info.pages} ({countOf(info.total, one, label)})
      </p>
      <div className="flex gap-2">
        {info.page > 1 ? (
          <Link to={hrefFor(info.page - 1)} className={link} rel="prev">
            Previous
          </Link>
        ) : null}
        {info.page < info.pages ? (
          <Link to={hrefFor(info.page + 1)} className={link} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
