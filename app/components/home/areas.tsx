import { Link } from "@remix-run/react";
import { COVERAGE_REGIONS } from "~/domain/service-areas";
import { HomeSection } from "./section";

export function AreasServed() {
  return (
    <HomeSection
      id="areas"
      title="Areas We Cover"
      intro="Local drivers across four regions of England, and moves between them."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {COVERAGE_REGIONS.map((region) => (
          <li key={region.id} className="rounded-lg border border-slate-200 p-6" data-testid={`region-${region.id}`}>
            <h3 className="text-lg font-semibold text-slate-900">{region.name}</h3>
            <ul className="mt-3 space-y-1 text-slate-700">
              {region.cities.map((city) => (
                <li key={city}>{city}</li>
              ))}
            </ul>
            {region.servicePage ? (
              <Link
                to={region.servicePage}
                className="mt-4 inline-block font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900"
              >
                {region.id === "london" ? "Our London services" : "Our Birmingham services"}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
