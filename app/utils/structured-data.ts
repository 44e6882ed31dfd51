// schema.org structured data (JSON-LD) for search engines: the business, the FAQ and the
// breadcrumbs. Pure functions of the public configuration (and the site's rating), so tests can
// parse and check them.
import type { Faq } from "~/domain/faq";
import type { SiteRating } from "~/domain/ratings";
import { COVERAGE_REGIONS } from "~/domain/service-areas";
import type { PublicConfig } from "./config";
import type { JsonLd } from "./json-ld";
import { SHARE_IMAGE } from "./seo";

/** The payment methods the business accepts. */
export const PAYMENT_METHODS = ["Cash", "Credit Card", "Stripe", "PayPal"] as const;
const PRICE_RANGE = "££";

const absolute = (path: string, config: PublicConfig) => new URL(path, config.siteUrl).toString();

type AreaServed = { "@type": "City" | "AdministrativeArea"; name: string };

/** The regions we cover, with their cities, as schema.org places. */
export function coverageAreas(): AreaServed[] {
  return COVERAGE_REGIONS.flatMap((region) => [
    { "@type": "AdministrativeArea" as const, name: region.name === "North East" ? "North East England" : region.name },
    ...region.cities.filter((city) => city !== region.name).map((city) => ({ "@type": "City" as const, name: city })),
  ]);
}

/**
 * The business as a MovingCompany (a kind of LocalBusiness): contact details, price range and
 * payment methods from configuration, and its rating only when customers' real ratings give one
 * (`rating`, domain/ratings.ts). `areaServed` narrows it for a service page.
 */
export function movingCompanyJsonLd(
  config: PublicConfig,
  rating: SiteRating | null,
  options: { areaServed?: AreaServed[]; path?: string } = {},
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "MovingCompany",
    "@id": absolute("/#business", config),
    name: config.brandName,
    url: absolute(options.path ?? "/", config),
    logo: absolute("/favicon.svg", config),
    image: absolute(SHARE_IMAGE.path, config),
    description:
      "Man and van with instant fixed prices for house removals, office moves and furniture delivery by vetted, insured drivers.",
    telephone: config.supportPhone,
    email: config.supportEmail,
    priceRange: PRICE_RANGE,
    currenciesAccepted: "GBP",
    paymentAccepted: PAYMENT_METHODS.join(", "),
    address: {
      "@type": "PostalAddress",
      addressLocality: "Newcastle upon Tyne",
      addressRegion: "Tyne and Wear",
      addressCountry: "GB",
    },
    areaServed: options.areaServed ?? coverageAreas(),
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
      opens: "00:00",
      closes: "23:59",
    },
    ...(rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Number(rating.value),
            ratingCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function faqPageJsonLd(faqs: readonly Faq[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[], config: PublicConfig): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.path, config),
    })),
  };
}
