import { Link } from "@remix-run/react";
import { breadcrumbJsonLd, type Crumb } from "~/utils/structured-data";
import { JsonLd } from "./json-ld";
import { usePublicConfig } from "./use-public-config";

/** A visible breadcrumb trail with its BreadcrumbList structured data. The last crumb is this page. */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  const config = usePublicConfig();
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-slate-700">
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return (
              <li key={crumb.path} className="flex items-center gap-1">
                {index > 0 ? (
                  <span aria-hidden="true" className="text-slate-500">
                    /
                  </span>
                ) : null}
                {last ? (
                  <span aria-current="page" className="font-medium text-slate-900">
                    {crumb.name}
                  </span>
                ) : (
                  <Link to={crumb.path} className="text-blue-700 underline-offset-2 hover:underline">
                    {crumb.name}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <JsonLd data={breadcrumbJsonLd(crumbs, config)} />
    </>
  );
}
