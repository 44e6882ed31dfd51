import { JsonLd } from "~/components/content/json-ld";
import { usePublicConfig, useSiteRating } from "~/components/content/use-public-config";
import { FAQS } from "~/domain/faq";
import { faqPageJsonLd, movingCompanyJsonLd } from "~/utils/structured-data";

/** The home page's structured data: the business and every question, whatever the FAQ's filter. */
export function HomeJsonLd() {
  const config = usePublicConfig();
  const rating = useSiteRating();
  return <JsonLd data={[movingCompanyJsonLd(config, rating), faqPageJsonLd(FAQS)]} />;
}
