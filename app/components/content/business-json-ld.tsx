import { movingCompanyJsonLd } from "~/utils/structured-data";
import { JsonLd } from "./json-ld";
import { usePublicConfig } from "./use-public-config";

/** The MovingCompany (LocalBusiness) structured data, optionally narrowed to one area. */
export function BusinessJsonLd(options: Parameters<typeof movingCompanyJsonLd>[1] = {}) {
  const config = usePublicConfig();
  return <JsonLd data={movingCompanyJsonLd(config, options)} />;
}
