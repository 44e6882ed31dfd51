import { Link } from "@remix-run/react";
import { usePublicConfig, useSiteRating } from "~/components/content/use-public-config";
import { APPLICANT_PASS_RATE_PERCENT, INSURANCE_COVER_TEXT } from "~/domain/claims";
import { HomeSection } from "./section";

export function About() {
  const config = usePublicConfig();
  const rating = useSiteRating();
  const features: { title: string; text: string; href?: string }[] = [
    {
      title: "Fixed pricing",
      text: "The price you are quoted is the price you pay, with VAT included and no surprises on the day.",
    },
    {
      title: "Vetted drivers",
      text: `Only about ${APPLICANT_PASS_RATE_PERCENT}% of applicants pass our licence, insurance and vehicle checks.`,
    },
    {
      title: "Cover on every move",
      text: `Standard cover for your goods on every move, more if you need it, and drivers insured from ${INSURANCE_COVER_TEXT}.`,
      href: "/cover",
    },
    {
      title: "24/7 support",
      text: "Our team answers by phone, e-mail and live chat, day and night, moving day included.",
    },
  ];
  return (
    <HomeSection
      id="about"
      title={`About ${config.brandName}`}
      className="bg-slate-50"
      intro={`${config.brandName} connects you with independent, local man-and-van drivers for house removals, office moves and furniture delivery, at honest fixed prices.`}
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => (
          <div key={feature.title} className="rounded-lg bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-slate-700">{feature.text}</p>
            {feature.href ? (
              <Link to={feature.href} className="mt-2 inline-block font-semibold text-blue-700 underline">
                What is covered
              </Link>
            ) : null}
          </div>
        ))}
      </div>
      {rating ? (
        <p className="mt-8 text-lg font-semibold text-slate-900" data-testid="about-rating">
          <span aria-hidden="true" className="text-amber-700">
            ★{" "}
          </span>
          Rated {rating.value}/5 from {rating.count.toLocaleString("en-GB")} customer ratings of completed moves
        </p>
      ) : null}
    </HomeSection>
  );
}
