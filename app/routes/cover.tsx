// /cover: "What is covered", in plain English (docs/PRICING.md v3): the limits of standard and
// extended cover, what is not covered, and how and when to claim. Linked from the quote forms,
// checkout, every booking document and the footer.
import type { MetaFunction } from "@remix-run/node";
import { CoverPage } from "~/components/content/cover-page";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";

export const handle: RouteHandle = { sharedRender: true };

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "What is covered",
    description:
      "Every {brand} move includes standard cover for your goods. Extended cover raises the limits to what your goods are worth. What is covered, what is not, and how to claim.",
    path: "/cover",
    matches,
  });

export default function Cover() {
  return <CoverPage />;
}
