// The home page's content that comes from the domain's data rather than the page's code: the
// FAQ (its questions, the categories with their counts, the filter of `?faq=`) and the
// structured data (the business and every question). Built on the server, so the page's
// JavaScript carries none of that text.
import { FAQ_CATEGORIES, FAQS, faqCounts, filterFaqs, parseFaqFilter } from "~/domain/faq";
import { publicConfig } from "~/server/platform/env.server";
import { faqPageJsonLd, movingCompanyJsonLd } from "~/utils/structured-data";

const COUNTS = faqCounts();

export function homeContent(request: Request) {
  const active = parseFaqFilter(new URL(request.url).searchParams.get("faq"));
  return {
    faq: {
      active,
      categories: FAQ_CATEGORIES.map((category) => ({ ...category, count: COUNTS[category.id] })),
      items: filterFaqs(active),
    },
    // Search engines get every question, whatever the filter.
    structuredData: [movingCompanyJsonLd(publicConfig()), faqPageJsonLd(FAQS)],
  };
}
