// The home page's FAQ, from the domain's data rather than the page's code (its questions, the
// categories with their counts, the filter of `?faq=`): built on the server, so the page's
// JavaScript carries none of that text. (The structured data is HTML only: HomeJsonLd.)
import { FAQ_CATEGORIES, faqCounts, filterFaqs, parseFaqFilter } from "~/domain/faq";

const COUNTS = faqCounts();

export function homeContent(request: Request) {
  const active = parseFaqFilter(new URL(request.url).searchParams.get("faq"));
  return {
    faq: {
      active,
      categories: FAQ_CATEGORIES.map((category) => ({ ...category, count: COUNTS[category.id] })),
      items: filterFaqs(active),
    },
  };
}
