// The layout shared by the city service pages: breadcrumb, headline,
// three benefit cards, the areas covered, optional services, and the way to a quote.
import { INSURANCE_COVER_TEXT } from "~/domain/claims";
import type { AreaGroup } from "~/domain/service-areas";
import { telHref } from "~/utils/config";
import { Breadcrumb } from "./breadcrumb";
import { BusinessJsonLd } from "./business-json-ld";
import { usePublicConfig, useSiteRating } from "./use-public-config";

export interface ServicePageProps {
  city: string;
  path: string;
  headline: string;
  intro: string;
  areaGroups: readonly AreaGroup[];
  services?: readonly { name: string; description: string }[];
}

export function ServicePage({ city, path, headline, intro, areaGroups, services }: ServicePageProps) {
  const config = usePublicConfig();
  const rating = useSiteRating();
  const benefits = [
    { title: "Same Day Service", text: `Book by the morning and move the same day, anywhere in ${city}.` },
    {
      title: "Fully Insured",
      text: `Every driver carries goods-in-transit and public liability cover from ${INSURANCE_COVER_TEXT}.`,
    },
    // A rating is stated only from customers' real ratings of completed moves (domain/ratings.ts).
    rating
      ? {
          title: `Rated ${rating.value}/5`,
          text: `By ${rating.count.toLocaleString("en-GB")} customers after their moves, for care, punctuality and fair prices.`,
        }
      : {
          title: "Rated After Every Move",
          text: "Every customer rates their driver once the move is done, and the best-rated drivers are offered jobs first.",
        },
  ];
  return (
    <div>
      <div className="bg-gradient-to-br from-blue-950 to-blue-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14">
          <div className="inline-block rounded bg-white px-3 py-1.5">
            <Breadcrumb
              crumbs={[
                { name: "Home", path: "/" },
                { name: `${city} Services`, path },
              ]}
            />
          </div>
          <h1 className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{headline}</h1>
          <p className="mt-4 max-w-2xl text-lg text-blue-50">{intro}</p>
          <div className="mt-8 flex flex-wrap gap-4">
            <a href="/#quote" className="rounded-md bg-white px-6 py-3 font-semibold text-blue-800 hover:bg-blue-50">
              Get Your Quote
            </a>
            <a
              href={telHref(config.supportPhone)}
              className="rounded-md border border-white px-6 py-3 font-semibold text-white hover:bg-blue-700"
            >
              Call {config.supportPhone}
            </a>
          </div>
        </div>
      </div>

      <section aria-labelledby="benefits-heading" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="benefits-heading" className="text-3xl font-bold text-slate-900">
          Why choose {config.brandName} in {city}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3" data-testid="benefits">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-lg border border-slate-200 p-6 shadow-sm">
              <h3 className="text-xl font-semibold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-slate-700">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {services ? (
        <section aria-labelledby="services-heading" className="bg-slate-50">
          <div className="mx-auto max-w-7xl px-4 py-14">
            <h2 id="services-heading" className="text-3xl font-bold text-slate-900">
              Our {city} services
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="services">
              {services.map((service) => (
                <li key={service.name} className="rounded-lg bg-white p-6 shadow-sm">
                  <h3 className="text-lg font-semibold text-slate-900">{service.name}</h3>
                  <p className="mt-2 text-slate-700">{service.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="areas-heading" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="areas-heading" className="text-3xl font-bold text-slate-900">
          Areas we cover in {city}
        </h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" data-testid="area-groups">
          {areaGroups.map((group) => (
            <div key={group.name} className="rounded-lg border border-slate-200 p-5">
              <h3 className="text-lg font-semibold text-slate-900">{group.name}</h3>
              <ul className="mt-3 space-y-1 text-slate-700">
                {group.areas.map((area) => (
                  <li key={area}>{area}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="quote-cta-heading" className="bg-blue-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center">
          <h2 id="quote-cta-heading" className="text-3xl font-bold">
            Moving in {city}?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-blue-50">
            Get a fixed price in under a minute, VAT included.
          </p>
          <a
            href="/#quote"
            className="mt-8 inline-block rounded-md bg-white px-6 py-3 font-semibold text-blue-800 hover:bg-blue-50"
          >
            Get Your Quote
          </a>
        </div>
      </section>

      <BusinessJsonLd path={path} areaServed={[{ "@type": "City", name: city }]} />
    </div>
  );
}
