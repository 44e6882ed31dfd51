import { movingCompanyJsonLd } from "~/utils/structured-data";
import { JsonLd } from "./json-ld";
import { usePublicConfig, useSiteRating } from "./use-public-config";

/** The MovingCompany (LocalBusiness) structured data, optionally narrowed to one area. */
export function BusinessJsonLd(options: Parameters<typeof movingCompanyJsonLd>[2] = {}) {
  const config = usePublicConfig();
  const rating = useSiteRating();
  return <JsonLd data={movingCompanyJsonLd(config, rating, options)} />;
}
